import { describe, expect, test } from 'vitest'
import { emptyBusiness, type Business } from './business.js'
import { buildListingsView, type ListingRecord } from './listings.js'
import { citationSources } from './local-places.js'

const business: Business = {
  ...emptyBusiness,
  id: 'b1',
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  locations: [
    {
      id: 'loc_1',
      businessId: 'b1',
      name: 'Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '(512) 555-0142',
      pageUrl: '',
    },
  ],
}

const today = '2026-03-10'
const record = (overrides: Partial<ListingRecord>): ListingRecord => ({
  platform: 'Yelp',
  url: 'https://www.yelp.com/biz/bright-smile-dental-austin',
  status: 'claimed',
  listed: true,
  name: 'Bright Smile Dental',
  address: '100 Congress Ave, Austin, TX 78701',
  phone: '(512) 555-0100',
  updatedOn: today,
  ...overrides,
})

describe('buildListingsView', () => {
  test('the sample reproduces the spec: 3 inconsistent platforms for the business, 4 for a location', () => {
    const main = buildListingsView({ business, records: [], today })
    const location = buildListingsView({ business, locationId: 'loc_1', records: [], today })
    expect(main.inconsistentCount).toBe(3)
    expect(location.inconsistentCount).toBe(4)
    expect(main.hasSampleData).toBe(true)
  })

  test('the sample is the same on every load', () => {
    expect(buildListingsView({ business, records: [], today })).toEqual(
      buildListingsView({ business, records: [], today }),
    )
  })

  test('five business listings and the category citations, Healthgrades for a dentist', () => {
    const view = buildListingsView({ business, records: [], today })
    expect(view.listings.map((l) => l.platform)).toEqual([
      'Google Business Profile',
      'Yelp',
      'Facebook',
      'Bing Places',
      'Apple Business Connect',
    ])
    expect(view.citations.map((c) => c.platform)).toContain('Healthgrades')
    expect(citationSources('Legal Services', 'US')).toContain('Avvo')
    expect(citationSources('Food & Restaurant', 'US')).toContain('TripAdvisor')
  })

  test('a Bristol dentist sees the UK directories and the NHS website, never a US one (issue 32 item 6)', () => {
    const bristol: Business = {
      ...business,
      address: '1 Park Street',
      city: 'Bristol',
      state: '',
      zip: 'BS1 5HS',
      country: 'GB',
      phone: '0117 496 0000',
      locations: [],
    }
    const view = buildListingsView({ business: bristol, records: [], today })
    const citations = view.citations.map((c) => c.platform)
    expect(citations).toEqual(expect.arrayContaining(['Yell', 'Thomson Local', 'Scoot']))
    expect(citations).toContain('NHS website (Find a service)')
    for (const us of ['Yellow Pages', 'BBB', 'Angi', 'Healthgrades', 'Nextdoor'])
      expect(citations).not.toContain(us)
    expect(view.citations.find((c) => c.platform === 'Yell')?.url).toBe(
      'https://business.yell.com/',
    )
    // The spec's sample warning holds in every country.
    expect(view.inconsistentCount).toBe(3)
  })

  test('a location abroad lists the directories of its own country', () => {
    const withBerlin: Business = {
      ...business,
      locations: [
        {
          ...business.locations[0]!,
          id: 'loc_b',
          city: 'Berlin',
          state: '',
          zip: '10115',
          country: 'DE',
          phone: '030 12345678',
        },
      ],
    }
    const berlin = buildListingsView({
      business: withBerlin,
      locationId: 'loc_b',
      records: [],
      today,
    })
    expect(berlin.citations.map((c) => c.platform)).toEqual(
      expect.arrayContaining(['Gelbe Seiten', 'Das Örtliche', 'jameda']),
    )
    expect(berlin.citations.map((c) => c.platform)).not.toContain('Healthgrades')
  })

  test('a location is compared against its own address and phone', () => {
    const view = buildListingsView({ business, locationId: 'loc_1', records: [], today })
    expect(view.profile).toMatchObject({
      label: 'Round Rock',
      name: 'Bright Smile Dental',
      address: '5 Main St, Round Rock, TX 78664',
      phone: '(512) 555-0142',
    })
  })

  test('a recorded listing with another phone is named and counted', () => {
    const records = citationsAndListingsConsistent()
    const before = buildListingsView({ business, records, today })
    expect(before.inconsistentCount).toBe(0)
    expect(before.hasSampleData).toBe(false)
    const after = buildListingsView({
      business,
      records: records.map((r) => (r.platform === 'Yelp' ? { ...r, phone: '(512) 555-0199' } : r)),
      today,
    })
    const yelp = after.listings.find((l) => l.platform === 'Yelp')!
    expect(yelp.source).toBe('recorded')
    expect(yelp.napConsistency).toBe('inconsistent')
    expect(yelp.issues).toContain(
      'Phone differs: (512) 555-0199 on Yelp vs (512) 555-0100 in your profile',
    )
    expect(after.inconsistentCount).toBe(1)
  })

  test('recording matching data for a platform fixes its sample inconsistency', () => {
    const sample = buildListingsView({ business, records: [], today })
    const bad = [...sample.listings, ...sample.citations].find(
      (e) => e.napConsistency === 'inconsistent',
    )!
    const view = buildListingsView({
      business,
      records: [record({ platform: bad.platform })],
      today,
    })
    expect(view.inconsistentCount).toBe(2)
  })

  test('a citation that is not listed has no NAP consistency', () => {
    const view = buildListingsView({
      business,
      records: [record({ platform: 'BBB', listed: false, phone: '' })],
      today,
    })
    expect(view.citations.find((c) => c.platform === 'BBB')).toMatchObject({
      listed: false,
      napConsistency: 'n/a',
      issues: [],
    })
  })

  test('an unclaimed listing carries an issue but is not a NAP inconsistency', () => {
    const records = citationsAndListingsConsistent().map((r) =>
      r.platform === 'Facebook' ? { ...r, status: 'unclaimed' as const } : r,
    )
    const view = buildListingsView({ business, records, today })
    const facebook = view.listings.find((l) => l.platform === 'Facebook')!
    expect(facebook.issues).toEqual(['Facebook listing is not claimed yet'])
    expect(facebook.napConsistency).toBe('consistent')
    expect(view.inconsistentCount).toBe(0)
  })
})

function citationsAndListingsConsistent(): ListingRecord[] {
  const view = buildListingsView({ business, records: [], today })
  return [...view.listings, ...view.citations].map((e) =>
    record({ platform: e.platform, status: e.kind === 'listing' ? 'verified' : null }),
  )
}
