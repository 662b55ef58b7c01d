// The daily Performance import and GET /api/business-profile/performance (issue 33 items 5 and 8,
// ADR 035) against the fake Google on 127.0.0.1: 18 months first, then only the days since the
// last one stored (a week back, as Google revises them); a second import changes nothing; Google's
// refusals are the import's outcome and the route says what Google refused; a revoked grant asks
// to reconnect; sample links get sample figures that go with the other sample data; the route's
// figures against a worked example; another owner gets 404.
import { automationQueue, type Schedule } from '@localseo/shared/automation'
import {
  addDays,
  profilePerformanceSchema,
  type ProfilePerformance,
} from '@localseo/shared/business-profile-performance'
import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  businessProfileDailyMetrics,
  businessProfilePerformanceImports,
  businessProfileSearchTerms,
} from '../../db/schema/business-profile-performance.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { expectShape } from '../../testing/contract.js'
import { someoneWaitsForALock, testDatabaseUrl } from '../../testing/db.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { linkedProfileOwner } from '../../testing/business-profile-owner.js'
import { importProfilePerformance } from './performance-import.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const ROUTE = '/api/business-profile'
const AUSTIN = 'locations/4815162342'
const DAY = 86_400
/** The clock's day is 2026-03-10: Google has figures up to 4 days before. */
const LAST_REPORTED = '2026-03-06'
const CURRENT_FROM = '2026-02-07'

/** The worked example: each metric's daily figure before CURRENT_FROM, and from it on. */
const FIGURES: Record<string, [number, number]> = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: [1, 1],
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: [2, 3],
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: [4, 5],
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: [6, 8],
  CALL_CLICKS: [2, 3],
  WEBSITE_CLICKS: [1, 1],
  BUSINESS_DIRECTION_REQUESTS: [0, 2],
}
const revised = new Map<string, number>()
const series = (_location: string, metric: string, day: string) =>
  day > LAST_REPORTED
    ? undefined
    : (revised.get(`${metric} ${day}`) ?? FIGURES[metric]![day >= CURRENT_FROM ? 1 : 0])

let fake: FakeGoogle
let t: TestApp
let clock: ReturnType<typeof createTestClock>

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  revised.clear()
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.resetReplies()
  fake.businessProfile.generateDailyMetrics(series)
  fake.revokeAll()
  fake.calls.length = 0
})
afterEach(() => t.close())

async function start(options: { google?: boolean; jobs?: boolean } = {}) {
  t = await createTestApp({
    clock,
    jobs: options.jobs,
    env: options.google === false ? {} : { ...fake.env, SECRETS_KEY },
  })
}

/** The Austin dentist with a Round Rock location; its main place linked to the recorded profile. */
const linkedOwner = (email: string, googleLocation?: string) =>
  linkedProfileOwner(t, email, googleLocation)

const days = (businessId: string) =>
  t.db
    .select()
    .from(businessProfileDailyMetrics)
    .where(eq(businessProfileDailyMetrics.businessId, businessId))
    .orderBy(asc(businessProfileDailyMetrics.day))

const terms = (businessId: string) =>
  t.db
    .select()
    .from(businessProfileSearchTerms)
    .where(eq(businessProfileSearchTerms.businessId, businessId))
    .orderBy(asc(businessProfileSearchTerms.keyword))

const run = async (businessId: string) =>
  (
    await t.db
      .select()
      .from(businessProfilePerformanceImports)
      .where(eq(businessProfilePerformanceImports.businessId, businessId))
  )[0]

const performance = async (call: Awaited<ReturnType<typeof linkedOwner>>, location = 'main') => {
  const answer = await call<ProfilePerformance>('GET', `${ROUTE}/performance?location=${location}`)
  expect(answer.status).toBe(200)
  expectShape(profilePerformanceSchema, answer.body)
  return answer.body
}

const linked = (answer: ProfilePerformance) => {
  if (answer.status !== 'linked') throw new Error('not linked')
  return answer
}

