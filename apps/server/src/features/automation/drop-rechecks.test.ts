// A drop is confirmed before it is told (issue 34 item 5, docs/decisions/039-confirmed-drops.md): the
// daily check's drop waits 30 minutes for a second check; a confirmed drop is an alert that names both
// checks, a refuted one is no alert and its second answer is the day's position, a failed or unasked
// second check is no alert and never a position; a rise is told at once.
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Notification } from '@localseo/shared/alerts'
import type { RankHistory } from '@localseo/shared/rank-tracker'
import { businesses } from '../../db/schema/business.js'
import { keywords } from '../../db/schema/keywords.js'
import { queryLedger } from '../../db/schema/query-ledger.js'
import { rankQueryUsage } from '../../db/schema/rank-providers.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { RankProvider } from '../keywords/public.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signIn, signUp, type TestSession } from '../../testing/auth.js'
import { delaysOf, runDropRechecks } from '../../testing/delayed-jobs.js'
import { businessInput } from '../../testing/factories.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { DROP_RECHECK_QUEUE, RECHECK_PAUSE_SECONDS } from './drop-rechecks.js'

const KEYWORD = 'dentist open saturday austin'
const DAY_0 = '2026-03-10'
const DAY_1 = '2026-03-11'
const DAY_2 = '2026-03-12'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** An answer of the test provider: a position, not found (null), or a failed check. */
type Answer = number | null | 'failed'

/**
 * The test provider: for KEYWORD, each day's answers in the order asked (the last one repeats), the
 * organic search and the map search apart; every other keyword stays at #50 and #10. Counts the asks.
 */
function scriptedProvider(organic: Record<string, Answer[]>, map: Record<string, Answer[]> = {}) {
  const asked = new Map<string, number>()
  const next = (kind: string, script: Record<string, Answer[]>, day: string): Answer => {
    const key = `${kind}|${day}`
    const n = asked.get(key) ?? 0
    asked.set(key, n + 1)
    const answers = script[day] ?? [50]
    return answers[Math.min(n, answers.length - 1)]!
  }
  const failed = { status: 'failed' as const, reason: 'The test provider did not answer.' }
  const provider: RankProvider = {
    simulated: false,
    label: 'Test provider',
    check: (batch) =>
      Promise.resolve(
        batch.map((q) => {
          const answer = q.keyword === KEYWORD ? next('organic', organic, q.day) : 50
          return answer === 'failed' ? failed : { status: 'ok' as const, position: answer }
        }),
      ),
    checkMapPack: (batch) =>
      Promise.resolve(
        batch.map((q) => {
          const answer = q.keyword === KEYWORD ? next('map', map, q.day) : 10
          if (answer === 'failed') return failed
          return { status: 'ok' as const, position: answer, business: null, places: [] }
        }),
      ),
  }
  const asks = (kind: 'organic' | 'map', day: string) => asked.get(`${kind}|${day}`) ?? 0
  return { provider, asks }
}

/**
 * An owner tracking KEYWORD from 2026-03-10 15:00 UTC (10:00 in the business's Austin time, daylight
 * saving time), the daily check run each `nextDay()`.
 */
