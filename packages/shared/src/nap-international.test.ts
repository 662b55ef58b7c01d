import { describe, expect, test } from 'vitest'
import { addressLine } from './address-format.js'
import { compareNap, formatAddress, normalizeAddress, normalizePhone } from './nap.js'

// Each country's profile, a listing that writes it differently (a match) and one that differs.
const COUNTRIES = [
  {
    country: 'US',
    profile: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    phone: '(512) 555-0100',
    same: { address: '100 Congress Avenue, Austin, Texas 78701-2040', phone: '+1 512-555-0100' },
    other: { address: '100 Congress St, Austin, TX 78701', phone: '(512) 555-0199' },
  },
  {
    country: 'CA',
    profile: { address: '290 Bremner Boulevard', city: 'Toronto', state: 'ON', zip: 'M5V 3L9' },
    phone: '(416) 555-0100',
    same: { address: '290 Bremner Blvd., Toronto, Ontario M5V3L9, Canada', phone: '416.555.0100' },
    other: { address: '290 Bremner Blvd, Toronto, ON M5V 3L8', phone: '(416) 555-0101' },
  },
  {
    country: 'GB',
    profile: { address: '10 Downing Street', city: 'London', state: '', zip: 'SW1A 2AA' },
    phone: '020 7946 0958',
    same: { address: '10 Downing St., LONDON SW1A2AA, United Kingdom', phone: '+44 20 7946 0958' },
    other: { address: '11 Downing Street, London, SW1A 2AA', phone: '020 7946 0959' },
  },
  {
    country: 'AU',
    profile: { address: '1 Macquarie Street', city: 'Sydney', state: 'NSW', zip: '2000' },
    phone: '(02) 9374 4000',
    same: { address: '1 Macquarie St, Sydney New South Wales 2000', phone: '+61 2 9374 4000' },
    other: { address: '1 Macquarie Street, Sydney NSW 2001', phone: '(02) 9374 4001' },
  },
  {
    country: 'DE',
    profile: { address: 'Friedrichstraße 43', city: 'Berlin', state: '', zip: '10117' },
    phone: '030 12345678',
    same: { address: 'Friedrichstr. 43, Berlin, 10117 Deutschland', phone: '+49 30 12345678' },
    other: { address: 'Friedrichstraße 45, 10117 Berlin', phone: '030 12345679' },
  },
  {
    country: 'FR',
    profile: { address: '12 Boulevard Saint-Michel', city: 'Paris', state: '', zip: '75005' },
    phone: '01 42 68 53 00',
    same: { address: '12 bd St Michel, 75005 PARIS', phone: '+33 1 42 68 53 00' },
    other: { address: '12 Boulevard Saint-Germain, 75005 Paris', phone: '01 42 68 53 01' },
  },
]

describe.each(COUNTRIES)('NAP in $country', (c) => {
  const profile = {
    name: 'Corner Bakery',
    address: formatAddress({ ...c.profile, country: c.country }),
    phone: c.phone,
  }

  test('the same place and number written the local way match', () => {
    const listed = { name: 'The Corner Bakery', ...c.same }
    expect(compareNap(listed, profile, 'Yelp', c.country)).toEqual([])
  })

  test('another address and another number are both named', () => {
    const listed = { name: 'Corner Bakery', ...c.other }
    expect(compareNap(listed, profile, 'Yelp', c.country).map((d) => d.field)).toEqual([
      'address',
      'phone',
    ])
  })
})

describe('addresses and phones outside the US', () => {
  test('each country writes its one line in its own order', () => {
    const line = (country: string, state = '') =>
      formatAddress({ address: '1 Main', city: 'Town', state, zip: 'Z1', country })
    expect(line('US', 'TX')).toBe('1 Main, Town, TX Z1')
    expect(line('CA', 'ON')).toBe('1 Main, Town, ON Z1')
    expect(line('GB')).toBe('1 Main, Town, Z1')
    expect(line('DE')).toBe('1 Main, Z1 Town')
    expect(line('FR', 'Île-de-France')).toBe('1 Main, Z1 Town, Île-de-France')
  })

  test('a displayed line names the country outside the US', () => {
    const place = { address: '1 Main', city: 'Town', state: '', zip: 'Z1' }
    expect(addressLine({ ...place, country: 'GB' })).toBe('1 Main, Town, Z1, United Kingdom')
    expect(addressLine({ ...place, state: 'TX', country: 'US' })).toBe('1 Main, Town, TX Z1')
  })

  test('street words keep their order, so a street can be found in a page’s text', () => {
    expect(normalizeAddress('Friedrichstraße 43', 'DE')).toBe('friedrich str 43')
    expect(normalizeAddress('Friedrich-Str. 43', 'DE')).toBe('friedrich str 43')
    expect(normalizeAddress('12 Boulevard Saint-Michel', 'FR')).toBe('12 bd st michel')
    expect(normalizeAddress('10 Downing Street, SW1A 2AA', 'GB')).toBe('10 downing st sw1a2aa')
  })

  test('a national number is read in the record’s country', () => {
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958')
    expect(normalizePhone('030 12345678', 'DE')).toBe('+493012345678')
    expect(normalizePhone('(512) 555-0100')).toBe('+15125550100')
  })
})
