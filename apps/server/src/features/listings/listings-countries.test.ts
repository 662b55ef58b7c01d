// Listings of a business outside the US are compared in its country (issue 21 item 2): a Canadian
// business and its German branch, each recorded as a directory writes it.
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { Location } from '@localseo/shared/business'
import type { ListingsView } from '@localseo/shared/listings'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { berlinAddress, businessInput } from '../../testing/factories.js'

let t: TestApp
let token: string
const call = <T = ListingsView>(method: string, path: string, body?: unknown) =>
  apiCaller(t.app, () => token)<T>(method, path, body)

beforeEach(async () => {
  t = await createTestApp()
  token = (await signUp(t.app, { email: 'owner@example.ca' })).accessToken
  await call('PUT', '/api/business', {
    ...businessInput,
    address: '290 Bremner Boulevard',
    city: 'Toronto',
    state: 'ON',
    zip: 'M5V 3L9',
    country: 'CA',
    phone: '(416) 555-0100',
  })
})
afterEach(() => t.close())

const yelpOf = (view: ListingsView) => view.listings.find((l) => l.platform === 'Yelp')!

test('a Canadian listing written the local way is consistent; another postal code is named', async () => {
  const yelp = {
    platform: 'Yelp',
    url: 'https://www.yelp.ca/biz/bright-smile-dental-toronto',
    status: 'claimed',
    name: 'Bright Smile Dental Inc.',
    address: '290 Bremner Blvd., Toronto, Ontario M5V3L9',
    phone: '+1 416-555-0100',
  }
  const same = await call('PUT', '/api/listings/records', yelp)
  expect(yelpOf(same.body)).toMatchObject({ napConsistency: 'consistent', issues: [] })
  const moved = await call('PUT', '/api/listings/records', {
    ...yelp,
    address: '290 Bremner Blvd, Toronto, ON M5V 3L8',
  })
  expect(yelpOf(moved.body).issues).toEqual([
    'Address differs: 290 Bremner Blvd, Toronto, ON M5V 3L8 on Yelp vs 290 Bremner Boulevard, Toronto, ON M5V 3L9 in your profile',
  ])
})

test('a German branch is compared in Germany: its national number and its street', async () => {
  const added = await call<{ locations: Location[] }>('POST', '/api/business/locations', {
    name: 'Berlin',
    ...berlinAddress,
  })
  const location = added.body.locations[0]!.id
  const yelp = {
    platform: 'Yelp',
    url: 'https://www.yelp.de/biz/bright-smile-dental-berlin',
    status: 'claimed',
    name: 'Bright Smile Dental',
    address: 'Friedrichstr. 43, Berlin 10117, Deutschland',
    phone: '+49 30 12345678',
    location,
  }
  const same = await call('PUT', '/api/listings/records', yelp)
  expect(yelpOf(same.body)).toMatchObject({ napConsistency: 'consistent', issues: [] })
  const other = await call('PUT', '/api/listings/records', { ...yelp, phone: '030 12345679' })
  expect(yelpOf(other.body).issues).toEqual([
    'Phone differs: 030 12345679 on Yelp vs 030 12345678 in your profile',
  ])
})

test("each place lists its own country's directories: Canada411 for Toronto, Gelbe Seiten for the Berlin branch (issue 32 item 6)", async () => {
  const toronto = await call('GET', '/api/listings')
  const citations = toronto.body.citations.map((c) => c.platform)
  expect(citations).toEqual(expect.arrayContaining(['Yellow Pages Canada', 'Canada411', 'RateMDs']))
  for (const us of ['Yellow Pages', 'BBB', 'Angi', 'Healthgrades'])
    expect(citations).not.toContain(us)

  const added = await call<{ locations: Location[] }>('POST', '/api/business/locations', {
    name: 'Berlin',
    ...berlinAddress,
  })
  const location = added.body.locations[0]!.id
  const berlin = await call('GET', `/api/listings?location=${location}`)
  expect(berlin.body.citations.map((c) => c.platform)).toEqual(
    expect.arrayContaining(['Gelbe Seiten', 'Das Örtliche', 'jameda']),
  )
  // Recording is checked against the place's own platforms.
  const record = { platform: 'Gelbe Seiten', name: 'Bright Smile Dental', location }
  expect((await call('PUT', '/api/listings/records', record)).status).toBe(200)
  const american = await call('PUT', '/api/listings/records', { ...record, platform: 'Angi' })
  expect(american.status).toBe(404)
  expect(
    (await call('PUT', '/api/listings/records', { ...record, location: undefined })).status,
  ).toBe(404)
})
