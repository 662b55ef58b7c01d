// The month's cost ledger (issue 34 item 4, ADR 038): rank checks and grid scans counted per kind at
// the configured price, a failed call given back, another business's queries and simulated checks
// never counted, the forecast from the schedules, and bad months refused.
import type { GridSetup } from '@localseo/shared/geo-grid'
import type { QueryLedger } from '@localseo/shared/query-ledger'
import { afterEach, expect, test } from 'vitest'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFakeSerp } from '../../testing/fake-serp.js'
import { simulateMapPack } from '../../testing/rank-providers.js'
import type { RankProvider } from '../keywords/public.js'

const AUSTIN = { lat: 30.2672, lng: -97.7431 }
let t: TestApp | undefined

afterEach(async () => {
  await t?.close()
  t = undefined
})

/** A paid provider that counts what it is asked; its first organic check fails. */
function countingProvider(position = 4) {
  const asked = { organic: 0, map: 0, failed: 0 }
  const provider: RankProvider = {
    simulated: false,
    label: 'SerpApi',
    check(batch) {
      return Promise.resolve(
        batch.map(() => {
          asked.organic++
          if (asked.failed > 0) return { status: 'ok' as const, position }
          asked.failed++
          return { status: 'failed' as const, reason: 'SerpApi had an error (HTTP 500).' }
        }),
      )
    },
    checkMapPack(batch) {
      asked.map += batch.length
      return Promise.resolve(batch.map(simulateMapPack))
    },
  }
  return { provider, asked }
}

async function owner(app: TestApp, email: string) {
  const { accessToken } = await signUp(app.app, { email })
  const call = apiCaller(app.app, () => accessToken)
  await call('PUT', '/api/business', businessInput)
  await call('PUT', '/api/business/coordinates', AUSTIN)
  return call
}

const line = (ledger: QueryLedger, kind: string) => ledger.kinds.find((k) => k.kind === kind)!

test('rank checks and a grid scan are counted per kind at the price; a failed call and another business are not', async () => {
  const clock = createTestClock(new Date('2026-01-15T12:00:00Z'))
  const { provider, asked } = countingProvider()
  t = await createTestApp({
    rank: provider,
    clock,
    jobs: true,
    env: { SERP_QUERY_PRICE: '0.02', SERP_DAILY_QUERY_BUDGET: '1000' },
  })
  const call = await owner(t, 'ledger@example.com')
  await t.deps.jobs.whenIdle(20_000)
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  const rankQueries = asked.organic + asked.map - asked.failed
  expect(asked.failed).toBe(1)
  expect(rankQueries).toBeGreaterThan(2)

  const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
  const mapBefore = asked.map
  const scan = await call('POST', '/api/geo-grid/scans', {
    keywordId: setup.body.keywords[0]!.id,
    gridSize: 3,
    spacingKm: 1,
  })
  expect(scan.status).toBe(202)
  await t.deps.jobs.whenIdle(20_000)
  expect(asked.map - mapBefore).toBe(9)

  // Another business's checks on the same day stay in its own ledger.
  const other = await owner(t, 'other-ledger@example.com')
  await t.deps.jobs.whenIdle(20_000)
  await other('POST', '/api/rank-tracker/refresh', { location: 'main' })

  const { status, body } = await call<QueryLedger>('GET', '/api/query-ledger?month=2026-01')
  expect(status).toBe(200)
  expect(line(body, 'rank')).toEqual({
    kind: 'rank',
    queries: rankQueries,
    usd: rankQueries * 0.02,
  })
  expect(line(body, 'grid')).toEqual({ kind: 'grid', queries: 9, usd: 9 * 0.02 })
  expect(line(body, 'test')).toEqual({ kind: 'test', queries: 0, usd: 0 })
  expect(body.total.queries).toBe(rankQueries + 9)
  expect(body.total.usd).toBeCloseTo((rankQueries + 9) * 0.02, 10)
  expect(body.providers).toEqual([
    {
      provider: 'SerpApi',
      queries: rankQueries + 9,
      price: { usdPerQuery: 0.02, source: 'the configured price' },
    },
  ])
  expect(body.budget).toEqual({
    daily: 1000,
    days: 31,
    month: 31_000,
    left: 31_000 - rankQueries - 9,
  })
  expect(body.timeZone).toBe('UTC')

  // The other owner sees only theirs; a month without queries is all zeros and has no forecast.
  const theirs = await other<QueryLedger>('GET', '/api/query-ledger')
  expect(theirs.body.total.queries).toBeGreaterThan(0)
  expect(theirs.body.total.queries).toBeLessThan(body.total.queries)
  expect(line(theirs.body, 'grid').queries).toBe(0)
  const december = await call<QueryLedger>('GET', '/api/query-ledger?month=2025-12')
  expect(december.body.total).toEqual({ queries: 0, usd: 0 })
  expect(december.body.budget.month).toBe(31_000)
  expect(december.body.forecast).toBeNull()
})

