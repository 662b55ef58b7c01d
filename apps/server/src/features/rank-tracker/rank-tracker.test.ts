import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { positionChange } from '@localseo/shared/position-change'
import {
  toRankingEntry,
  type RankHistory,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import { createApp } from '../../app.js'
import { activities } from '../../db/schema/activities.js'
import { businesses } from '../../db/schema/business.js'
import { keywords as rankKeywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signIn, signUp, type TestSession } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import {
  createSimulatedRankProvider,
  runFirstChecks,
  simulateRankCheck,
} from '../../testing/rank-providers.js'
import type { RankProvider } from '../keywords/public.js'

let t: TestApp
let owner: TestSession
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

const call = <T = { error?: { code: string; message: string } }>(
  method: string,
  path: string,
  body?: unknown,
  bearer?: string,
) => apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

const listKeywords = async (location = 'main', bearer?: string) =>
  (
    await call<{ keywords: TrackedKeyword[] }>(
      'GET',
      `/api/rank-tracker/keywords?location=${location}`,
      undefined,
      bearer,
    )
  ).body.keywords

const history = async (query = 'location=main&range=30', bearer?: string) =>
  call<RankHistory & { error?: { code: string } }>(
    'GET',
    `/api/rank-tracker/history?${query}`,
    undefined,
    bearer,
  )

beforeEach(async () => {
  clock.set(new Date('2026-03-10T15:00:00Z'))
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
})
afterEach(() => t.close())

/** The first checks the save of a business or location sent, run as the queue's job would. */
async function runSentFirstChecks(session: TestSession, deps = t.deps) {
  const [business] = await t.db
    .select()
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  await runFirstChecks(deps, business!.id)
}

async function withBusiness(session = owner, overrides: Record<string, string> = {}) {
  await call('PUT', '/api/business', { ...businessInput, ...overrides }, session.accessToken)
  await runSentFirstChecks(session)
}

async function addLocation(name: string, session = owner) {
  const { body } = await call<{ locations: { id: string; name: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput(name),
    session.accessToken,
  )
  await runSentFirstChecks(session)
  return body.locations.find((l) => l.name === name)!
}

describe('tracked keywords', () => {
  test('need a signed-in user and a business', async () => {
    expect((await t.app.request('/api/rank-tracker/keywords')).status).toBe(401)
    const res = await call('GET', '/api/rank-tracker/keywords')
    expect(res.status).toBe(404)
  })

  test('start with the five docs/product.md §9 defaults from the category and city, once', async () => {
    await withBusiness()
    const keywords = await listKeywords()
    expect(keywords.map((k) => k.keyword).sort()).toEqual(
      [
        'dentist in Austin',
        'best dentist near me',
        'affordable dentist Austin',
        'teeth cleaning Austin',
        'emergency dentist Austin',
      ].sort(),
    )
    expect(await listKeywords()).toEqual(keywords)
  })

  test('each location gets its own defaults from its city when it is added', async () => {
    await withBusiness()
    // The main business's five were added at sign-up, as sample data (issue 15 item 2).
    expect(await t.db.select().from(rankKeywords)).toHaveLength(5)
    const branch = await addLocation('Round Rock branch')
    expect(await t.db.select().from(rankKeywords)).toHaveLength(10)
    const keywords = await listKeywords(branch.id)
    expect(keywords.map((k) => k.keyword)).toContain('dentist in Round Rock')
    expect(keywords.every((k) => k.sample)).toBe(true)
    await listKeywords()
    expect(await t.db.select().from(rankKeywords)).toHaveLength(10)
  })

  test('removing every default never brings them back', async () => {
    await withBusiness()
    for (const k of await listKeywords()) await call('DELETE', `/api/rank-tracker/keywords/${k.id}`)
    expect(await listKeywords()).toEqual([])
  })

  test('adding trims the text, refuses empty text and ignores one already tracked', async () => {
    await withBusiness()
    await listKeywords()
    const added = await call<{ keyword: TrackedKeyword; added: boolean }>(
      'POST',
      '/api/rank-tracker/keywords',
      { keyword: '   teeth   whitening austin  ', location: 'main' },
    )
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      added: true,
      keyword: { keyword: 'teeth whitening austin' },
    })

    const again = await call<{ keyword: TrackedKeyword; added: boolean }>(
      'POST',
      '/api/rank-tracker/keywords',
      { keyword: 'Teeth Whitening Austin' },
    )
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ added: false, keyword: added.body.keyword })

    const empty = await call('POST', '/api/rank-tracker/keywords', { keyword: '   ' })
    expect(empty.status).toBe(422)
    expect(empty.body.error?.code).toBe('validation_failed')
    expect((await t.db.select().from(rankKeywords)).map((k) => k.keyword)).toHaveLength(6)
  })

  test('a new keyword has 90 days of stored history, one row per day, ending today', async () => {
    await withBusiness()
    const { body } = await call<{ keyword: TrackedKeyword }>('POST', '/api/rank-tracker/keywords', {
      keyword: 'dentist open saturday',
    })
    const rows = await t.db
      .select()
      .from(rankPositions)
      .where(eq(rankPositions.keywordId, body.keyword.id))
      .orderBy(rankPositions.day)
    expect(rows).toHaveLength(90)
    expect(rows[0]!.day).toBe('2025-12-11')
    expect(rows.at(-1)!.day).toBe('2026-03-10')
    for (const row of rows) {
      if (row.status === 'ok') expect(row.position).toBeGreaterThanOrEqual(1)
      else expect(row.position).toBeNull()
    }
    const list = await call<{ activity?: unknown }>('GET', '/api/dashboard')
    expect(JSON.stringify(list.body)).toContain('Tracking keyword: dentist open saturday')
  })

  test('a keyword analysed first gets the same simulated past when it is tracked (issue 32 item 2)', async () => {
    await withBusiness()
    const analysed = await call('POST', '/api/keywords/analyse', {
      keyword: 'dentist open saturday',
      locationId: 'main',
    })
    expect(analysed.status).toBe(202)
    const tracked = await call<{ keyword: TrackedKeyword }>('POST', '/api/rank-tracker/keywords', {
      keyword: 'dentist open saturday',
    })
    expect(tracked.status).toBe(201)
    const rows = await t.db
      .select()
      .from(rankPositions)
      .where(eq(rankPositions.keywordId, tracked.body.keyword.id))
    expect(rows).toHaveLength(90)
    const { body } = await history('location=main&range=30')
    const entry = body.keywords.find((k) => k.keyword === 'dentist open saturday')!
    expect(entry.checks.filter((c) => c !== null)).toHaveLength(30)
  })

  test('the change is measured against the same check as the dashboard and Keyword Analysis (issue 32 item 1)', async () => {
    await withBusiness()
    const { body } = await history('location=main&range=7')
    const dashboard = await call<{ topKeywords: KeywordRecord[] }>('GET', '/api/dashboard')
    const records = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
    expect(dashboard.body.topKeywords.length).toBeGreaterThan(0)
    for (const top of dashboard.body.topKeywords) {
      const tracked = body.keywords.find((k) => k.id === top.id)!
      const record = records.body.keywords.find((k) => k.id === top.id)!
      const entry = toRankingEntry(tracked, body.days)
      expect(tracked.previousPosition).toBe(top.previousPosition)
      expect(entry.currentPosition).toBe(top.position)
      expect(entry.change).toBe(positionChange(top.position, top.previousPosition))
      expect(entry.change).toBe(positionChange(record.position, record.previousPosition))
    }
  })

  test('opening the screens on a later day stores nothing: later days come from the daily job', async () => {
    await withBusiness()
    const [keyword] = await listKeywords()
    clock.advance(3 * 86_400)
    owner = await signIn(t.app, { email: owner.email, password: 'correct horse battery' })
    await listKeywords()
    await history()
    await call('GET', '/api/dashboard')
    await call('GET', '/api/keywords?location=main')
    const rows = await t.db
      .select()
      .from(rankPositions)
      .where(eq(rankPositions.keywordId, keyword!.id))
    expect(rows).toHaveLength(90)
  })

  test('removing a keyword deletes its history too', async () => {
    await withBusiness()
    const [keyword] = await listKeywords()
    const res = await call('DELETE', `/api/rank-tracker/keywords/${keyword!.id}`)
    expect(res.status).toBe(200)
    expect(
      await t.db.select().from(rankPositions).where(eq(rankPositions.keywordId, keyword!.id)),
    ).toEqual([])
    expect((await listKeywords()).map((k) => k.id)).not.toContain(keyword!.id)
    expect((await call('DELETE', `/api/rank-tracker/keywords/${keyword!.id}`)).status).toBe(404)
  })

  test('a keyword with a line break is a 422 naming the field, never stored as one line', async () => {
    await withBusiness()
    await listKeywords()
    const before = await databaseFingerprint(t.db)
    for (const keyword of [
      'emergency\ndentist',
      'emergency\r\ndentist',
      'emergency\u2028dentist',
    ]) {
      const res = await call<{ error?: { code: string; issues: unknown[] } }>(
        'POST',
        '/api/rank-tracker/keywords',
        { keyword },
      )
      expect(res.status).toBe(422)
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'keyword', message: 'A keyword must be on one line.' }],
      })
    }
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('bad ids, locations and ranges are clear 4xx answers that change nothing', async () => {
    await withBusiness()
    await listKeywords()
    expect((await call('DELETE', '/api/rank-tracker/keywords/not-a-uuid')).status).toBe(422)
    expect((await call('GET', '/api/rank-tracker/keywords?location=loc_nope')).status).toBe(404)
    expect((await history('range=14')).status).toBe(422)
    const tooLong = await call('POST', '/api/rank-tracker/keywords', { keyword: 'x'.repeat(200) })
    expect(tooLong.status).toBe(422)
    expect(await t.db.select().from(rankKeywords)).toHaveLength(5)
  })
})

