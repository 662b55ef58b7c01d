import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { listingsViewSchema, type ListingsView } from '@localseo/shared/listings'
import { activities } from '../../db/schema/activities.js'
import { listingRecords } from '../../db/schema/listings.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { expectShape } from '../../testing/contract.js'
import { businessInput, locationInput } from '../../testing/factories.js'

let t: TestApp
let token: string
let locationId: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

const call = (method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<ListingsView & { error?: { code: string; message: string } }>(
    method,
    path,
    body,
    bearer,
  )

const yelp = {
  platform: 'Yelp',
  url: 'https://www.yelp.com/biz/bright-smile-dental-austin',
  status: 'claimed',
  name: 'Bright Smile Dental, LLC',
  address: '100 Congress Avenue, Austin, Texas 78701',
  phone: '512-555-0100',
}

async function setUp(bearer = token) {
  await call('PUT', '/api/business', businessInput, bearer)
  const res = await apiCaller(t.app, () => bearer)<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  return res.body.locations[0]!.id
}

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
  locationId = await setUp()
})
afterEach(() => t.close())

describe('GET /api/listings', () => {
  test('starts with sample data that warns about 3 platforms, or 4 for a location', async () => {
    const main = await call('GET', '/api/listings')
    expect(main.status).toBe(200)
    expectShape(listingsViewSchema, main.body)
    expect(main.body.inconsistentCount).toBe(3)
    expect(main.body.hasSampleData).toBe(true)
    const location = await call('GET', `/api/listings?location=${locationId}`)
    expect(location.body.inconsistentCount).toBe(4)
    expect(location.body.profile.address).toBe('5 Main St, Round Rock, TX 78664')
  })

  test('needs a business first', async () => {
    const other = await signUp(t.app, { email: 'new@example.com' })
    expect((await call('GET', '/api/listings', undefined, other.accessToken)).status).toBe(404)
  })
})

describe('recording what a platform shows', () => {
  test('the same NAP written differently is consistent; a different phone is named and counted', async () => {
    const consistent = await call('PUT', '/api/listings/records', yelp)
    expect(consistent.status).toBe(200)
    const entry = consistent.body.listings.find((l) => l.platform === 'Yelp')!
    expect(entry).toMatchObject({
      source: 'recorded',
      napConsistency: 'consistent',
      status: 'claimed',
    })

    const before = consistent.body.inconsistentCount
    const changed = await call('PUT', '/api/listings/records', { ...yelp, phone: '(512) 555-0199' })
    const after = changed.body.listings.find((l) => l.platform === 'Yelp')!
    expect(after.issues).toContain(
      'Phone differs: (512) 555-0199 on Yelp vs (512) 555-0100 in your profile',
    )
    expect(changed.body.inconsistentCount).toBe(before + 1)
    expect(await t.db.select().from(listingRecords)).toHaveLength(1)
  })

  test('records are kept per location and written to the activity log', async () => {
    await call('PUT', '/api/listings/records', { ...yelp, location: locationId })
    const main = await call('GET', '/api/listings')
    expect(main.body.listings.find((l) => l.platform === 'Yelp')?.source).toBe('sample')
    const branch = await call('GET', `/api/listings?location=${locationId}`)
    expect(branch.body.listings.find((l) => l.platform === 'Yelp')?.source).toBe('recorded')
    const log = await t.db.select().from(activities)
    expect(log.map((a) => a.message)).toContain('Listing details recorded for Yelp')
  })

  test('forgetting a record brings the sample back', async () => {
    await call('PUT', '/api/listings/records', yelp)
    const res = await call('DELETE', '/api/listings/records?platform=Yelp')
    expect(res.body.listings.find((l) => l.platform === 'Yelp')?.source).toBe('sample')
    expect((await call('DELETE', '/api/listings/records?platform=Yelp')).status).toBe(404)
  })

  test('bad input is refused and nothing is written', async () => {
    expect(
      (await call('PUT', '/api/listings/records', { ...yelp, url: 'javascript:alert(1)' })).status,
    ).toBe(422)
    expect((await call('PUT', '/api/listings/records', { ...yelp, status: 'famous' })).status).toBe(
      422,
    )
    expect(
      (await call('PUT', '/api/listings/records', { ...yelp, platform: 'MySpace' })).status,
    ).toBe(404)
    expect(
      (await call('PUT', '/api/listings/records', { ...yelp, phone: 'x'.repeat(41) })).status,
    ).toBe(422)
    expect(await t.db.select().from(listingRecords)).toHaveLength(0)
  })
})

describe('tenant isolation', () => {
  test("another owner can neither read, record for, nor forget this owner's location listings", async () => {
    await call('PUT', '/api/listings/records', { ...yelp, location: locationId })
    const intruder = (await signUp(t.app, { email: 'intruder@example.com' })).accessToken
    await setUp(intruder)
    expect(
      (await call('GET', `/api/listings?location=${locationId}`, undefined, intruder)).status,
    ).toBe(404)
    const put = await call(
      'PUT',
      '/api/listings/records',
      { ...yelp, location: locationId, phone: '(512) 555-0000' },
      intruder,
    )
    expect(put.status).toBe(404)
    const del = await call(
      'DELETE',
      `/api/listings/records?platform=Yelp&location=${locationId}`,
      undefined,
      intruder,
    )
    expect(del.status).toBe(404)
    const rows = await t.db.select().from(listingRecords)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.phone).toBe('512-555-0100')
    // The intruder's own view never shows the owner's record.
    const own = await call('GET', '/api/listings', undefined, intruder)
    expect(own.body.listings.every((l) => l.source === 'sample')).toBe(true)
  })
})
