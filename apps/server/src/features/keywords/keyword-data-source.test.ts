// The keyword data source (issue 18 item 4, ADR 024) against a fake DataForSEO on 127.0.0.1
// (testing/fake-dataforseo.ts): real monthly volumes, competition and CPC on every screen with their
// source and month; answers stored per place, keyword and month, so a second search asks nothing;
// a screen only reads them, asked where keywords are written, searched or by the jobs (issue 30
// item 8); a keyword without data is 'no data' (null), never 0; every failure falls back to the
// labelled estimate with its reason; the credentials are never answered, logged or stored.
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import type { RankHistory } from '@localseo/shared/rank-tracker'
import { createApp } from '../../app.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp, type RequestTarget } from '../../testing/auth.js'
import { databaseText, rows } from '../../testing/db-fingerprint.js'
import { startFakeDataForSeo, type FakeDataForSeo } from '../../testing/fake-dataforseo.js'
import { businessInput } from '../../testing/factories.js'
import { runWaitingAnalyses } from '../../testing/keyword-analyses.js'
import { traceLogger } from '../../testing/trace-logs.js'
import { askSearchFigures, runFirstChecks } from './first-checks.js'

const LOGIN = 'owner@agency.example'
const PASSWORD = 'dfs-pass-5f1e9a7c3b'
let fake: FakeDataForSeo
let t: TestApp | undefined
beforeAll(async () => {
  fake = await startFakeDataForSeo({ login: LOGIN, password: PASSWORD })
})
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  t = undefined
  fake.requests.length = 0
})

const dataforseo = (env: Record<string, string> = {}) => ({
  KEYWORD_DATA_PROVIDER: 'dataforseo',
  DATAFORSEO_LOGIN: LOGIN,
  DATAFORSEO_PASSWORD: PASSWORD,
  DATAFORSEO_URL: fake.origin,
  KEYWORD_DATA_TIMEOUT_MS: '400',
  ...env,
})

async function ownerOf(app: RequestTarget, email: string, business = businessInput) {
  const owner = await signUp(app, { email })
  const call = apiCaller(app, () => owner.accessToken)
  await call('PUT', '/api/business', business)
  return call
}

type Call = Awaited<ReturnType<typeof ownerOf>>

type Search = { keywords: PlannerKeyword[]; pending?: boolean }

/**
 * A planner search answers at once with the figures stored (issue 36 item 3): the job it sent for
 * the rest runs here (this app runs no workers), then the planner reads the search again.
 */
async function searchAsked(app: TestApp, call: Call, body: object) {
  const first = await call<Search>('POST', '/api/planner/search', body)
  const { rows: jobs } = await app.database.executeSql(
    `delete from pgboss.job where name = 'keywords.ask-figures' and state = 'created' returning data`,
  )
  for (const job of jobs)
    await askSearchFigures(app.deps, job.data as Parameters<typeof askSearchFigures>[1])
  return first.body.pending ? call<Search>('POST', '/api/planner/search', body) : first
}

/**
 * An analysis answers before DataForSEO is asked (issue 36 item 3): its job asks for the figures
 * (this app runs no workers, so it runs here), and the screen then reads the keyword's record.
 */
async function analyse(call: Call, keyword: string) {
  const asked = fake.requests.length
  const res = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
    keyword,
    locationId: null,
  })
  expect(res.status).toBe(202)
  expect(fake.requests.length).toBe(asked)
  await runWaitingAnalyses(t!)
  const listed = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  const record = listed.body.keywords.find((k) => k.id === res.body.keyword.id)
  if (!record) throw new Error(`${keyword} is not listed`)
  return record
}

const MEASURED = { kind: 'measured', provider: 'DataForSEO (Google Ads)', month: '2026-10' }

