// The Search Console import (issue 18 items 2 and 5) against the fake Google on 127.0.0.1 replaying
// recorded Search Analytics answers: the first import's 60 days and the later ones' new days, final
// data only; the card's totals and the 'Search queries' table read the stored rows; a spent quota, a
// failure half-way, a property without data and a revoked grant never show as data; each owner sees
// only their own.
import type { GoogleAccount } from '@localseo/shared/integrations'
import type { Schedule } from '@localseo/shared/automation'
import type { SearchConsolePerformance, SearchConsoleRows } from '@localseo/shared/search-console'
import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businesses } from '../../db/schema/business.js'
import { searchConsoleImports, searchConsoleRows } from '../../db/schema/search-console.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput } from '../../testing/factories.js'
import { runGoogleImports } from './google-imports.js'
import { searchConsolePerformance } from './search-console-report.js'

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64')
const SITE = 'https://www.sunrisedental.com/'
const DAY_SECONDS = 86_400

interface Row {
  keys: string[]
  clicks: number
  impressions: number
}
const recorded = (name: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../testing/fixtures/search-console/${name}.json`, import.meta.url),
        'utf8',
      ),
    ) as { rows: Row[] }
  ).rows

/** The recorded figures of the days from..to (both included), summed. */
function recordedSum(name: string, from: string, to: string, key?: string) {
  const rows = recorded(name).filter(
    ({ keys: [day = '', k] }) => day >= from && day <= to && (key === undefined || k === key),
  )
  return {
    clicks: rows.reduce((sum, row) => sum + row.clicks, 0),
    impressions: rows.reduce((sum, row) => sum + row.impressions, 0),
  }
}

let fake: FakeGoogle
let t: TestApp
let clock: ReturnType<typeof createTestClock>

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  clock = createTestClock(new Date('2026-03-23T15:00:00Z'))
  fake.searchAnalytics.setData('recorded')
  fake.searchAnalytics.setFinalThrough('2026-03-20')
  fake.searchAnalytics.failAfter(null)
  fake.searchAnalytics.requests.length = 0
  fake.failSearchConsole(200)
})
afterEach(() => t.close())

async function start(options: { jobs?: boolean; env?: Record<string, string> } = {}) {
  t = await createTestApp({
    clock,
    jobs: options.jobs,
    env: options.env ?? { ...fake.env, SECRETS_KEY },
  })
}

/** An owner with a business, connected to the fake Google the way the browser does it. */
async function connectedOwner(email: string, site: string | null = SITE) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  const started = await t.app.request('/api/integrations/google/connect', {
    headers: { authorization: `Bearer ${session.accessToken}` },
  })
  const { url } = (await started.json()) as { url: string }
  const consent = await fetch(url, { redirect: 'manual' })
  const back = new URL(consent.headers.get('location') ?? '')
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  await t.app.request(`${back.pathname}${back.search}`, { headers: { cookie } })
  if (site) {
    const picked = await call('PUT', '/api/integrations/google/search-console/site', {
      siteUrl: site,
    })
    expect(picked.status).toBe(200)
  }
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  return { call, businessId: business!.id }
}

/** What the card reads, as GET …/search-console/performance answers it (other tests call the route). */
const performance = (businessId: string) => searchConsolePerformance(t.db, businessId)

describe('importing Search Console', () => {
  test('the first import stores 60 days of final data; the card compares 28 days with the 28 before', async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-first@example.com')
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toBe('Search Console: 58 new days, data up to 2026-03-20')

    // One request per dimension, as Google documents the body; final days only.
    expect(fake.searchAnalytics.requests).toEqual(
      [['date'], ['date', 'query'], ['date', 'page']].map((dimensions) => ({
        siteUrl: SITE,
        startDate: '2026-01-22',
        endDate: '2026-03-22',
        dimensions,
        type: 'web',
        dataState: 'final',
        rowLimit: 25_000,
        startRow: 0,
      })),
    )

    const { body } = await call<SearchConsolePerformance>(
      'GET',
      '/api/integrations/google/search-console/performance',
    )
    expect(body).toMatchObject({ simulated: false, siteUrl: SITE })
    expect(body.import).toMatchObject({
      status: 'ok',
      reason: null,
      importedAt: clock.now().toISOString(),
      lastDay: '2026-03-20',
    })
    // The periods end on the last complete day, not today.
    expect(body.current?.period).toEqual({ from: '2026-02-21', to: '2026-03-20' })
    expect(body.previous?.period).toEqual({ from: '2026-01-24', to: '2026-02-20' })
    const current = recordedSum('date', '2026-02-21', '2026-03-20')
    const previous = recordedSum('date', '2026-01-24', '2026-02-20')
    expect(body.current?.totals).toMatchObject(current)
    expect(body.previous?.totals).toMatchObject(previous)
    expect(body.current?.totals.ctr).toBeCloseTo(current.clicks / current.impressions, 6)
    expect(body.current?.totals.position).toBeGreaterThan(1)
  })

  test("the 'Search queries' table: real queries and pages, most clicks first, paged, with change", async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-table@example.com')
    await runGoogleImports(t.deps, businessId)
    const path = '/api/integrations/google/search-console/rows'
    const all = (await call<SearchConsoleRows>('GET', `${path}?dimension=query&pageSize=100`)).body
    expect(all.total).toBe(7)
    expect(all.period).toEqual({ from: '2026-02-21', to: '2026-03-20' })
    const clicks = all.rows.map((row) => row.current.clicks)
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a))
    const emergency = all.rows.find((row) => row.key === 'emergency dentist austin')
    expect(emergency?.current).toMatchObject(
      recordedSum('date-query', '2026-02-21', '2026-03-20', 'emergency dentist austin'),
    )
    expect(emergency?.previous).toMatchObject(
      recordedSum('date-query', '2026-01-24', '2026-02-20', 'emergency dentist austin'),
    )

    const second = (
      await call<SearchConsoleRows>('GET', `${path}?dimension=query&page=2&pageSize=5`)
    ).body
    expect(second.rows.map((row) => row.key)).toEqual(all.rows.slice(5, 7).map((row) => row.key))
    expect(second).toMatchObject({ page: 2, pageSize: 5, total: 7 })

    const pages = (await call<SearchConsoleRows>('GET', `${path}?dimension=page`)).body
    expect(pages.rows.map((row) => row.key)).toContain(`${SITE}services`)
    expect(pages.total).toBe(4)
  })

  test('the next day imports only the new days; days Google still counts are never stored', async () => {
    await start()
    const { businessId } = await connectedOwner('sc-next@example.com')
    await runGoogleImports(t.deps, businessId)
    clock.advance(DAY_SECONDS)
    fake.searchAnalytics.setFinalThrough('2026-03-21')
    fake.searchAnalytics.requests.length = 0
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toBe('Search Console: 1 new day, data up to 2026-03-21')
    expect(fake.searchAnalytics.requests.map((r) => [r.startDate, r.endDate])).toEqual([
      ['2026-03-21', '2026-03-23'],
      ['2026-03-21', '2026-03-23'],
      ['2026-03-21', '2026-03-23'],
    ])
    const [newest] = await t.db
      .select({ day: sql<string>`max(${searchConsoleRows.day})` })
      .from(searchConsoleRows)
      .where(eq(searchConsoleRows.businessId, businessId))
    expect(newest?.day).toBe('2026-03-21')
    expect((await performance(businessId)).current?.period).toEqual({
      from: '2026-02-22',
      to: '2026-03-21',
    })
  })
})

describe('when Google fails', () => {
  test('a spent quota (429): the import fails with its reason, the stored figures stay, the next run catches up', async () => {
    await start()
    const { businessId } = await connectedOwner('sc-quota@example.com')
    await runGoogleImports(t.deps, businessId)
    const before = await performance(businessId)
    clock.advance(DAY_SECONDS)
    fake.failSearchConsole(429)
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toContain('quota was used up')
    const after = await performance(businessId)
    expect(after.import).toMatchObject({
      status: 'failed',
      importedAt: before.import?.importedAt,
      lastDay: '2026-03-20',
      lastAttemptAt: clock.now().toISOString(),
    })
    expect(after.import?.reason).toContain('quota')
    // Never zeros: the figures are those of the last import.
    expect(after.current).toEqual(before.current)

    fake.failSearchConsole(200)
    fake.searchAnalytics.setFinalThrough('2026-03-21')
    clock.advance(DAY_SECONDS)
    await runGoogleImports(t.deps, businessId)
    expect((await performance(businessId)).import).toMatchObject({
      status: 'ok',
      lastDay: '2026-03-21',
    })
  })

  test('a failure after a page of rows: nothing of that run is stored, nothing shows as complete', async () => {
    await start()
    const { businessId } = await connectedOwner('sc-partial@example.com')
    // The property's totals come back, then the queries fail.
    fake.searchAnalytics.failAfter(1)
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toContain('Google Search Console answered 500')
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(searchConsoleRows)
      .where(eq(searchConsoleRows.businessId, businessId))
    expect(stored[0]?.n).toBe(0)
    const body = await performance(businessId)
    expect(body.current).toBeNull()
    expect(body.import).toMatchObject({ status: 'failed', importedAt: null, lastDay: null })
  })

  test('a property without data: the import succeeds and says so; no zeros pretend to be data', async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-empty@example.com')
    fake.searchAnalytics.setData('empty')
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toBe('Search Console: Google has no data for this property yet')
    const body = await performance(businessId)
    expect(body.import).toMatchObject({ status: 'ok', lastDay: null })
    expect(body.import?.importedAt).not.toBeNull()
    expect(body.current).toBeNull()
    expect(body.previous).toBeNull()
    const rows = await call<SearchConsoleRows>(
      'GET',
      '/api/integrations/google/search-console/rows?dimension=query',
    )
    expect(rows.body).toMatchObject({ rows: [], total: 0, period: null })
  })

  test("a grant revoked in the Google account during the import: 'Reconnect', the stored figures stay", async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-revoked@example.com')
    await runGoogleImports(t.deps, businessId)
    const before = await performance(businessId)
    // The stored access token has not expired, but Google refuses it, and then the refresh token.
    fake.revokeAll()
    const { outcome } = await runGoogleImports(t.deps, businessId)
    expect(outcome).toContain('Reconnect')
    const status = await call<{ google: GoogleAccount }>('GET', '/api/integrations')
    expect(status.body.google.status).toBe('revoked')
    const after = await performance(businessId)
    expect(after.import).toMatchObject({ status: 'failed' })
    expect(after.import?.reason).toContain('Reconnect')
    expect(after.current).toEqual(before.current)
    // Later runs do not ask Google until the owner reconnects.
    fake.searchAnalytics.requests.length = 0
    expect((await runGoogleImports(t.deps, businessId)).outcome).toBe(
      'Reconnect Google to import again',
    )
    expect(fake.searchAnalytics.requests).toHaveLength(0)
  })

  test("another property picked: the first one's figures are gone before the new import", async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-switch@example.com')
    await runGoogleImports(t.deps, businessId)
    await call('PUT', '/api/integrations/google/search-console/site', {
      siteUrl: 'sc-domain:sunrisedental.com',
    })
    const body = await performance(businessId)
    expect(body).toMatchObject({
      siteUrl: 'sc-domain:sunrisedental.com',
      import: null,
      current: null,
    })
    fake.searchAnalytics.setData('empty')
    await runGoogleImports(t.deps, businessId)
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(searchConsoleRows)
      .where(eq(searchConsoleRows.businessId, businessId))
    expect(stored[0]?.n).toBe(0)
  })

  test('Disconnect forgets what was imported: no row of the property stays', async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-forget@example.com')
    await runGoogleImports(t.deps, businessId)
    const count = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(searchConsoleRows)
          .where(eq(searchConsoleRows.businessId, businessId))
      )[0]?.n
    expect(await count()).toBeGreaterThan(0)
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(200)
    expect(await count()).toBe(0)
    expect(await t.db.select().from(searchConsoleImports)).toEqual([])
  })
})

describe('the daily job', () => {
  test('picking a property queues the first import at once; Settings shows its outcome', async () => {
    await start({ jobs: true })
    const { call, businessId } = await connectedOwner('sc-job@example.com', null)
    await call('PUT', '/api/integrations/google/search-console/site', { siteUrl: SITE })
    await t.deps.jobs.whenIdle()
    expect((await performance(businessId)).import).toMatchObject({
      status: 'ok',
      lastDay: '2026-03-20',
    })
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    expect(body.schedules.find((s) => s.kind === 'google_import')).toMatchObject({
      frequency: 'daily',
      lastOutcome: 'Search Console: 58 new days, data up to 2026-03-20',
    })
  })

  test('a business without a Google connection or property asks Google nothing', async () => {
    await start()
    const { businessId } = await connectedOwner('sc-noproperty@example.com', null)
    expect((await runGoogleImports(t.deps, businessId)).outcome).toBe(
      'No Google property chosen yet: nothing to import',
    )
    const session = await signUp(t.app, { email: 'sc-none@example.com' })
    await apiCaller(t.app, () => session.accessToken)('PUT', '/api/business', businessInput)
    const [other] = await t.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.userId, session.userId))
    expect((await runGoogleImports(t.deps, other!.id)).outcome).toBe(
      'Google is not connected: nothing to import',
    )
    expect(fake.searchAnalytics.requests).toHaveLength(0)
  })
})

describe('who may read it', () => {
  test('another owner gets 404 on every new route and never sees the first owner’s figures', async () => {
    await start()
    const { businessId } = await connectedOwner('sc-a@example.com')
    await runGoogleImports(t.deps, businessId)
    const session = await signUp(t.app, { email: 'sc-b@example.com' })
    const other = apiCaller(t.app, () => session.accessToken)
    const paths = [
      '/api/integrations/google/search-console/performance',
      '/api/integrations/google/search-console/rows?dimension=query',
    ]
    // Without a business, then with one but without a Google connection.
    for (const path of paths) expect((await other('GET', path)).status).toBe(404)
    await other('PUT', '/api/business', businessInput)
    for (const path of paths) expect((await other('GET', path)).status).toBe(404)
  })

  test('bad input is a 422 that changes nothing; without Google configured the card reads simulated', async () => {
    await start()
    const { call, businessId } = await connectedOwner('sc-bad@example.com')
    await runGoogleImports(t.deps, businessId)
    const before = await databaseFingerprint(t.db)
    const path = '/api/integrations/google/search-console/rows'
    for (const query of [
      'dimension=device',
      '',
      'dimension=query&page=0',
      'dimension=query&pageSize=1000',
      'dimension=query&page=abc',
    ]) {
      const res = await call('GET', `${path}?${query}`)
      expect(res.status).toBe(422)
    }
    expect(await databaseFingerprint(t.db)).toEqual(before)
    await t.close()
    await start({ env: { SECRETS_KEY } })
    const session = await signUp(t.app, { email: 'sc-simulated@example.com' })
    const simulated = apiCaller(t.app, () => session.accessToken)
    await simulated('PUT', '/api/business', businessInput)
    const card = await simulated('GET', '/api/integrations/google/search-console/performance')
    expect(card.status).toBe(200)
    expect(card.body).toEqual({ simulated: true })
  })
})