describe('history', () => {
  test('answers for every tracked keyword over 7, 30 or 90 days', async () => {
    await withBusiness()
    const keywords = await listKeywords()
    for (const range of [7, 30, 90] as const) {
      const { status, body } = await history(`location=main&range=${range}`)
      expect(status).toBe(200)
      expect(body.range).toBe(range)
      expect(body.simulated).toBe(true)
      expect(body.days).toHaveLength(range)
      expect(body.days.at(-1)).toBe('2026-03-10')
      expect(body.keywords.map((k) => k.id).sort()).toEqual(keywords.map((k) => k.id).sort())
      for (const k of body.keywords) {
        expect(k.checks).toHaveLength(range)
        for (const check of k.checks)
          expect(
            check === 'failed' || (typeof check === 'number' && check >= 1 && check <= 100),
          ).toBe(true)
      }
    }
  })

  test('defaults to 30 days and is deterministic', async () => {
    await withBusiness()
    await listKeywords()
    const first = await history('')
    expect(first.body.range).toBe(30)
    expect((await history('')).body).toEqual(first.body)
  })

  test('runs one query for the history whatever the number of keywords', async () => {
    await withBusiness()
    await listKeywords()
    const statements: string[] = []
    const logged = createApp({
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get(target, prop, receiver) {
          if (prop === 'select') statements.push('select')
          return Reflect.get(target, prop, receiver) as unknown
        },
      }),
    })
    const countSelects = async (expectedKeywords: number) => {
      statements.length = 0
      const res = await logged.request('/api/rank-tracker/history?range=90', {
        headers: { authorization: `Bearer ${owner.accessToken}` },
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as RankHistory).keywords).toHaveLength(expectedKeywords)
      return statements.length
    }
    // The dashboard's and the business's hot reads are prepared once per database handle
    // (db/prepared.ts): a first request builds them, so the counting starts after it.
    await countSelects(5)
    const withFive = await countSelects(5)
    for (let i = 0; i < 20; i++) {
      await call('POST', '/api/rank-tracker/keywords', { keyword: `keyword ${i}` })
    }
    // The sign-in check, the business and locations lookups, then the history itself: the same
    // number of statements for 5 or 25 (or 500) keywords.
    expect(await countSelects(25)).toBe(withFive)
    expect(withFive).toBeLessThanOrEqual(4)
  })
})

