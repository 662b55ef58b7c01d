// The owner's business as every /api request reads it: one query that PostgreSQL answers as JSON
// (issue 19 item 4, docs/decisions/019-compressed-assets-and-preloading.md "Pipelined reads"). It must
// give exactly what drizzle's own mapping of the same rows gives, on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm'
import { afterEach, expect, test } from 'vitest'
import { emptyBusiness } from '@localseo/shared/business'
import { businesses, locations } from '../db/schema/business.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { apiCaller } from '../testing/api.js'
import { signUp } from '../testing/auth.js'
import { businessInput, locationInput } from '../testing/factories.js'
import { getBusinessById, getMemberBusiness, tenantOf } from './tenant.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function ownerWithBusiness() {
  const app = await createTestApp()
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = apiCaller(app.app, () => owner.accessToken)
  return { app, owner, call }
}

test('the business read as JSON equals drizzle’s reading of the same rows, texts and numbers exact', async () => {
  const { app, owner, call } = await ownerWithBusiness()
  await call('PUT', '/api/business', {
    ...businessInput,
    name: 'Smile "Bright" \\ Dental 😁',
    services: ['Teeth whitening', 'Root canals, "same day"', 'Ünïcödé'],
  })
  for (const name of ['North', 'South', 'East']) {
    expect((await call('POST', '/api/business/locations', locationInput(name))).status).toBe(201)
  }
  // Doubles that a lossy decimal form would change, and a location without any.
  await app.db
    .update(businesses)
    .set({ lat: Math.PI * 9, lng: -Math.E * 36, placeId: 'ChIJ-main' })
    .where(eq(businesses.userId, owner.userId))
  await app.db
    .update(locations)
    .set({ lat: 0.1 + 0.2, lng: -1e-7, pageUrl: 'https://example.com/north?a=1&b="2"' })
    .where(eq(locations.name, 'North'))

  const { business, dashboardVersion } = await getMemberBusiness({
    db: app.db,
    userId: owner.userId,
    businessId: null,
  })

  expect(business).toEqual(await getBusinessById(app.db, business.id))
  expect(business.name).toBe('Smile "Bright" \\ Dental 😁')
  expect(business.services).toEqual(['Teeth whitening', 'Root canals, "same day"', 'Ünïcödé'])
  expect([business.lat, business.lng]).toEqual([Math.PI * 9, -Math.E * 36])
  expect(business.locations.map((l) => l.name)).toEqual(['North', 'South', 'East'])
  const [north, south] = business.locations
  expect([north?.lat, north?.lng, north?.pageUrl]).toEqual([
    0.1 + 0.2,
    -1e-7,
    'https://example.com/north?a=1&b="2"',
  ])
  expect([south?.lat, south?.lng]).toEqual([null, null])
  expect(typeof dashboardVersion).toBe('number')
  // The API answers what the query read.
  expect((await call('GET', '/api/business')).body).toEqual({ business })
})

test('a business without locations has an empty list, and an owner without one the empty business', async () => {
  const { app, owner, call } = await ownerWithBusiness()
  expect(await getMemberBusiness({ db: app.db, userId: owner.userId, businessId: null })).toEqual({
    business: emptyBusiness,
    dashboardVersion: null,
    role: null,
  })

  await call('PUT', '/api/business', businessInput)
  const { business } = await getMemberBusiness({
    db: app.db,
    userId: owner.userId,
    businessId: null,
  })
  expect(business.locations).toEqual([])
  expect(business).toEqual(await getBusinessById(app.db, business.id))
})

test('a request reads the business once, whichever questions its handler asks; forget() reads again', async () => {
  const { app, owner, call } = await ownerWithBusiness()
  const none = tenantOf(app.db, owner.userId)
  await expect(none.businessId()).rejects.toMatchObject({ code: 'not_found' })
  await expect(none.named()).rejects.toMatchObject({ code: 'not_found' })
  expect(await none.business()).toEqual(emptyBusiness)

  await call('PUT', '/api/business', businessInput)
  const other = await signUp(app.app, { email: 'other@example.com' })
  await apiCaller(app.app, () => other.accessToken)('PUT', '/api/business', businessInput)
  const theirs = await apiCaller(app.app, () => other.accessToken)<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Theirs'),
  )
  const theirLocation = theirs.body.locations[0]!.id

  const tenant = tenantOf(app.db, owner.userId)
  const named = await tenant.named()
  // Changed behind the request's back: the request keeps what it read first.
  await app.db.update(businesses).set({ name: 'Renamed' }).where(eq(businesses.id, named.id))
  expect(await tenant.businessId()).toBe(named.id)
  expect((await tenant.scope('main')).business.name).toBe(businessInput.name)
  expect((await tenant.read()).business.name).toBe(businessInput.name)
  // Another owner's location is a 404, never the main business.
  await expect(tenant.scope(theirLocation)).rejects.toMatchObject({ code: 'not_found' })
  tenant.forget()
  expect((await tenant.named()).name).toBe('Renamed')
})
