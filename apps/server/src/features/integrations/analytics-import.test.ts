// Google Analytics 4 (issue 18 items 3 and 5) against the fake Google on 127.0.0.1: the owner picks a
// property from the account's list (the business's first); the import stores the last 28 days and
// the 28 before; the card reads the stored figures. A spent quota, a report cut short, a property
// without data and a revoked grant each say so and never replace good figures with zeros; each
// owner reaches only their own.
import type { AnalyticsProperties, AnalyticsStatus } from '@localseo/shared/analytics'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  analyticsBreakdowns,
  analyticsImports,
  analyticsTotals,
} from '../../db/schema/analytics.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { GA4_EMPTY_PROPERTY, GA4_PROPERTY } from '../../testing/fake-google-analytics.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { analyticsStatus } from './analytics-status.js'
import { runGoogleImports } from './google-imports.js'
import { GOOGLE_SCOPES } from './google-oauth.js'

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64')
const ROUTE = '/api/integrations/google/analytics'

let fake: FakeGoogle
let t: TestApp
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.grantScopes(undefined)
  fake.failAnalytics(200)
  fake.calls.length = 0
  fake.analyticsReports.length = 0
  t = await createTestApp({
    clock,
    env: { ...fake.env, SECRETS_KEY, SITE_URL: 'http://localhost:3000' },
    jobs: true,
  })
})
afterEach(() => t.close())

type Call = ReturnType<typeof apiCaller>

async function owner(email: string, options: { connect?: boolean; business?: boolean } = {}) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  if (options.business !== false) {
    const saved = await call<{ id: string }>('PUT', '/api/business', {
      ...businessInput,
      name: 'Sunrise Dental',
      website: 'https://www.sunrisedental.com',
    })
    expect(saved.status).toBe(200)
  }
  if (options.connect !== false) {
    expect(await connectGoogle(t.app, session.accessToken)).toBe('/settings?google=connected')
  }
  // The jobs the business sent (its sample keywords' first checks) are done before the test
  // begins: on PostgreSQL they wrote after a test's "changes nothing" snapshot.
  if (t.automation) await t.deps.jobs.whenIdle()
  return Object.assign(call, { token: session.accessToken })
}

const status = async (call: Call) => (await call<AnalyticsStatus>('GET', ROUTE)).body

/** What the card reads, past the app session's hour (the daily run's time). */
const storedStatus = (businessId: string) => analyticsStatus(t.db, true, businessId)

/** The first import is a job the pick sent: the card once the queue has run it. */
async function settled(call: Call): Promise<Extract<AnalyticsStatus, { status: 'property' }>> {
  await t.deps.jobs.whenIdle()
  const now = await status(call)
  if (now.status !== 'property') throw new Error(`no property: ${now.status}`)
  return now
}

async function picked(call: Call, property = GA4_PROPERTY) {
  const res = await call<AnalyticsStatus>('PUT', `${ROUTE}/property`, { property })
  expect(res.status).toBe(200)
  return settled(call)
}

const businessIdOf = async (call: Call) =>
  (await call<{ business: { id: string } }>('GET', '/api/business')).body.business.id

const reportCalls = () => fake.calls.filter((c) => c.endsWith(':runReport'))

const IMPORTED = {
  current: {
    activeUsers: 1842,
    newUsers: 1310,
    returningUsers: 604,
    sessions: 2675,
    pageViews: 6120,
  },
  previous: {
    activeUsers: 1655,
    newUsers: 1190,
    returningUsers: 540,
    sessions: 2390,
    pageViews: 5530,
  },
}