async function setUp(rank: RankProvider, { pin = false, env = {} } = {}) {
  const clock = createTestClock(new Date(`${DAY_0}T15:00:00Z`))
  const app = await createTestApp({ clock, rank, jobs: true, env })
  t = app
  let owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = <T>(method: string, path: string, body?: unknown, as?: TestSession) =>
    apiCaller(app.app, () => (as ?? owner).accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', businessInput)
  for (const kind of ['backlink_checks', 'site_audits', 'google_import']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  if (pin) await call('PUT', '/api/business/coordinates', { lat: 30.2672, lng: -97.7431 })
  await app.deps.jobs.whenIdle()
  await call('POST', '/api/rank-tracker/keywords', { keyword: KEYWORD })
  // A real provider's first check is a job (issue 36 item 3): done before the planner's tick.
  await app.deps.jobs.whenIdle()
  await app.automation!.tick()
  await app.deps.jobs.whenIdle()
  const nextDay = async () => {
    clock.advance(86_400)
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    owner = await signIn(app.app, { email: owner.email, password: 'correct horse battery' })
  }
  /** The pause passes and the waiting second checks run. */
  const recheck = async () => {
    const ran = await runDropRechecks(app, clock)
    owner = await signIn(app.app, { email: owner.email, password: 'correct horse battery' })
    return ran
  }
  const alerts = async () =>
    (await call<{ notifications: Notification[] }>('GET', '/api/alerts')).body.notifications.map(
      (n) => n.message,
    )
  const [business] = await app.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, owner.userId))
  /** The stored check of KEYWORD on a day. */
  const day = async (date: string) => {
    const [row] = await app.db
      .select({
        status: rankPositions.status,
        position: rankPositions.position,
        mapPosition: rankPositions.mapPosition,
        checks: rankPositions.checks,
        provider: rankPositions.provider,
        recheck: rankPositions.recheck,
      })
      .from(rankPositions)
      .innerJoin(keywords, eq(keywords.id, rankPositions.keywordId))
      .where(and(eq(keywords.keywordKey, KEYWORD), eq(rankPositions.day, date)))
    return row
  }
  return { app, call, nextDay, recheck, alerts, day, businessId: business!.id }
}