describe('failed checks', () => {
  const failing = (failKeyword: string): RankProvider => ({
    ...createSimulatedRankProvider({ failureRate: 0 }),
    check: (queries) =>
      Promise.resolve(
        queries.map((q) =>
          q.keyword === failKeyword && q.day === '2026-03-10'
            ? { status: 'failed', reason: 'timeout' }
            : simulateRankCheck(q, 0),
        ),
      ),
  })

  test('are stored as failed with no position and answered as failed checks', async () => {
    await withBusiness()
    const app = createApp({ ...t.deps, rank: failing('dentist sunday') })
    const caller = apiCaller(app, () => owner.accessToken)
    const added = await caller<{ keyword: TrackedKeyword }>('POST', '/api/rank-tracker/keywords', {
      keyword: 'Dentist Sunday',
    })
    const [today] = await t.db
      .select()
      .from(rankPositions)
      .where(
        and(
          eq(rankPositions.keywordId, added.body.keyword.id),
          eq(rankPositions.day, '2026-03-10'),
        ),
      )
    expect(today).toMatchObject({ status: 'failed', position: null })
    const { body } = await caller<RankHistory>('GET', '/api/rank-tracker/history?range=7')
    const entry = body.keywords.find((k) => k.id === added.body.keyword.id)!
    expect(body.days.at(-1)).toBe('2026-03-10')
    expect(entry.checks.at(-1)).toBe('failed')
    expect(entry.checks.slice(0, -1).every((c) => typeof c === 'number' && c >= 1)).toBe(true)
  })

  test('the database refuses position 0 or a failed check with a position', async () => {
    await withBusiness()
    const [keyword] = await listKeywords()
    const [row] = await t.db
      .select()
      .from(rankPositions)
      .where(eq(rankPositions.keywordId, keyword!.id))
    const base = { keywordId: keyword!.id, businessId: row!.businessId, checkedAt: new Date() }
    await expect(
      t.db.insert(rankPositions).values({ ...base, day: '2020-01-01', status: 'ok', position: 0 }),
    ).rejects.toThrow()
    await expect(
      t.db
        .insert(rankPositions)
        .values({ ...base, day: '2020-01-02', status: 'failed', position: 5 }),
    ).rejects.toThrow()
  })

  test('Refresh re-checks today and replaces a failed check', async () => {
    // The first checks the save sent are run by an instance whose provider fails one keyword.
    await call('PUT', '/api/business', businessInput)
    await runSentFirstChecks(owner, { ...t.deps, rank: failing('teeth cleaning austin') })
    const before = await history('range=7')
    const failedEntry = before.body.keywords.find((k) => k.keyword === 'teeth cleaning Austin')!
    expect(failedEntry.checks.at(-1)).toBe('failed')

    const refreshed = await call<{ day: string; checked: number; failed: number }>(
      'POST',
      '/api/rank-tracker/refresh',
      { location: 'main' },
    )
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ day: '2026-03-10', checked: 5 })
    const after = await history('range=7')
    const entry = after.body.keywords.find((k) => k.id === failedEntry.id)!
    expect(entry.checks.at(-1)).toEqual(expect.any(Number))
    const rows = await t.db
      .select()
      .from(rankPositions)
      .where(and(eq(rankPositions.keywordId, failedEntry.id), eq(rankPositions.day, '2026-03-10')))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.checks).toBe(2)
  })
})

