// The alert topics an owner chooses in Settings (issue 16 item 4), and the listings alert: a listing
// that matched the profile and stops matching after the owner changes the profile or a location.
import { afterEach, describe, expect, test } from 'vitest'
import type { AlertPreferences } from '@localseo/shared/alert-preferences'
import type { Notification } from '@localseo/shared/alerts'
import type { ListingsView } from '@localseo/shared/listings'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp, type TestSession } from '../../testing/auth.js'
import { businessInput, locationInput } from '../../testing/factories.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const ALL_TOPICS = ['rankings', 'backlinks', 'site_audit', 'listings', 'reviews', 'competitors']

async function setUp() {
  const app = await createTestApp()
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const callAs =
    (who: TestSession) =>
    <T = unknown>(method: string, path: string, body?: unknown) =>
      apiCaller(app.app, () => who.accessToken)<T & { error?: { code: string; message: string } }>(
        method,
        path,
        body,
      )
  const call = callAs(owner)
  await call('PUT', '/api/business', businessInput)
  const alerts = async () =>
    (await call<{ notifications: Notification[] }>('GET', '/api/alerts')).body.notifications
  /** Records the platform's listing exactly as the profile shows it (or with `changes`). */
  const recordListing = async (
    platform: string,
    location?: string,
    changes: Record<string, string> = {},
  ) => {
    const query = location ? `?location=${location}` : ''
    const view = (await call<ListingsView>('GET', `/api/listings${query}`)).body
    const { name, address, phone } = view.profile
    const body = { platform, location, name, address, phone, ...changes }
    expect((await call('PUT', '/api/listings/records', body)).status).toBe(200)
  }
  return { app, call, callAs, alerts, recordListing }
}

describe('alert topics', () => {
  test('every topic is on until the owner turns some off; the choice is kept', async () => {
    const { call } = await setUp()
    expect((await call<AlertPreferences>('GET', '/api/alerts/preferences')).body).toEqual({
      topics: ALL_TOPICS,
    })
    const saved = await call<AlertPreferences>('PUT', '/api/alerts/preferences', {
      topics: ['listings', 'rankings'],
    })
    expect(saved.status).toBe(200)
    // Answered in the order Settings lists them.
    expect(saved.body).toEqual({ topics: ['rankings', 'listings'] })
    expect((await call<AlertPreferences>('GET', '/api/alerts/preferences')).body).toEqual({
      topics: ['rankings', 'listings'],
    })
    expect((await call('PUT', '/api/alerts/preferences', { topics: [] })).body).toEqual({
      topics: [],
    })
  })

  test.each([
    ['an unknown topic', { topics: ['weather'] }],
    ['a topic twice', { topics: ['rankings', 'rankings'] }],
    ['no list', {}],
    ['a list of the wrong type', { topics: 'rankings' }],
    ['an extra field', { topics: [], muted: ['rankings'] }],
  ])('%s is refused and changes nothing', async (_name, body) => {
    const { call } = await setUp()
    await call('PUT', '/api/alerts/preferences', { topics: ['backlinks'] })
    const refused = await call('PUT', '/api/alerts/preferences', body)
    expect(refused.status).toBe(422)
    expect(refused.body.error?.code).toBe('validation_failed')
    expect((await call<AlertPreferences>('GET', '/api/alerts/preferences')).body).toEqual({
      topics: ['backlinks'],
    })
  })

  test('another owner reads and changes only their own topics; without a business it is a 404', async () => {
    const { app, call, callAs } = await setUp()
    await call('PUT', '/api/alerts/preferences', { topics: ['backlinks'] })
    const stranger = callAs(await signUp(app.app, { email: 'stranger@example.com' }))
    expect((await stranger('GET', '/api/alerts/preferences')).status).toBe(404)
    expect((await stranger('PUT', '/api/alerts/preferences', { topics: [] })).status).toBe(404)
    await stranger('PUT', '/api/business', { ...businessInput, name: 'Other Dental' })
    expect((await stranger('GET', '/api/alerts/preferences')).body).toEqual({ topics: ALL_TOPICS })
    await stranger('PUT', '/api/alerts/preferences', { topics: [] })
    expect((await call<AlertPreferences>('GET', '/api/alerts/preferences')).body).toEqual({
      topics: ['backlinks'],
    })
  })
})

describe('a listing that stops matching the profile', () => {
  test('is an alert when the owner changes the phone number, naming what differs', async () => {
    const { call, alerts, recordListing } = await setUp()
    await recordListing('Yelp')
    await recordListing('Facebook', undefined, { phone: '(512) 555-0199' })
    expect(await alerts()).toEqual([])
    await call('PUT', '/api/business', { ...businessInput, phone: '(512) 555-0123' })
    const told = await alerts()
    // Yelp matched and no longer does; Facebook never matched, so it is not news.
    expect(told.map((n) => [n.kind, n.link])).toEqual([['listing_mismatch', '/listings']])
    expect(told[0]!.message).toMatch(/^Your Yelp listing no longer matches your profile: .*phone/i)
    // Saving the profile again tells nothing new: Yelp is already known not to match.
    await call('PUT', '/api/business', { ...businessInput, phone: '(512) 555-0123' })
    expect(await alerts()).toHaveLength(1)
  })

  test("is an alert for a location's listing when the location's address changes", async () => {
    const { call, alerts, recordListing } = await setUp()
    const created = await call<{ locations: { id: string; name: string }[] }>(
      'POST',
      '/api/business/locations',
      locationInput('North Austin'),
    )
    const location = created.body.locations.find((l) => l.name === 'North Austin')!
    await recordListing('Yelp', location.id)
    await recordListing('Yelp')
    await call('PATCH', `/api/business/locations/${location.id}`, { address: '9 Elm St' })
    const told = await alerts()
    expect(told).toHaveLength(1)
    expect(told[0]!.message).toMatch(/^Your Yelp listing for .*North Austin.* no longer matches/)
  })

  test('is not recorded when the owner turned listing alerts off', async () => {
    const { call, alerts, recordListing } = await setUp()
    await recordListing('Yelp')
    await call('PUT', '/api/alerts/preferences', { topics: ['rankings'] })
    await call('PUT', '/api/business', { ...businessInput, phone: '(512) 555-0123' })
    expect(await alerts()).toEqual([])
  })
})