test('a keyword with data shows its monthly volume, competition and CPC with source and month on every screen', async () => {
  t = await createTestApp({
    env: dataforseo(),
    clock: createTestClock(new Date('2026-11-25T12:00:00Z')),
  })
  const call = await ownerOf(t.app, 'measured@example.com')
  const record = await analyse(call, 'dentist austin')
  expect(record).toMatchObject({ volume: 1900, difficulty: 'medium', volumeSource: MEASURED })
  const asked = fake.requests.find((r) => r.keywords.includes('dentist austin'))
  expect(asked).toMatchObject({
    credentials: `${LOGIN}:${PASSWORD}`,
    locationName: 'Austin,Texas,United States',
    languageCode: 'en',
  })

  const ideas = await searchAsked(t, call, { q: 'dentist' })
  const idea = ideas.body.keywords.find((k) => k.keyword === 'dentist austin')
  expect(idea).toMatchObject({
    volume: 1900,
    cpc: 6.85,
    competition: 0.48,
    difficulty: 'medium',
    trend: 'up',
    volumeSource: MEASURED,
  })
  expect(idea?.monthlySearches).toHaveLength(12)
  expect(idea?.monthlySearches?.at(-1)).toEqual({ month: '2026-10', volume: 2280 })
  // One request for all the planner's ideas, not one per idea.
  expect(fake.requests.filter((r) => r.keywords.includes('dentist near me'))).toHaveLength(1)

  await call('POST', '/api/planner/saved', { keyword: 'dentist austin', locationId: null })
  const saved = await call<{ keywords: PlannerKeyword[] }>('GET', '/api/planner/saved')
  expect(saved.body.keywords.find((k) => k.keyword === 'dentist austin')).toMatchObject({
    volume: 1900,
    volumeSource: MEASURED,
  })
  const listed = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  expect(listed.body.keywords.find((k) => k.keyword === 'dentist austin')).toMatchObject({
    volume: 1900,
    volumeSource: MEASURED,
  })
  await call('POST', '/api/rank-tracker/keywords', { keyword: 'dentist austin', location: 'main' })
  const history = await call<RankHistory>('GET', '/api/rank-tracker/history?location=main&range=7')
  expect(history.body.keywords.find((k) => k.keyword === 'dentist austin')).toMatchObject({
    volume: 1900,
    volumeSource: MEASURED,
  })
  const dashboard = await call<{ topKeywords: KeywordRecord[] }>('GET', '/api/dashboard')
  const top = dashboard.body.topKeywords.find((k) => k.keyword === 'dentist austin')
  if (top) expect(top).toMatchObject({ volume: 1900, volumeSource: MEASURED })
})

test('a search answers without asking DataForSEO: the figures it lacks come from a job, and it says so (issue 36 item 3)', async () => {
  t = await createTestApp({ env: dataforseo() })
  const call = await ownerOf(t.app, 'later@example.com')
  const first = await call<Search>('POST', '/api/planner/search', { q: 'dentist' })
  expect(first.status).toBe(200)
  expect(fake.requests).toHaveLength(0)
  expect(first.body.pending).toBe(true)
  const idea = (search: Search) => search.keywords.find((k) => k.keyword === 'dentist austin')
  expect(idea(first.body)?.volumeSource).toMatchObject({ kind: 'estimate' })
  const { rows: jobs } = await t.database.executeSql(
    `select data from pgboss.job where name = 'keywords.ask-figures' and state = 'created'`,
  )
  expect(jobs).toHaveLength(1)

  await askSearchFigures(t.deps, jobs[0]!.data as Parameters<typeof askSearchFigures>[1])
  // One request for all the search's ideas.
  expect(fake.requests).toHaveLength(1)
  const again = await call<Search>('POST', '/api/planner/search', { q: 'dentist' })
  expect(again.body.pending).toBe(false)
  expect(idea(again.body)).toMatchObject({ volume: 1900, volumeSource: MEASURED })
  expect(fake.requests).toHaveLength(1)
})

