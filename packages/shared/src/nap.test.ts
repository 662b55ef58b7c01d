import { describe, expect, test } from 'vitest'
import {
  compareNap,
  formatAddress,
  normalizeAddress,
  normalizeName,
  normalizePhone,
} from './nap.js'

describe('names', () => {
  test.each([
    ['Bright Smile Dental', 'bright smile dental', true],
    ['Bright Smile Dental, LLC', 'Bright Smile Dental', true],
    ['Bright Smile Dental Inc.', 'BRIGHT SMILE DENTAL', true],
    ['The Corner Bakery', 'Corner Bakery', true],
    ["Joe's Pizza", 'Joes Pizza', true],
    ['Smith & Sons Plumbing', 'Smith and Sons Plumbing', true],
    ['Lone Star Law, PLLC', 'Lone Star Law', true],
    ['Acme Co.', 'Acme Company', true],
    ['Bright Smile Dental', 'Bright Smile Dentistry', false],
    ['Bright Smile Dental', 'Bright Smile Dental Austin', false],
    ['Corner Bakery', 'Corner Café', false],
  ])('%s vs %s match: %s', (a, b, same) => {
    expect(normalizeName(a) === normalizeName(b)).toBe(same)
  })
})

describe('addresses', () => {
  test('words that are members of every object stay words (issue 14)', () => {
    expect(normalizeAddress('1 Constructor Tostring Way')).toBe('1 constructor tostring way')
    expect(normalizeAddress('12 Valueof Street')).toBe('12 valueof st')
  })

  test.each([
    ['100 Congress Ave, Austin, TX 78701', '100 Congress Avenue, Austin, Texas 78701', true],
    ['100 Congress Ave, Austin, TX 78701', '100 congress ave austin tx 78701-1234', true],
    [
      '100 Congress Ave Suite 200, Austin, TX 78701',
      '100 Congress Ave Ste. 200, Austin, TX 78701',
      true,
    ],
    ['100 Congress Ave #200, Austin, TX 78701', '100 Congress Ave Ste 200, Austin, TX 78701', true],
    ['500 N Lamar Blvd, Austin, TX 78703', '500 North Lamar Boulevard, Austin, TX 78703', true],
    ['12 W 4th St, New York, NY 10012', '12 West 4th Street, New York, New York 10012', true],
    ['9 Elm Street, Raleigh, North Carolina 27601', '9 Elm St, Raleigh, NC 27601', true],
    ['77 SE Main Dr, Portland, OR 97214', '77 Southeast Main Drive, Portland, Oregon 97214', true],
    [
      '1 Apple Park Way, Cupertino, CA 95014',
      '1 Apple Park Way, Cupertino, California 95014',
      true,
    ],
    ['100 Congress Ave, Austin, TX 78701', '101 Congress Ave, Austin, TX 78701', false],
    ['100 Congress Ave, Austin, TX 78701', '100 Congress Ave, Austin, TX 78702', false],
    [
      '100 Congress Ave Suite 200, Austin, TX 78701',
      '100 Congress Ave Suite 210, Austin, TX 78701',
      false,
    ],
    ['100 Congress Ave, Austin, TX 78701', '100 Congress Ave, Round Rock, TX 78701', false],
    ['500 N Lamar Blvd, Austin, TX 78703', '500 S Lamar Blvd, Austin, TX 78703', false],
    ['100 Congress Ave, Austin, TX 78701', '100 Congress St, Austin, TX 78701', false],
  ])('%s vs %s match: %s', (a, b, same) => {
    expect(normalizeAddress(a) === normalizeAddress(b)).toBe(same)
  })
})

describe('phones', () => {
  test.each([
    ['(512) 555-0100', '512-555-0100', true],
    ['(512) 555-0100', '+1 512 555 0100', true],
    ['512.555.0100', '1 (512) 555-0100', true],
    ['(512) 555-0100', '(512) 555-0199', false],
    ['(512) 555-0100', '(737) 555-0100', false],
  ])('%s vs %s match: %s', (a, b, same) => {
    expect(normalizePhone(a) === normalizePhone(b)).toBe(same)
  })

  test('phones compare in E.164 form', () => {
    expect(normalizePhone('(512) 555-0100')).toBe('+15125550100')
  })
})

describe('compareNap', () => {
  const profile = {
    name: 'Bright Smile Dental',
    address: formatAddress({
      address: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    }),
    phone: '(512) 555-0100',
  }

  test('the same business written differently has no differences', () => {
    expect(
      compareNap(
        {
          name: 'Bright Smile Dental, LLC',
          address: '100 Congress Avenue, Austin, Texas 78701-2040',
          phone: '512-555-0100',
        },
        profile,
        'Yelp',
      ),
    ).toEqual([])
  })

  test('each difference is named in words with both values and the platform', () => {
    const differences = compareNap({ ...profile, phone: '(512) 555-0199' }, profile, 'Yelp')
    expect(differences.map((d) => d.message)).toEqual([
      'Phone differs: (512) 555-0199 on Yelp vs (512) 555-0100 in your profile',
    ])
  })

  test('a field the platform leaves empty is reported as missing', () => {
    const differences = compareNap({ ...profile, phone: '' }, profile, 'Bing Places')
    expect(differences.map((d) => d.message)).toEqual([
      'Phone missing on Bing Places: your profile has (512) 555-0100',
    ])
  })

  test('formatAddress writes one line as directories do', () => {
    expect(profile.address).toBe('100 Congress Ave, Austin, TX 78701')
  })
})