describe('picking the property', () => {
  test("the account's properties over both pages, the business's first; none picked yet", async () => {
    const call = await owner('owner@example.com')
    const res = await call<AnalyticsProperties>('GET', `${ROUTE}/properties`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      properties: [
        {
          property: GA4_PROPERTY,
          displayName: 'sunrisedental.com - GA4',
          accountName: 'Sunrise Dental',
          matchesWebsite: true,
        },
        {
          property: 'properties/161803398',
          displayName: 'Agency rollup',
          accountName: 'Demo Agency',
          matchesWebsite: false,
        },
        {
          property: GA4_EMPTY_PROPERTY,
          displayName: 'Old blog',
          accountName: 'Demo Agency',
          matchesWebsite: false,
        },
      ],
      selected: null,
    })
    expect(fake.calls.filter((c) => c.includes('accountSummaries'))).toHaveLength(2)
    expect(await status(call)).toEqual({ status: 'no_property' })
  })

  test('picking answers at once with the import pending, then the import stores the figures', async () => {
    const call = await owner('owner@example.com')
    const res = await call<AnalyticsStatus>('PUT', `${ROUTE}/property`, { property: GA4_PROPERTY })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      status: 'property',
      property: GA4_PROPERTY,
      propertyName: 'sunrisedental.com - GA4',
      import: { state: 'pending', importedAt: null },
      figures: null,
    })
    const done = await settled(call)
    expect(done.import).toEqual({
      state: 'ok',
      reason: null,
      lastAttemptAt: clock.now().toISOString(),
      importedAt: clock.now().toISOString(),
      groupedOther: true,
    })
    expect(done.figures).toMatchObject(IMPORTED)
    expect(done.figures?.channels.slice(0, 3)).toEqual([
      { label: 'Organic Search', value: 1204, previous: 1050 },
      { label: 'Direct', value: 611, previous: 598 },
      { label: 'Organic Maps', value: 342, previous: 270 },
    ])
    expect(done.figures?.pages.map((p) => p.label).slice(0, 4)).toEqual([
      '/',
      '/services/teeth-whitening',
      '/contact',
      '(other)',
    ])
    expect(done.figures?.cities[0]).toEqual({ label: 'Austin', value: 1016, previous: null })
    expect((await call<AnalyticsProperties>('GET', `${ROUTE}/properties`)).body.selected).toBe(
      GA4_PROPERTY,
    )
  })

  test('the reports asked: 28 days to yesterday and the 28 before, top lists by their metric', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    expect(reportCalls()).toEqual(Array(5).fill(`POST /v1beta/${GA4_PROPERTY}:runReport`))
    const [totals, visitors, channels, pages, cities] = fake.analyticsReports
    const both = [
      { startDate: '28daysAgo', endDate: 'yesterday', name: 'current' },
      { startDate: '56daysAgo', endDate: '29daysAgo', name: 'previous' },
    ]
    expect(totals).toEqual({
      dateRanges: both,
      dimensions: [],
      metrics: ['activeUsers', 'newUsers', 'sessions', 'screenPageViews'].map((name) => ({ name })),
    })
    expect(visitors?.dimensions).toEqual([{ name: 'newVsReturning' }])
    expect(channels).toMatchObject({ dateRanges: both, limit: '50' })
    expect(pages).toMatchObject({
      dateRanges: [both[0]],
      dimensions: [{ name: 'pagePath' }],
      limit: '10',
      orderBys: [{ metric: { metricName: 'screenPageViews' }, desc: true }],
    })
    expect(cities?.dimensions).toEqual([{ name: 'city' }])
  })

  test('only a property Google lists for this account is taken; bad input changes nothing', async () => {
    const call = await owner('owner@example.com')
    const before = await databaseFingerprint(t.db)
    const refused = [
      { property: 'properties/999999999' },
      { property: 'properties/abc' },
      { property: '' },
      { property: `properties/${'1'.repeat(30)}` },
      { property: GA4_PROPERTY, extra: true },
      { propertyId: GA4_PROPERTY },
      {},
    ]
    for (const body of refused) {
      const res = await call('PUT', `${ROUTE}/property`, body)
      expect(res.status).toBe(422)
    }
    const notJson = await t.app.request(`${ROUTE}/property`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${call.token}`, 'content-type': 'application/json' },
      body: '{"property":',
    })
    expect(notJson.status).toBeGreaterThanOrEqual(400)
    expect(notJson.status).toBeLessThan(500)
    expect(reportCalls()).toEqual([])
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('another property clears the figures of the one before', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    const other = await picked(call, GA4_EMPTY_PROPERTY)
    expect(other).toMatchObject({ property: GA4_EMPTY_PROPERTY, propertyName: 'Old blog' })
    expect(other.figures).toBeNull()
    expect(await t.db.select().from(analyticsTotals)).toEqual([])
    expect(await t.db.select().from(analyticsBreakdowns)).toEqual([])
  })
})

describe('the daily import', () => {
  test('runs with the other Google imports and refreshes the figures and their time', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    const businessId = await businessIdOf(call)
    clock.advance(86_400)
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toContain('Analytics: 1842 visitors in the last 28 days')
    const after = await storedStatus(businessId)
    expect(after).toMatchObject({
      import: { state: 'ok', importedAt: clock.now().toISOString() },
      figures: IMPORTED,
    })
  })

  test('a spent quota (429) fails the import with its reason and keeps the last figures', async () => {
    const call = await owner('owner@example.com')
    const first = await picked(call)
    const businessId = await businessIdOf(call)
    clock.advance(86_400)
    // Partial data: the first two reports arrive, the third is refused; nothing of them is stored.
    fake.failAnalytics(429, 2)
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toMatch(/Analytics: .*quota/)
    expect(reportCalls()).toHaveLength(5 + 3)
    const after = await storedStatus(businessId)
    expect(after).toMatchObject({
      import: {
        state: 'failed',
        reason: expect.stringMatching(/quota for this property is used up/) as unknown,
        lastAttemptAt: clock.now().toISOString(),
        importedAt: first.import.importedAt,
      },
      figures: IMPORTED,
    })
    if (after.status !== 'property') throw new Error(after.status)
    expect(after.figures?.channels).toHaveLength(7)
    expect(after.figures?.pages).toHaveLength(9)
    expect(after.figures?.cities).toHaveLength(6)
    // The next day Google answers again: the figures are new and the failure is gone.
    fake.failAnalytics(200)
    clock.advance(86_400)
    await runGoogleImports(t.deps, businessId)
    expect(await storedStatus(businessId)).toMatchObject({ import: { state: 'ok', reason: null } })
  })

  test('a quota refused at the first import leaves no figures at all, never zeros', async () => {
    const call = await owner('owner@example.com')
    fake.failAnalytics(429)
    const done = await picked(call)
    expect(done.import).toMatchObject({ state: 'failed', importedAt: null })
    expect(done.figures).toBeNull()
    expect(await t.db.select().from(analyticsTotals)).toEqual([])
  })

  test('a property Google has no data for is imported as such: no figures, with the time', async () => {
    const call = await owner('owner@example.com')
    const done = await picked(call, GA4_EMPTY_PROPERTY)
    expect(done.import).toMatchObject({ state: 'ok', importedAt: clock.now().toISOString() })
    expect(done.figures).toBeNull()
    const { outcome } = await runGoogleImports(t.deps, await businessIdOf(call))
    expect(outcome).toContain('Analytics: Google has no data for this property yet')
  })

  test('a property no longer readable (403) says so', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    fake.failAnalytics(403)
    await runGoogleImports(t.deps, await businessIdOf(call))
    expect(await status(call)).toMatchObject({
      import: { state: 'failed', reason: expect.stringMatching(/refused access/) as unknown },
      figures: IMPORTED,
    })
  })

  test('a revoked grant: the import fails with Reconnect and the card turns to Reconnect', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    const businessId = await businessIdOf(call)
    fake.revokeAll()
    // Past the access token's hour (less its minute of margin), within the app session's.
    clock.advance(3550)
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toMatch(/Analytics: .*Reconnect/)
    expect(await status(call)).toEqual({
      status: 'revoked',
      revokedAt: clock.now().toISOString(),
      reason: 'Google refused the saved access (Token has been expired or revoked.).',
    })
    // The daily run then skips the import until the owner reconnects.
    fake.calls.length = 0
    await runGoogleImports(t.deps, businessId)
    expect(reportCalls()).toEqual([])
  })

  test('an access token Google refuses before its hour is renewed once; a revoked grant reads Reconnect, never a 502', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    fake.expireAccessTokens()
    fake.calls.length = 0
    const listed = await call<AnalyticsProperties>('GET', `${ROUTE}/properties`)
    expect(listed.status).toBe(200)
    expect(listed.body.selected).toBe(GA4_PROPERTY)
    expect(fake.calls).toEqual([
      'GET /v1beta/accountSummaries',
      'POST /token refresh_token',
      'GET /v1beta/accountSummaries',
      'GET /v1beta/accountSummaries',
    ])
    // Revoked in the Google account (or disconnected here while the list was asked for).
    fake.revokeAll()
    const refused = await call('GET', `${ROUTE}/properties`)
    expect(refused.status).toBe(409)
    expect(refused.body.error?.message).toMatch(/Reconnect/)
    expect(await status(call)).toMatchObject({ status: 'revoked' })
  })

  test('disconnecting Google forgets the property and its figures', async () => {
    const call = await owner('owner@example.com')
    await picked(call)
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(200)
    expect(await status(call)).toEqual({ status: 'not_connected' })
    expect(await t.db.select().from(analyticsImports)).toEqual([])
    expect(await t.db.select().from(analyticsTotals)).toEqual([])
  })
})

describe('each owner, their own analytics', () => {
  test("another owner never reaches an owner's property or figures", async () => {
    const a = await owner('owner@example.com')
    await picked(a)
    const b = await owner('intruder@example.com', { connect: false })
    expect(await status(b)).toEqual({ status: 'not_connected' })
    expect((await b('GET', `${ROUTE}/properties`)).status).toBe(404)
    expect((await b('PUT', `${ROUTE}/property`, { property: GA4_PROPERTY })).status).toBe(404)
    const c = await owner('nobusiness@example.com', { connect: false, business: false })
    for (const [method, path, body] of [
      ['GET', ROUTE],
      ['GET', `${ROUTE}/properties`],
      ['PUT', `${ROUTE}/property`, { property: GA4_PROPERTY }],
    ] as const) {
      expect((await c(method, path, body)).status).toBe(404)
    }
    expect(await status(a)).toMatchObject({ property: GA4_PROPERTY, figures: IMPORTED })
    expect(await t.db.select().from(analyticsImports)).toHaveLength(1)
  })

  test('without the Analytics scope there is nothing to list, and the card reads not connected', async () => {
    fake.grantScopes(GOOGLE_SCOPES.searchConsole)
    const call = await owner('owner@example.com')
    const res = await call('GET', `${ROUTE}/properties`)
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toMatch(/did not grant access to Analytics/)
    expect(await status(call)).toEqual({ status: 'not_connected' })
  })

  test('without GOOGLE_CLIENT_ID the card stays simulated and the picker routes say so', async () => {
    await t.close()
    t = await createTestApp({ clock })
    const call = await owner('owner@example.com', { connect: false })
    expect(await status(call)).toEqual({ status: 'simulated' })
    const res = await call('GET', `${ROUTE}/properties`)
    expect(res.status).toBe(404)
    expect(res.body.error?.message).toMatch(/simulated/)
    expect((await call('PUT', `${ROUTE}/property`, { property: GA4_PROPERTY })).status).toBe(404)
  })
})