describe('importing the performance', () => {
  test('18 months first, then the days since the last one stored; a second import changes nothing', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.businessProfile.performanceCalls.length = 0
    const first = await importProfilePerformance(t.deps, call.businessId)
    expect(first?.outcome).toBe('Business Profile performance: 1 of 1 location imported')
    const from = addDays('2026-03-09', -547)
    // One request for the 7 metrics over 18 months, and the two pages of search terms.
    expect(fake.businessProfile.performanceCalls).toEqual([
      { location: AUSTIN, from, to: '2026-03-09' },
      { location: AUSTIN, from: '2025-12', to: '2026-02' },
      { location: AUSTIN, from: '2025-12', to: '2026-02' },
    ])
    const rows = await days(call.businessId)
    // Every day up to the last one Google reported; the 3 days it has not reported yet are not zeros.
    expect(rows[0]!.day).toBe(from)
    expect(rows.at(-1)!.day).toBe(LAST_REPORTED)
    expect(rows).toHaveLength(545)
    expect(rows.at(-1)).toMatchObject({ calls: 3, mobileSearch: 8, directions: 2, sample: false })
    expect(await run(call.businessId)).toMatchObject({
      status: 'ok',
      firstDay: from,
      lastDay: LAST_REPORTED,
      termsStartMonth: '2025-12',
      termsEndMonth: '2026-02',
    })
    const stored = await terms(call.businessId)
    expect(stored.map((r) => [r.keyword, r.impressions, r.below])).toEqual([
      ['bright smile dental', 412, null],
      ['dentist austin', 1520, null],
      ['emergency dentist near me', null, 15],
      ['teeth whitening austin tx', 96, null],
    ])

    // The same day again: the same rows, not even imported_at rewritten.
    await importProfilePerformance(t.deps, call.businessId)
    expect(await days(call.businessId)).toEqual(rows)
    expect(await terms(call.businessId)).toEqual(stored)

    // The next day: only the week before the last day stored up to yesterday; the terms wait.
    clock.advance(DAY)
    fake.businessProfile.performanceCalls.length = 0
    revised.set('CALL_CLICKS 2026-03-04', 9)
    const next = await importProfilePerformance(t.deps, call.businessId)
    expect(fake.businessProfile.performanceCalls).toEqual([
      { location: AUSTIN, from: '2026-02-27', to: '2026-03-10' },
    ])
    // Google revised one recent day: that row only is written again.
    expect(next?.results[0]).toMatchObject({ status: 'ok', written: 1 })
    const after = await days(call.businessId)
    const changed = after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(rows[i]))
    expect(changed.map((r) => [r.day, r.calls])).toEqual([['2026-03-04', 9]])
  })

  test('the search terms are read again when a month ends', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfilePerformance(t.deps, call.businessId)
    clock.set(new Date('2026-04-01T15:00:00Z'))
    fake.businessProfile.performanceCalls.length = 0
    await importProfilePerformance(t.deps, call.businessId)
    expect(fake.businessProfile.performanceCalls.slice(1)).toEqual([
      { location: AUSTIN, from: '2026-01', to: '2026-03' },
      { location: AUSTIN, from: '2026-01', to: '2026-03' },
    ])
    expect(await run(call.businessId)).toMatchObject({ termsEndMonth: '2026-03' })
  })

  test("Google's 429 and 403 are the outcome: nothing stored, nothing thrown, and the card's answer says what Google refused", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.businessProfile.failBusinessProfile('quota')
    const refused = await importProfilePerformance(t.deps, call.businessId)
    expect(refused?.outcome).toContain('1 not imported: Google Business Profile refused:')
    expect(await days(call.businessId)).toEqual([])
    const answer = linked(await performance(call))
    expect(answer.source).toEqual({ kind: 'not_imported' })
    expect(answer.failure?.reason).toContain('requests Business Profile API access')
    expect(answer.current).toBeNull()

    fake.businessProfile.failBusinessProfile('disabled')
    await importProfilePerformance(t.deps, call.businessId)
    expect(linked(await performance(call)).failure?.reason).toContain('turned off')

    // The next run that Google answers stores the figures and clears the failure.
    fake.businessProfile.failBusinessProfile(null)
    await importProfilePerformance(t.deps, call.businessId)
    const good = linked(await performance(call))
    expect(good.failure).toBeNull()
    expect(good.source).toEqual({ kind: 'google', importedAt: '2026-03-10T15:00:00.000Z' })

    // A later refusal keeps the figures before, and says so.
    fake.businessProfile.failBusinessProfile('denied')
    await importProfilePerformance(t.deps, call.businessId)
    const kept = linked(await performance(call))
    expect(kept.failure?.reason).toContain('cannot manage that Business Profile')
    expect(kept.current?.totals.calls).toBe(84)
  })

  test("a grant revoked at Google: the connection reads 'Reconnect' and nothing is stored or asked again", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.revokeAll()
    const revoked = await importProfilePerformance(t.deps, call.businessId)
    expect(revoked?.results[0]?.status).toBe('failed')
    expect(await days(call.businessId)).toEqual([])
    expect((await call<{ connection: string }>('GET', ROUTE)).body.connection).toBe('revoked')
    fake.businessProfile.performanceCalls.length = 0
    expect((await importProfilePerformance(t.deps, call.businessId))?.outcome).toBe(
      'Business Profile performance: reconnect Google to import again',
    )
    expect(fake.businessProfile.performanceCalls).toEqual([])
  })

  test('a 401 a renewed token does not cure is a recorded failure, never a 5xx', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.businessProfile.failBusinessProfile('unauthenticated')
    const answer = await importProfilePerformance(t.deps, call.businessId)
    expect(answer?.results[0]?.status).toBe('failed')
    expect(linked(await performance(call)).failure).not.toBeNull()
  })

  test('another profile location linked to the place: the figures of the one before go', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfilePerformance(t.deps, call.businessId)
    await call('PUT', `${ROUTE}/links/main`, { googleLocation: 'locations/2718281828' })
    expect(await days(call.businessId)).toEqual([])
    expect(await terms(call.businessId)).toEqual([])
    expect(await run(call.businessId)).toBeUndefined()
  })

  // An import locks its link, then writes the link's rows, each insert taking a key-share lock on
  // the business. Relinking locked the business for update, removed the old link's rows, then
  // waited for the link: each waited for the other (PostgreSQL: 'deadlock detected', a 500).
  // ADR 056. Only PostgreSQL runs two transactions side by side; PGlite has one connection.
  test.runIf(testDatabaseUrl)(
    'relinking while an import writes the link neither deadlocks nor fails (PostgreSQL)',
    async () => {
      await start()
      const call = await linkedOwner('owner@example.com')
      const [link] = await t.db.select().from(businessProfileLinks)
      let commit: () => void = () => undefined
      const mayCommit = new Promise<void>((resolve) => (commit = resolve))
      let locked: () => void = () => undefined
      const linkLocked = new Promise<void>((resolve) => (locked = resolve))
      // What storeLocation does, held open between its lock and its writes.
      const importing = t.db.transaction(async (tx) => {
        await tx
          .select({ id: businessProfileLinks.id })
          .from(businessProfileLinks)
          .where(eq(businessProfileLinks.id, link!.id))
          .for('update')
        locked()
        await mayCommit
        await tx.insert(businessProfileSearchTerms).values({
          businessId: call.businessId,
          linkId: link!.id,
          keyword: 'dentist near me',
          impressions: 40,
        })
      })
      await linkLocked
      const relinking = call('PUT', `${ROUTE}/links/main`, {
        googleLocation: 'locations/2718281828',
      })
      expect(await someoneWaitsForALock(t.database)).toBe(true)
      commit()
      await importing
      expect((await relinking).status).toBe(200)
      // The import wrote first; the relink then removed the old profile's terms.
      expect(await terms(call.businessId)).toEqual([])
    },
  )

  test('the daily Google import’s job imports it; Settings shows its outcome', async () => {
    await start({ jobs: true })
    const call = await linkedOwner('owner@example.com')
    await t.deps.jobs.whenIdle()
    expect(await days(call.businessId)).toHaveLength(545)
    await t.deps.jobs.send(
      automationQueue('google_import'),
      { businessId: call.businessId },
      call.businessId,
    )
    await t.deps.jobs.whenIdle()
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    expect(body.schedules.find((s) => s.kind === 'google_import')?.lastOutcome).toContain(
      'Business Profile performance: 1 of 1 location imported',
    )
  })
})