test('answers are stored per place, keyword and month: a second search asks DataForSEO nothing', async () => {
  const clock = createTestClock(new Date('2026-11-30T23:30:00Z'))
  t = await createTestApp({ env: dataforseo(), clock })
  const call = await ownerOf(t.app, 'cached@example.com')
  const app = t
  const search = (who: Call = call) => searchAsked(app, who, {})
  await search()
  const asked = fake.requests.length
  expect(asked).toBe(1)
  await search()
  await call('GET', '/api/keywords?location=main')
  await call('GET', '/api/dashboard')
  expect(fake.requests).toHaveLength(asked)
  // Another business in the same city reads the same stored figures.
  const neighbour = await ownerOf(t.app, 'neighbour@example.com')
  await search(neighbour)
  expect(fake.requests).toHaveLength(asked)
  const stored = await rows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from keyword_volumes where month = '2026-11'`,
  )
  expect(stored[0]?.n).toBeGreaterThan(10)
  // Next month (within the session's hour) the figures are asked again, once.
  clock.set(new Date('2026-12-01T00:10:00Z'))
  await search()
  await search()
  expect(fake.requests).toHaveLength(asked + 1)
})

test('a screen never asks DataForSEO: it reads what the jobs and the writes stored, and says when nothing is', async () => {
  const clock = createTestClock(new Date('2026-11-30T23:30:00Z'))
  // The queue does not run here: the first checks' job runs when the test says.
  t = await createTestApp({ env: dataforseo(), clock })
  const call = await ownerOf(t.app, 'reader@example.com')
  const screens = async () => {
    const listed = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
    await call('GET', '/api/keywords/suggestions?location=main')
    await call('GET', '/api/planner/saved')
    await call('GET', '/api/rank-tracker/history?location=main&range=7')
    await call('GET', '/api/dashboard')
    return listed.body.keywords
  }
  // Before the job the save sent has run: the defaults are estimates that say why.
  const before = await screens()
  expect(fake.requests).toHaveLength(0)
  expect(before.length).toBeGreaterThan(0)
  for (const record of before) {
    expect(record.volumeSource).toMatchObject({
      kind: 'estimate',
      reason: expect.stringContaining('has not been asked for this keyword yet') as unknown,
    })
  }
  // The job (the first checks of the default keywords) asks for all of them in one request.
  const { body } = await call<{ business: { id: string } }>('GET', '/api/business')
  await runFirstChecks(t.deps, body.business.id)
  expect(fake.requests).toHaveLength(1)
  const after = await screens()
  expect(after.map((k) => k.volumeSource.kind)).toEqual(after.map(() => 'measured'))
  // A new month (within the session's hour): the screens keep last month's stored figures,
  // labelled with their month, and still ask nothing; the next scheduled rank check asks this
  // month's.
  clock.set(new Date('2026-12-01T00:10:00Z'))
  const nextMonth = await screens()
  expect(nextMonth.map((k) => k.volumeSource)).toEqual(after.map((k) => k.volumeSource))
  expect(fake.requests).toHaveLength(1)
})

test("the scheduled rank check asks the new month's figures, so the screens read them", async () => {
  const clock = createTestClock(new Date('2026-11-30T23:30:00Z'))
  t = await createTestApp({ env: dataforseo(), clock, jobs: true })
  const call = await ownerOf(t.app, 'monthly@example.com')
  await t.deps.jobs.whenIdle()
  expect(fake.requests).toHaveLength(1)
  clock.set(new Date('2026-12-01T00:10:00Z'))
  await t.automation!.tick()
  await t.deps.jobs.whenIdle()
  expect(fake.requests).toHaveLength(2)
  const stored = await rows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from keyword_volumes where month = '2026-12'`,
  )
  const listed = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  expect(stored[0]?.n).toBe(listed.body.keywords.length)
})

test("a keyword Google Ads has no figures for is 'no data' (null), never 0", async () => {
  t = await createTestApp({ env: dataforseo() })
  const call = await ownerOf(t.app, 'nodata@example.com')
  const record = await analyse(call, 'zzzzqqq nothing')
  expect(record.volume).toBeNull()
  expect(record.difficulty).toBeNull()
  expect(record.volumeSource).toMatchObject({
    kind: 'measured',
    provider: 'DataForSEO (Google Ads)',
  })
})

test('a city Google Ads does not know is searched as its country, and says so', async () => {
  t = await createTestApp({ env: dataforseo() })
  const call = await ownerOf(t.app, 'nowhere@example.com', {
    ...businessInput,
    city: 'Nowhereville',
  })
  const record = await analyse(call, 'dentist austin')
  expect(fake.requests.map((r) => r.locationName)).toEqual([
    'Nowhereville,Texas,United States',
    'United States',
  ])
  expect(record.volume).toBe(1900)
  expect(record.volumeSource).toMatchObject({
    kind: 'measured',
    note: expect.stringContaining('Searches in United States') as unknown,
  })
})