test('the forecast adds the daily rank checks and the weekly re-scan to the month so far', async () => {
  const clock = createTestClock(new Date('2026-01-15T12:00:00Z'))
  const { provider, asked } = countingProvider()
  t = await createTestApp({
    rank: provider,
    clock,
    jobs: true,
    env: { SERP_QUERY_PRICE: '0.01', SERP_DAILY_QUERY_BUDGET: '1000' },
  })
  const call = await owner(t, 'forecast@example.com')
  await t.deps.jobs.whenIdle(20_000)
  // Today's check of every tracked keyword is stored; the Refresh asks again the one whose first
  // check failed.
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
  const tracked = setup.body.keywords.length
  await call('POST', '/api/geo-grid/scans', {
    keywordId: setup.body.keywords[0]!.id,
    gridSize: 3,
    spacingKm: 1,
  })
  await t.deps.jobs.whenIdle(20_000)
  expect(asked.map).toBeGreaterThan(9)

  const { body } = await call<QueryLedger>('GET', '/api/query-ledger')
  expect(body.month).toBe('2026-01')
  // No schedule row yet: the defaults, due now. Today's run has nothing left to ask; each run of
  // the 16 days after asks one results page (found at 4) and one map search per keyword. The weekly
  // grid run re-scans on the 22nd and the 29th (the 15th is within six days of the scan).
  const perRun = tracked * 2
  expect(body.forecast).toMatchObject({ rank: 16 * perRun, grid: 18 })
  expect(body.forecast!.queries).toBe(body.total.queries + 16 * perRun + 18)
  expect(body.forecast!.usd).toBeCloseTo(body.forecast!.queries * 0.01, 10)
  expect(body.forecast!.counts[0]).toContain(`${tracked} tracked keywords`)
})

test('a keyword found at 34 is forecast at 4 results pages and its map search', async () => {
  const clock = createTestClock(new Date('2026-01-30T12:00:00Z'))
  const { provider } = countingProvider(34)
  t = await createTestApp({ rank: provider, clock, jobs: true })
  const call = await owner(t, 'pages@example.com')
  await t.deps.jobs.whenIdle(20_000)
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  const tracked = (await call<GridSetup>('GET', '/api/geo-grid/setup')).body.keywords.length
  const { body } = await call<QueryLedger>('GET', '/api/query-ledger')
  // Today's keywords are checked; the 31st asks 4 pages and 1 map search for each.
  expect(body.forecast).toMatchObject({ rank: tracked * 5, grid: 0 })
  expect(body.forecast!.counts[1]).toBe('Geo-grid scans: none, as no grid has been scanned yet.')
})

test('a day short of budget caps the forecast of each run', async () => {
  const clock = createTestClock(new Date('2026-02-27T12:00:00Z'))
  const { provider } = countingProvider()
  t = await createTestApp({ rank: provider, clock, env: { SERP_DAILY_QUERY_BUDGET: '3' } })
  const call = await owner(t, 'cap@example.com')
  const { body } = await call<QueryLedger>('GET', '/api/query-ledger')
  // The 27th and 28th: 3 queries each at most; SerpApi's list price, dated.
  expect(body.forecast).toMatchObject({ rank: 6, grid: 0 })
  expect(body.current).toEqual({
    provider: 'SerpApi',
    simulated: false,
    price: { usdPerQuery: 0.015, source: "SerpApi's list price (May 2026)" },
  })
  expect(body.budget).toEqual({ daily: 3, days: 28, month: 84, left: 84 })
})

test("'Test connection' is counted as a test at the provider's list price; a refused one is given back", async () => {
  const key = 'sk-live-ledger-0123456789'
  const fake = await startFakeSerp({ key })
  try {
    t = await createTestApp({
      env: { SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), SERP_BASE_URL: fake.origin },
    })
    const call = await owner(t, 'tests@example.com')
    await call('PUT', '/api/rank-provider', { provider: 'serpapi', key })
    expect((await call('POST', '/api/rank-provider/test')).body).toMatchObject({
      status: 'connected',
    })
    await call('PUT', '/api/rank-provider', { provider: 'serper', key: 'not-the-right-key' })
    expect((await call('POST', '/api/rank-provider/test')).body).toMatchObject({
      status: 'failing',
    })
    const { body } = await call<QueryLedger>('GET', '/api/query-ledger')
    expect(line(body, 'test')).toEqual({ kind: 'test', queries: 1, usd: 0.015 })
    expect(body.providers).toEqual([
      {
        provider: 'SerpApi',
        queries: 1,
        price: { usdPerQuery: 0.015, source: "SerpApi's list price (May 2026)" },
      },
    ])
  } finally {
    await fake.close()
  }
})

test('simulated checks cost nothing and are not counted', async () => {
  t = await createTestApp({ jobs: true })
  const call = await owner(t, 'simulated@example.com')
  await t.deps.jobs.whenIdle(20_000)
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  const { body } = await call<QueryLedger>('GET', '/api/query-ledger')
  expect(body.total).toEqual({ queries: 0, usd: 0 })
  expect(body.providers).toEqual([])
  expect(body.current).toMatchObject({ simulated: true, price: null })
  expect(body.forecast).toMatchObject({ queries: 0, rank: 0, grid: 0 })
  expect(body.volumes.source).toBe('estimate')
})

test('a bad or future month is refused with 422; without a session 401, without a business 404', async () => {
  const clock = createTestClock(new Date('2026-01-15T12:00:00Z'))
  t = await createTestApp({ clock })
  const call = await owner(t, 'months@example.com')
  for (const month of ['2026-13', '2026-1', 'january', '2026-02']) {
    const res = await call<{ error: { code: string } }>('GET', `/api/query-ledger?month=${month}`)
    expect(res.status).toBe(422)
    expect(res.body.error.code).toBe('validation_failed')
  }
  const anonymous = await t.app.request('/api/query-ledger')
  expect(anonymous.status).toBe(401)
  // A user without a business has no ledger to read.
  const { accessToken } = await signUp(t.app, { email: 'no-business@example.com' })
  const stranger = apiCaller(t.app, () => accessToken)
  expect((await stranger('GET', '/api/query-ledger')).status).toBe(404)
})