describe('tenant isolation', () => {
  test("another owner gets 404 for this owner's keyword ids and never sees their history", async () => {
    await withBusiness()
    const branch = await addLocation('Secret branch')
    const mine = await listKeywords()
    await listKeywords(branch.id)
    const other = await signUp(t.app, { email: 'other@example.com' })
    await withBusiness(other, { name: 'Other Dental', city: 'Dallas' })

    const del = await call(
      'DELETE',
      `/api/rank-tracker/keywords/${mine[0]!.id}`,
      undefined,
      other.accessToken,
    )
    expect(del.status).toBe(404)
    expect(
      await t.db.select().from(rankKeywords).where(eq(rankKeywords.id, mine[0]!.id)),
    ).toHaveLength(1)

    const foreignLocation = await call(
      'GET',
      `/api/rank-tracker/history?location=${branch.id}`,
      undefined,
      other.accessToken,
    )
    expect(foreignLocation.status).toBe(404)
    const foreignAdd = await call(
      'POST',
      '/api/rank-tracker/keywords',
      { keyword: 'sneaky', location: branch.id },
      other.accessToken,
    )
    expect(foreignAdd.status).toBe(404)
    const foreignRefresh = await call(
      'POST',
      '/api/rank-tracker/refresh',
      { location: branch.id },
      other.accessToken,
    )
    expect(foreignRefresh.status).toBe(404)

    await listKeywords('main', other.accessToken)
    const theirs = await history('location=main&range=90', other.accessToken)
    const ids = theirs.body.keywords.map((k) => k.id)
    expect(ids.some((id) => mine.some((k) => k.id === id))).toBe(false)
    expect(theirs.body.keywords.map((k) => k.keyword)).toContain('dentist in Dallas')
    expect(
      await t.db.select().from(activities).where(eq(activities.kind, 'rank_keyword_added')),
    ).toEqual([])
  })
})