describe('the performance route', () => {
  test('the 28 days up to the last reported day against the 28 before, the chart and the top terms', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfilePerformance(t.deps, call.businessId)
    const answer = linked(await performance(call))
    expect(answer.profile).toEqual({
      googleLocation: AUSTIN,
      title: expect.any(String) as string,
      sample: false,
    })
    expect(answer.range).toEqual({ from: addDays('2026-03-09', -547), to: LAST_REPORTED })
    expect(answer.current?.period).toEqual({ from: CURRENT_FROM, to: LAST_REPORTED })
    expect(answer.previous?.period).toEqual({ from: '2026-01-10', to: '2026-02-06' })
    // 28 days of 1, 3, 5 and 8 views; 3 calls, 2 direction requests, 1 website click a day.
    expect(answer.current?.totals).toEqual({
      desktopMaps: 28,
      desktopSearch: 84,
      mobileMaps: 140,
      mobileSearch: 224,
      impressions: 476,
      maps: 168,
      search: 308,
      mobile: 364,
      desktop: 112,
      calls: 84,
      directions: 56,
      websiteClicks: 28,
    })
    expect(answer.previous?.totals).toMatchObject({ impressions: 364, calls: 56, directions: 0 })
    expect(answer.change).toMatchObject({
      impressions: 30.8, // 476 against 364
      calls: 50,
      directions: null, // from 0: no percentage
      websiteClicks: 0,
      maps: 20,
      search: 37.5,
      mobile: 30,
      desktop: 33.3,
    })
    expect(answer.days).toHaveLength(90)
    expect(answer.days.at(-1)).toMatchObject({ day: LAST_REPORTED, calls: 3 })
    expect(answer.searchTerms).toEqual({
      startMonth: '2025-12',
      endMonth: '2026-02',
      total: 4,
      terms: [
        { keyword: 'dentist austin', impressions: 1520, below: null },
        { keyword: 'bright smile dental', impressions: 412, below: null },
        { keyword: 'teeth whitening austin tx', impressions: 96, below: null },
        { keyword: 'emergency dentist near me', impressions: null, below: 15 },
      ],
    })
  })

  test('not linked and not imported yet are answers; bad input is 422; another owner’s location is 404', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    expect(await performance(call, call.roundRock)).toEqual({ status: 'not_linked' })
    expect(linked(await performance(call))).toMatchObject({
      source: { kind: 'not_imported' },
      failure: null,
      current: null,
      days: [],
      searchTerms: null,
    })
    expect((await call('GET', `${ROUTE}/performance?location=${'x'.repeat(101)}`)).status).toBe(422)
    await importProfilePerformance(t.deps, call.businessId)
    const other = await linkedOwner('other@example.com')
    const foreign = await other('GET', `${ROUTE}/performance?location=${call.roundRock}`)
    expect(foreign.status).toBe(404)
    // The other owner's main place: their own link, never the first owner's figures.
    expect(linked(await performance(other)).current).toBeNull()
  })
})

