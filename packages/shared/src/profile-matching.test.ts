import { describe, expect, test } from 'vitest'
import {
  matchScore,
  suggestLinks,
  SUGGEST_AT,
  type OurPlace,
  type TheirPlace,
} from './profile-matching.js'

const main: OurPlace = {
  id: 'main',
  label: 'Lone Star Plumbing (Main)',
  name: 'Lone Star Plumbing',
  address: '1200 Congress Avenue',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '(512) 555-0100',
}
const roundRock: OurPlace = {
  ...main,
  id: 'loc-rr',
  label: 'Round Rock',
  name: 'Lone Star Plumbing Round Rock',
  address: '400 E Main St',
  city: 'Round Rock',
  zip: '78664',
  phone: '(512) 555-0142',
}

const profile = (over: Partial<TheirPlace>): TheirPlace => ({
  name: 'locations/1',
  title: 'Lone Star Plumbing',
  addressLines: ['1200 Congress Ave'],
  locality: 'Austin',
  postalCode: '78701',
  regionCode: 'US',
  phone: '+1 512-555-0100',
  ...over,
})

describe('matchScore', () => {
  test('the same name, address and phone written differently score 100 with each part matched', () => {
    expect(matchScore(main, profile({ title: 'Lone Star Plumbing, LLC' }))).toEqual({
      score: 100,
      matched: ['name', 'address', 'phone'],
    })
  })

  test('another branch of the same business shares words of the name but not its address or phone', () => {
    const { score, matched } = matchScore(
      main,
      profile({
        title: 'Lone Star Plumbing Round Rock',
        addressLines: ['400 East Main Street'],
        locality: 'Round Rock',
        postalCode: '78664',
        phone: '(512) 555-0142',
      }),
    )
    expect(matched).toEqual([])
    expect(score).toBeLessThan(SUGGEST_AT)
  })

  test('a UK dentist matches with the postcode spaced or not and the number written nationally', () => {
    const bristol: OurPlace = {
      id: 'main',
      label: 'Clifton Dental (Main)',
      name: 'Clifton Dental',
      address: '12 Whiteladies Road',
      city: 'Bristol',
      state: '',
      zip: 'BS8 2LG',
      country: 'GB',
      phone: '0117 496 0123',
    }
    const theirs = profile({
      title: 'Clifton Dental Practice',
      addressLines: ['12 Whiteladies Road', 'Clifton'],
      locality: 'Bristol',
      postalCode: 'bs82lg',
      regionCode: 'GB',
      phone: '+44 117 496 0123',
    })
    const { score, matched } = matchScore(bristol, theirs)
    expect(matched).toEqual(['address', 'phone'])
    expect(score).toBeGreaterThanOrEqual(SUGGEST_AT)
  })

  test("a district or suite on Google's second address line still matches our street", () => {
    const theirs = profile({ addressLines: ['1200 Congress Ave', 'Suite 300'] })
    expect(matchScore(main, theirs).matched).toContain('address')
    const withSuite = { ...main, address: '1200 Congress Ave, Suite 300' }
    expect(matchScore(withSuite, theirs).matched).toContain('address')
  })

  test('empty fields of ours never count as a match', () => {
    const empty = { ...main, name: '', address: '', city: '', zip: '', phone: '' }
    expect(matchScore(empty, profile({}))).toEqual({ score: 0, matched: [] })
  })
})

describe('suggestLinks', () => {
  const theirs = [
    profile({
      name: 'locations/rr',
      title: 'Lone Star Plumbing - Round Rock',
      addressLines: ['400 E. Main Street'],
      locality: 'Round Rock',
      postalCode: '78664',
      phone: '512-555-0142',
    }),
    profile({ name: 'locations/main' }),
    profile({
      name: 'locations/other',
      title: 'Hill Country Roofing',
      addressLines: ['9 Elm St'],
      locality: 'Dallas',
      postalCode: '75201',
      phone: '(214) 555-0100',
    }),
  ]

  test('each of our locations gets its own best match, and an unrelated profile none', () => {
    const suggestions = suggestLinks([main, roundRock], theirs)
    expect(suggestions.get('main')?.googleLocation).toBe('locations/main')
    expect(suggestions.get('loc-rr')?.googleLocation).toBe('locations/rr')
    expect([...suggestions.values()].map((s) => s.googleLocation)).not.toContain('locations/other')
  })

  test('a profile location is suggested once, to the location it matches best', () => {
    const twin = { ...main, id: 'loc-twin', label: 'Twin', phone: '' }
    const suggestions = suggestLinks([twin, main], [profile({ name: 'locations/main' })])
    expect(suggestions.get('main')?.googleLocation).toBe('locations/main')
    expect(suggestions.has('loc-twin')).toBe(false)
  })

  test('nothing above the bar: no suggestion', () => {
    expect(suggestLinks([main], [theirs[2]!]).size).toBe(0)
  })
})