describe('a drop is checked again before it is told', () => {
  test('a confirmed drop is one alert, after the pause, naming both checks', async () => {
    const { provider } = scriptedProvider({ [DAY_0]: [2], [DAY_1]: [8, 9] })
    const { app, nextDay, recheck, alerts, day } = await setUp(provider)

    await nextDay() // #2 -> #8: out of the top 3, not told yet
    expect(await alerts()).toEqual([])
    expect(await delaysOf(app, DROP_RECHECK_QUEUE)).toEqual([RECHECK_PAUSE_SECONDS])

    expect(await recheck()).toBe(1)
    expect(await alerts()).toEqual([
      "'dentist open saturday austin' left the top 3: now #8 (was #2). Checked twice: Test provider #8 at 10:00, Test provider #9 at 10:30.",
    ])
    // The day keeps its first check; the note keeps both.
    expect(await day(DAY_1)).toMatchObject({
      position: 8,
      checks: 1,
      recheck:
        'The drop was checked twice and confirmed: Test provider #8 at 10:00, Test provider #9 at 10:30.',
    })
    // Nothing is left waiting: a second run tells nothing twice.
    expect(await recheck()).toBe(0)
    expect(await alerts()).toHaveLength(1)
  })

  test('a refuted drop is no alert, and its second answer is the day’s position', async () => {
    const { provider } = scriptedProvider({ [DAY_0]: [2], [DAY_1]: [8, 3], [DAY_2]: [9] })
    const { call, nextDay, recheck, alerts, day } = await setUp(provider)

    await nextDay()
    await recheck()
    expect(await alerts()).toEqual([])
    expect(await day(DAY_1)).toMatchObject({
      status: 'ok',
      position: 3,
      checks: 2,
      provider: 'Test provider',
      recheck:
        "The drop was not confirmed: Test provider #8 at 10:00, then Test provider #3 at 10:30, the day's position now.",
    })
    const history = await call<RankHistory>(
      'GET',
      '/api/rank-tracker/history?location=main&range=7',
    )
    const entry = history.body.keywords.find((k) => k.keyword.toLowerCase() === KEYWORD)
    expect(entry?.checks.slice(-2)).toEqual([2, 3])
    // The first answer stays visible beside the day's position.
    expect(entry?.latestCheck?.recheck).toBe(
      "The drop was not confirmed: Test provider #8 at 10:00, then Test provider #3 at 10:30, the day's position now.",
    )

    // The next day's move is measured from the day's position, #3, not from #8.
    await nextDay()
    await recheck()
    expect(await alerts()).toEqual([
      "'dentist open saturday austin' left the top 3: now #9 (was #3). Checked twice: Test provider #9 at 10:30, Test provider #9 at 11:00.",
    ])
  })

  test('a failed second check is no alert and never a position: the drop stays unconfirmed', async () => {
    const { provider } = scriptedProvider({ [DAY_0]: [2], [DAY_1]: [8, 'failed'] })
    const { nextDay, recheck, alerts, day } = await setUp(provider)

    await nextDay()
    await recheck()
    expect(await alerts()).toEqual([])
    expect(await day(DAY_1)).toMatchObject({
      status: 'ok',
      position: 8,
      checks: 1,
      recheck:
        'The drop to Test provider #8 at 10:00 could not be checked again (The test provider did not answer.), so it is not confirmed.',
    })
  })

  test('a second check past the day’s query budget is not asked, and no alert goes out today', async () => {
    const { provider, asks } = scriptedProvider({ [DAY_0]: [2], [DAY_1]: [8, 8] })
    const { app, nextDay, recheck, alerts, day, businessId } = await setUp(provider, {
      env: { SERP_DAILY_QUERY_BUDGET: '40' },
    })

    await nextDay()
    // The rest of the day's budget goes to other searches before the second check.
    await app.db
      .update(rankQueryUsage)
      .set({ used: 40 })
      .where(and(eq(rankQueryUsage.businessId, businessId), eq(rankQueryUsage.day, DAY_1)))
    await recheck()
    expect(asks('organic', DAY_1)).toBe(1)
    expect(await alerts()).toEqual([])
    expect(await day(DAY_1)).toMatchObject({
      position: 8,
      recheck:
        "The drop to Test provider #8 at 10:00 was not checked again: the day's query budget was spent.",
    })
  })

  test('a drop out of the map pack’s top 3 is confirmed by a second map search', async () => {
    const { provider, asks } = scriptedProvider(
      { [DAY_0]: [5], [DAY_1]: [5] },
      { [DAY_0]: [2], [DAY_1]: [6, 7] },
    )
    const { nextDay, recheck, alerts, day } = await setUp(provider, { pin: true })

    await nextDay()
    expect(await alerts()).toEqual([])
    await recheck()
    expect(await alerts()).toEqual([
      "'dentist open saturday austin' left the top 3 of the map pack: now #6 (was #2). Checked twice: Test provider #6 at 10:00, Test provider #7 at 10:30.",
    ])
    // Only the map search is asked again: the organic position did not drop.
    expect(asks('organic', DAY_1)).toBe(1)
    expect(asks('map', DAY_1)).toBe(2)
    expect(await day(DAY_1)).toMatchObject({ position: 5, mapPosition: 6 })
  })

  test('a map drop the second search refutes is no alert, its answer the day’s map position', async () => {
    const { provider } = scriptedProvider(
      { [DAY_0]: [5], [DAY_1]: [5] },
      { [DAY_0]: [2], [DAY_1]: [null, 1] },
    )
    const { nextDay, recheck, alerts, day } = await setUp(provider, { pin: true })

    await nextDay()
    await recheck()
    expect(await alerts()).toEqual([])
    expect(await day(DAY_1)).toMatchObject({
      position: 5,
      mapPosition: 1,
      recheck:
        "Map results: the drop was not confirmed: Test provider not in the map results at 10:00, then Test provider #1 at 10:30, the day's position now.",
    })
  })

  test('a keyword gone from the top 100 is a drop, told once a second check agrees', async () => {
    const { provider } = scriptedProvider({ [DAY_0]: [4], [DAY_1]: [null, null] })
    const { nextDay, recheck, alerts } = await setUp(provider)

    await nextDay()
    expect(await alerts()).toEqual([])
    await recheck()
    expect(await alerts()).toEqual([
      "'dentist open saturday austin' is no longer in the top 100 (was #4). Checked twice: Test provider not in the top 100 at 10:00, Test provider not in the top 100 at 10:30.",
    ])
  })

  test('a rise is told at once, with no second check', async () => {
    const { provider } = scriptedProvider({ [DAY_0]: [20], [DAY_1]: [8] })
    const { app, nextDay, alerts } = await setUp(provider)

    await nextDay()
    expect(await alerts()).toEqual([
      "'dentist open saturday austin' rose 12 places to #8 (was #20).",
    ])
    expect(await delaysOf(app, DROP_RECHECK_QUEUE)).toEqual([])
  })

  test('a failed day is neither a move nor the position the next move is measured from', async () => {
    // Counted as 101, the failure would make #3 a rise of 98; counted as 0, a drop to check.
    const { provider } = scriptedProvider({ [DAY_0]: [2], [DAY_1]: ['failed'], [DAY_2]: [3] })
    const { app, nextDay, alerts, day } = await setUp(provider)

    await nextDay()
    expect(await day(DAY_1)).toMatchObject({ status: 'failed', position: null })
    await nextDay()
    expect(await alerts()).toEqual([])
    expect(await delaysOf(app, DROP_RECHECK_QUEUE)).toEqual([])
  })
})