describe('without a Google client', () => {
  test('a sample link gets sample figures, the same at every import, removed with the other sample data', async () => {
    await start({ google: false })
    const call = await linkedOwner('owner@example.com', 'locations/sample-main')
    const first = await importProfilePerformance(t.deps, call.businessId)
    expect(first?.outcome).toBe('Business Profile performance (sample): 1 of 1 location imported')
    const rows = await days(call.businessId)
    expect(rows.every((r) => r.sample)).toBe(true)
    // Up to 3 days before today, as Google's usually are; a small business's magnitudes.
    expect(rows.at(-1)!.day).toBe('2026-03-07')
    const answer = linked(await performance(call))
    expect(answer.source).toEqual({ kind: 'sample' })
    expect(answer.current!.totals.calls).toBeGreaterThan(20)
    expect(answer.current!.totals.calls).toBeLessThan(200)
    expect(answer.current!.totals.impressions).toBeGreaterThan(1000)
    expect(answer.searchTerms?.terms.length).toBeGreaterThan(3)
    expect(answer.searchTerms?.terms.at(-1)?.below).toBe(15)

    // A later day's import writes the same figures for the days it had.
    clock.advance(DAY)
    await importProfilePerformance(t.deps, call.businessId)
    const later = await days(call.businessId)
    expect(later.slice(0, rows.length)).toEqual(rows)
    expect(later.at(-1)!.day).toBe('2026-03-08')

    clock.set(new Date('2026-03-10T15:00:00Z'))
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect(await days(call.businessId)).toEqual([])
    expect(await terms(call.businessId)).toEqual([])
    expect(await run(call.businessId)).toBeUndefined()
  })
})
