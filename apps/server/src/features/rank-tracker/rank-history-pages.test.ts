// The Rank Tracker's history a page at a time (issue 36 item 2, docs/decisions/052-long-lists-on-screen.md):
// the figures over every keyword come from the server, the table's keywords a page at a time, and
// Export CSV and the chart's choice from /history/keywords.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildRankingsCsv } from '@localseo/shared/rank-csv'
import {
  defaultChartKeywords,
  dayOf,
  needsImprovement,
  summarizeRankings,
  toRankingEntry,
  topPerformers,
  type RankHistory,
  type RankKeywordsHistory,
} from '@localseo/shared/rank-tracker'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp, type TestSession } from '../../testing/auth.js'
import { bulkRankChecks, bulkTrackedKeywords } from '../../testing/bulk-history.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { runFirstChecks } from '../../testing/rank-providers.js'

let t: TestApp
let owner: TestSession
let branchId: string
const clock = createTestClock(new Date('2026-03-10T09:00:00Z'))
/** The five default keywords, then the bulk ones: three pages of 50. */
const BULK = 120
const TOTAL = 5 + BULK

type Failure = { error?: { code: string; message: string } }
const call = <T>(path: string, bearer?: string) =>
  apiCaller(t.app, () => owner.accessToken)<T & Failure>('GET', path, undefined, bearer)
const page = (query: string, bearer?: string) =>
  call<RankHistory>(`/api/rank-tracker/history?location=main&range=30&${query}`, bearer)
const whole = async (query = '') =>
  (await call<RankKeywordsHistory>(`/api/rank-tracker/history/keywords?location=main&${query}`))
    .body

beforeAll(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'pages@example.com' })
  const owned = apiCaller(t.app, () => owner.accessToken)
  const saved = await owned<{ business: { id: string } }>('PUT', '/api/business', businessInput)
  const businessId = saved.body.business.id
  await runFirstChecks(t.deps, businessId)
  const added = await owned<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('North'),
  )
  branchId = added.body.locations[0]!.id
  await owned('GET', '/api/rank-tracker/keywords?location=main')
  const now = clock.now()
  await bulkTrackedKeywords(t.db, {
    businessId,
    locationId: null,
    city: 'Austin',
    count: BULK,
    now,
  })
  await bulkRankChecks(t.db, { businessId, today: dayOf(now), days: 30 })
}, 60_000)
afterAll(() => t.close())