describe('with two search-results providers', () => {
  const KEY = 'serp-test-key-4242'
  let fake: FakeSerp
  beforeAll(async () => {
    fake = await startFakeSerp({ key: KEY })
  })
  afterAll(() => fake.close())

  test('the second check asks the other provider, and the alert names both', async () => {
    const clock = createTestClock(new Date(`${DAY_0}T15:00:00Z`))
    t = await createTestApp({
      clock,
      jobs: true,
      env: {
        SECRETS_KEY: Buffer.alloc(32, 3).toString('hex'),
        SERP_BASE_URL: fake.origin,
        // The instance's provider is Serper; the business checks with its own SerpApi key.
        SERP_PROVIDER: 'serper',
        SERP_API_KEY: KEY,
      },
    })
    t.deps.rank = undefined
    const app = t
    const owner = await signUp(app.app, { email: 'two-providers@example.com' })
    const call = apiCaller(app.app, () => owner.accessToken)
    await call('PUT', '/api/business', {
      ...businessInput,
      website: 'https://www.brightsmiledental.com',
    })
    for (const kind of ['backlink_checks', 'site_audits', 'google_import']) {
      await call('PUT', '/api/automation', { kind, frequency: 'off' })
    }
    await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
    await app.deps.jobs.whenIdle()
    await call('POST', '/api/rank-tracker/keywords', { keyword: 'dentist austin' })
    await app.deps.jobs.whenIdle()
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    // The day before was #2 (both providers find the website at #14 today).
    const [tracked] = await app.db
      .select({ id: keywords.id })
      .from(keywords)
      .where(eq(keywords.keywordKey, 'dentist austin'))
    await app.db
      .update(rankPositions)
      .set({ position: 2 })
      .where(and(eq(rankPositions.keywordId, tracked!.id), eq(rankPositions.day, DAY_0)))

    clock.advance(86_400)
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    const before = fake.requests.length
    expect(await runDropRechecks(app, clock)).toBe(1)

    const second = fake.requests.slice(before)
    expect(second.length).toBeGreaterThan(0)
    expect(second.every((r) => r.provider === 'serper' && r.params.q === 'dentist austin')).toBe(
      true,
    )
    // Its queries are the day's rank checks of Serper in the month's ledger, at Serper's price.
    const [serper] = await app.db
      .select({ queries: queryLedger.queries })
      .from(queryLedger)
      .where(and(eq(queryLedger.day, DAY_1), eq(queryLedger.provider, 'Serper')))
    expect(serper).toEqual({ queries: second.length })
    const again = await signIn(app.app, { email: owner.email, password: 'correct horse battery' })
    const list = await apiCaller(app.app, () => again.accessToken)<{
      notifications: Notification[]
    }>('GET', '/api/alerts')
    expect(list.body.notifications.map((n) => n.message)).toEqual([
      "'dentist austin' left the top 3: now #14 (was #2). Checked twice: SerpApi #14 at 10:00, Serper #14 at 10:30.",
    ])
  })
})
