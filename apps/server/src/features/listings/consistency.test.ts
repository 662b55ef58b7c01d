// Listing consistency after a profile change (issue 16 item 4): two comparisons running at once (two
// saves of the profile a moment apart, or two instances) tell the owner about a listing once.
import { eq } from 'drizzle-orm'
import { afterEach, expect, test } from 'vitest'
import type { Notification } from '@localseo/shared/alerts'
import type { ListingsView } from '@localseo/shared/listings'
import { businesses } from '../../db/schema/business.js'
import { listingRecords } from '../../db/schema/listings.js'
import { tenantOf } from '../../lib/tenant.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { refreshListingConsistency } from './consistency.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('two comparisons at once record one alert for a listing that stopped matching', async () => {
  const app = await createTestApp()
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = apiCaller(app.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  const { profile } = (await call<ListingsView>('GET', '/api/listings')).body
  const listing = { platform: 'Yelp', name: profile.name, address: profile.address }
  expect(
    (await call('PUT', '/api/listings/records', { ...listing, phone: profile.phone })).status,
  ).toBe(200)
  const [stored] = await app.db.select().from(listingRecords)
  expect(stored?.napMatches).toBe(true)

  // The phone changes under the listing; both comparisons start from the same stored rows.
  await app.db
    .update(businesses)
    .set({ phone: '(512) 555-0123' })
    .where(eq(businesses.userId, owner.userId))
  const business = await tenantOf(app.db, owner.userId).business()
  const now = app.deps.clock.now()
  const told = await Promise.all([
    refreshListingConsistency(app.db, business, { now, alert: true }),
    refreshListingConsistency(app.db, business, { now, alert: true }),
  ])

  expect(told.sort()).toEqual([0, 1])
  const { notifications } = (await call<{ notifications: Notification[] }>('GET', '/api/alerts'))
    .body
  expect(notifications.map((n) => n.kind)).toEqual(['listing_mismatch'])
  const [after] = await app.db.select().from(listingRecords)
  expect(after?.napMatches).toBe(false)
})