describe('a failure falls back to the labelled estimate with its reason, never 0, never an error', () => {
  test.each([
    ['credits', 'could not bill the account (HTTP 402)'],
    ['busy', 'too many requests were made at once (HTTP 429)'],
    ['broken', 'DataForSEO had an error (HTTP 500)'],
    ['slow', 'did not answer within 0.4 s'],
    ['garbled', 'not JSON'],
    ['rejected', "DataForSEO answered 40501: Invalid Field: 'keywords'."],
  ])('%s', async (keyword, reason) => {
    t = await createTestApp({ env: dataforseo() })
    const call = await ownerOf(t.app, `${keyword}@example.com`)
    const record = await analyse(call, keyword)
    expect(record.volume).not.toBe(0)
    expect(record.volumeSource).toMatchObject({ kind: 'estimate' })
    expect(record.volumeSource.kind === 'estimate' && record.volumeSource.reason).toContain(reason)
    // The failed keyword is not asked again on the next view.
    await call('GET', '/api/keywords?location=main')
    expect(fake.requests.filter((r) => r.keywords.includes(keyword))).toHaveLength(1)
  })

  test('refused credentials (401)', async () => {
    t = await createTestApp({ env: dataforseo({ DATAFORSEO_PASSWORD: 'wrong-password-123' }) })
    const call = await ownerOf(t.app, 'refused@example.com')
    const record = await analyse(call, 'dentist austin')
    expect(record.volumeSource).toMatchObject({
      kind: 'estimate',
      reason: expect.stringContaining('refused the login (HTTP 401)') as unknown,
    })
    expect(JSON.stringify(record)).not.toContain('wrong-password-123')
  })
})

test('a search longer than Google Ads takes is not sent, and keeps its labelled estimate', async () => {
  t = await createTestApp({ env: dataforseo() })
  const call = await ownerOf(t.app, 'long@example.com')
  const long =
    'emergency dentist open on sunday for a broken tooth near downtown austin texas today'
  const record = await analyse(call, long)
  expect(fake.requests.filter((r) => r.keywords.includes(long))).toHaveLength(0)
  expect(record.volumeSource).toMatchObject({
    kind: 'estimate',
    reason: expect.stringContaining('80 characters and 10 words') as unknown,
  })
})

test('without KEYWORD_DATA_PROVIDER the estimate engine answers, labelled, and DataForSEO is never asked', async () => {
  t = await createTestApp({ env: { DATAFORSEO_URL: fake.origin } })
  const call = await ownerOf(t.app, 'estimate@example.com')
  const record = await analyse(call, 'dentist austin')
  expect(record.volumeSource).toEqual({ kind: 'estimate' })
  expect(record.volume).toBeGreaterThan(0)
  expect(fake.requests).toHaveLength(0)
})

test('the credentials are never answered, logged or stored', async () => {
  t = await createTestApp({ env: dataforseo() })
  const { logger, lines } = traceLogger()
  const app = createApp({ ...t.deps, logger })
  const call = await ownerOf(app, 'secret@example.com')
  const analysed = await call<{ analysis: { id: string } }>('POST', '/api/keywords/analyse', {
    keyword: 'credits',
    locationId: null,
  })
  // The analysis asks DataForSEO in its job, which logs through the same logger.
  await runWaitingAnalyses({ ...t, deps: { ...t.deps, logger } })
  const answers = [
    await call('POST', '/api/planner/search', { q: 'dentist' }),
    await call('GET', '/api/keywords?location=main'),
    analysed,
    await call('GET', `/api/keywords/analyses/${analysed.body.analysis.id}`),
  ]
  expect(fake.requests.length).toBeGreaterThan(0)
  expect(lines.length).toBeGreaterThan(0)
  const token = Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')
  const stored = await databaseText(t.db)
  expect(stored).toContain('dentist austin')
  for (const text of [JSON.stringify(answers), lines.join('\n'), stored]) {
    expect(text).not.toContain(PASSWORD)
    expect(text).not.toContain(token)
  }
})

test("the dashboard reads the stored figures on every visit: they change with no write of the business's", async () => {
  t = await createTestApp({
    env: dataforseo(),
    clock: createTestClock(new Date('2026-11-25T12:00:00Z')),
    jobs: true,
  })
  const call = await ownerOf(t.app, 'visits@example.com')
  // The top keywords are the checked ones: the defaults' first checks, a job the save sent, which
  // also asked their figures.
  await t.deps.jobs.whenIdle()
  const first = (await call<{ topKeywords: KeywordRecord[] }>('GET', '/api/dashboard')).body
  const top = first.topKeywords[0]
  expect(top?.volumeSource).toMatchObject({ kind: 'measured' })
  // As when another business's search stored this month's answer: shared rows, not this business's.
  await t.db.execute(
    sql`update keyword_volumes set search_volume = 4321 where keyword = ${top?.keyword.toLowerCase()}`,
  )
  const again = (await call<{ topKeywords: KeywordRecord[] }>('GET', '/api/dashboard')).body
  expect(again.topKeywords[0]).toMatchObject({ keyword: top?.keyword, volume: 4321 })
})