describe('GET /api/rank-tracker/history, a page at a time', () => {
  test('sends 50 keywords a page by default with the total, in the table order', async () => {
    const all = await whole('range=30')
    expect(all.keywords).toHaveLength(TOTAL)
    const first = await page('')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: TOTAL, page: 1, limit: 50, range: 30 })
    expect(first.body.keywords).toHaveLength(50)
    const third = await page('page=3')
    expect(third.body.keywords).toHaveLength(TOTAL - 100)
    const second = await page('page=2')
    const paged = [first, second, third].flatMap((answer) => answer.body.keywords)
    // The pages together are the whole set, each keyword as the whole set sends it.
    expect(paged).toEqual(all.keywords)
  })

  test('a page past the last answers the last; limit picks the page size', async () => {
    const past = await page('page=9')
    expect(past.status).toBe(200)
    expect(past.body.page).toBe(3)
    expect(past.body.keywords.map((k) => k.id)).toEqual(
      (await page('page=3')).body.keywords.map((k) => k.id),
    )
    const small = await page('page=2&limit=20')
    expect(small.body).toMatchObject({ page: 2, limit: 20, total: TOTAL })
    expect(small.body.keywords.map((k) => k.id)).toEqual(
      (await whole('range=30')).keywords.slice(20, 40).map((k) => k.id),
    )
  })

  test('the summary, movers and chart keywords are those the whole set gives', async () => {
    for (const range of [7, 30, 90] as const) {
      const all = await whole(`range=${range}`)
      const { body } = await call<RankHistory>(
        `/api/rank-tracker/history?location=main&range=${range}&page=2`,
      )
      // How the screen computed them from the whole history before the page (rank-tracker-screen.tsx).
      const entries = all.keywords.map((k) => toRankingEntry(k, all.days))
      const byId = new Map(all.keywords.map((k) => [k.id, k]))
      const ids = (list: { id: string }[]) => list.map((entry) => entry.id)
      expect(body.summary).toEqual(summarizeRankings(entries))
      expect(body.summary.keywordsTracked).toBe(TOTAL)
      expect(ids(body.topPerformers)).toEqual(ids(topPerformers(entries)))
      expect(ids(body.needsImprovement)).toEqual(ids(needsImprovement(entries)))
      expect(ids(body.chart)).toEqual(defaultChartKeywords(entries))
      // The bulk checks move: the fixture has movers both ways and a full chart.
      expect(body.topPerformers).toHaveLength(3)
      expect(body.needsImprovement).toHaveLength(3)
      expect(body.chart).toHaveLength(6)
      for (const keyword of [...body.topPerformers, ...body.needsImprovement, ...body.chart])
        expect(keyword).toEqual(byId.get(keyword.id))
      expect(body.checkCounts).toEqual(
        entries.map((e) => e.positions.filter((p) => p.status === 'ok').length),
      )
      expect(body.hasChecks).toBe(true)
      expect(body.notCheckedYet).toBe(0)
    }
  })

  test('refuses a bad page or page size with 422', async () => {
    for (const query of ['page=0', 'page=x', 'page=1.5', 'page=501', 'limit=0', 'limit=101']) {
      const answer = await page(query)
      expect(answer.status, query).toBe(422)
      expect(answer.body.error?.code, query).toBe('validation_failed')
    }
  })

  test("another owner gets a 404 for the location and none of the keywords' checks", async () => {
    const other = await signUp(t.app, { email: 'other-pages@example.com' })
    await apiCaller(t.app, () => other.accessToken)('PUT', '/api/business', {
      ...businessInput,
      name: 'Other Dental',
      city: 'Dallas',
    })
    const foreign = await call(
      `/api/rank-tracker/history?location=${branchId}&page=1`,
      other.accessToken,
    )
    expect(foreign.status).toBe(404)
    const foreignAll = await call(
      `/api/rank-tracker/history/keywords?location=${branchId}`,
      other.accessToken,
    )
    expect(foreignAll.status).toBe(404)
    const mine = (await whole('range=7')).keywords.slice(0, 2).map((k) => k.id)
    const named = await call<RankKeywordsHistory>(
      `/api/rank-tracker/history/keywords?location=main&range=7&ids=${mine.join(',')}`,
      other.accessToken,
    )
    expect(named.status).toBe(200)
    expect(named.body.keywords).toEqual([])
    const theirs = await call<RankHistory>(
      '/api/rank-tracker/history?location=main',
      other.accessToken,
    )
    expect(theirs.body.keywords.some((k) => mine.includes(k.id))).toBe(false)
  })
})

describe('GET /api/rank-tracker/history/keywords', () => {
  test('sends every keyword for the export: the CSV is the one the whole history gave', async () => {
    const all = await whole('range=7')
    expect(all).toMatchObject({ range: 7, simulated: true })
    expect(all.keywords).toHaveLength(TOTAL)
    const csv = buildRankingsCsv(all).trimEnd().split('\n')
    expect(csv).toHaveLength(TOTAL + 1)
    expect(csv[1]).toContain(all.keywords[0]!.keyword)
  })

  test('sends the named keywords only, in the table order; unknown ids are left out', async () => {
    const all = (await whole('range=30')).keywords
    const [a, b] = [all[70]!, all[3]!]
    const named = await whole(`range=30&ids=${a.id},${b.id},${crypto.randomUUID()}`)
    expect(named.keywords).toEqual([b, a])
  })

  test('refuses ids that are not keyword ids, or too many, with 422', async () => {
    const many = Array.from({ length: 51 }, () => crypto.randomUUID()).join(',')
    for (const ids of ['nope', many]) {
      const answer = await call(`/api/rank-tracker/history/keywords?location=main&ids=${ids}`)
      expect(answer.status).toBe(422)
      expect(answer.body.error?.code).toBe('validation_failed')
    }
  })
})

test("the screen's load waits the simulation's 1.5 s; another page of the table does not", async () => {
  const slow = await createTestApp({ clock, env: { SIMULATED_DELAYS: 'true' } })
  try {
    const session = await signUp(slow.app, { email: 'slow-pages@example.com' })
    const owned = apiCaller(slow.app, () => session.accessToken)
    await owned('PUT', '/api/business', businessInput)
    const timed = async (query: string) => {
      const started = performance.now()
      const answer = await owned('GET', `/api/rank-tracker/history?location=main&${query}`)
      expect(answer.status).toBe(200)
      return performance.now() - started
    }
    expect(await timed('page=2')).toBeLessThan(1000)
    expect(await timed('page=1')).toBeGreaterThanOrEqual(1450)
  } finally {
    await slow.close()
  }
}, 30_000)
