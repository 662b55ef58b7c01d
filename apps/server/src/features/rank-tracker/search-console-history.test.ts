// The keyword history carries Search Console's average positions (issue 18 item 2, last sentence):
// imported through the real daily import from the fake Google replaying recorded answers, matched
// to the tracked keyword whatever its case and spacing, for every location (the data is site-wide),
// only from the property chosen now, only the owner's, and never mixed into the rank checks.
import { readFileSync } from 'node:fs'
import type { RankHistory } from '@localseo/shared/rank-tracker'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businesses } from '../../db/schema/business.js'
import { googleConnections } from '../../db/schema/google.js'
import { searchConsoleImports, searchConsoleRows } from '../../db/schema/search-console.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { runFirstChecks } from '../../testing/rank-providers.js'

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64')
const SITE = 'https://www.sunrisedental.com/'
const NOW = new Date('2026-03-23T15:00:00Z')
/** The last day Google has finalised: the import stores days up to it. */
const LAST_DAY = '2026-03-20'

/** The recorded Search Analytics rows of one query over from..to, as Google sent them. */
function recordedPoints(query: string, from: string, to: string) {
  const { rows } = JSON.parse(
    readFileSync(
      new URL('../../testing/fixtures/search-console/date-query.json', import.meta.url),
      'utf8',
    ),
  ) as { rows: { keys: string[]; impressions: number; position: number }[] }
  return rows
    .filter(({ keys: [day = '', key] }) => key === query && day >= from && day <= to)
    .map(({ keys: [day = ''], position, impressions }) => ({ day, position, impressions }))
    .sort((a, b) => a.day.localeCompare(b.day))
}

let fake: FakeGoogle
let t: TestApp

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.searchAnalytics.setData('recorded')
  fake.searchAnalytics.setFinalThrough(LAST_DAY)
  fake.searchAnalytics.failAfter(null)
  fake.failSearchConsole(200)
})
afterEach(() => t.close())

async function start(jobs = false) {
  t = await createTestApp({
    clock: createTestClock(NOW),
    jobs,
    env: { ...fake.env, SECRETS_KEY },
  })
}

async function owner(email: string) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  // The defaults' first checks, a job the save sent, run here as the queue's worker would.
  await runFirstChecks(t.deps, business!.id)
  const history = async (query = 'location=main&range=7') => {
    const res = await call<RankHistory>('GET', `/api/rank-tracker/history?${query}`)
    expect(res.status).toBe(200)
    return res.body
  }
  const keyword = (body: RankHistory, text: string) => body.keywords.find((k) => k.keyword === text)
  return { call, history, keyword, businessId: business!.id, token: session.accessToken }
}

/** Connects Google the browser's way and picks the property, which runs the first import. */
async function importSearchConsole(who: Awaited<ReturnType<typeof owner>>) {
  await connectGoogle(t.app, who.token)
  const picked = await who.call('PUT', '/api/integrations/google/search-console/site', {
    siteUrl: SITE,
  })
  expect(picked.status).toBe(200)
  await t.deps.jobs.whenIdle()
}

const checksOf = (body: RankHistory) =>
  body.keywords.map(({ keyword, checks, latestCheck }) => ({ keyword, checks, latestCheck }))

describe('Search Console positions in the Rank Tracker history', () => {
  test("after an import, a tracked keyword carries the same search's daily average positions, whatever its case and spacing; rank checks stay as they were", async () => {
    await start(true)
    const a = await owner('sc-history@example.com')
    await a.call('POST', '/api/rank-tracker/keywords', {
      keyword: '  Teeth   WHITENING austin ',
      location: 'main',
    })
    const before = await a.history()
    // Nothing before any import.
    expect(before.keywords.every((k) => k.searchConsole === null)).toBe(true)

    await importSearchConsole(a)
    const after = await a.history()
    // The default 'emergency dentist Austin' is Search Console's 'emergency dentist austin'; the
    // range's last days have none yet (Google's final data ends on 2026-03-20).
    expect(a.keyword(after, 'emergency dentist Austin')?.searchConsole).toEqual({
      points: recordedPoints('emergency dentist austin', '2026-03-17', LAST_DAY),
      importedAt: NOW.toISOString(),
    })
    expect(a.keyword(after, 'emergency dentist Austin')?.searchConsole?.points).toHaveLength(4)
    expect(a.keyword(after, 'Teeth WHITENING austin')?.searchConsole?.points).toEqual(
      recordedPoints('teeth whitening austin', '2026-03-17', LAST_DAY),
    )
    // A tracked keyword nobody searched for in Search Console has none.
    expect(a.keyword(after, 'best dentist near me')?.searchConsole).toBeNull()
    // The rank checks, their positions and sources are the same as before the import.
    expect(checksOf(after)).toEqual(checksOf(before))

    // The range decides the days: 30 days reach back to 2026-02-22.
    const month = await a.history('location=main&range=30')
    expect(a.keyword(month, 'emergency dentist Austin')?.searchConsole?.points).toEqual(
      recordedPoints('emergency dentist austin', '2026-02-22', LAST_DAY),
    )

    // Search Console measures the whole website: a location's keyword of the same text has them too.
    const branch = (
      await a.call<{ locations: { id: string; name: string }[] }>(
        'POST',
        '/api/business/locations',
        locationInput('Round Rock branch'),
      )
    ).body.locations.find((l) => l.name === 'Round Rock branch')!
    // Its first view fills its defaults ('dentist in Round Rock', …), as the screen does.
    await a.call('GET', `/api/rank-tracker/keywords?location=${branch.id}`)
    await a.call('POST', '/api/rank-tracker/keywords', {
      keyword: 'Emergency Dentist Austin',
      location: branch.id,
    })
    const atBranch = await a.history(`location=${branch.id}&range=7`)
    expect(a.keyword(atBranch, 'Emergency Dentist Austin')?.searchConsole).toEqual(
      a.keyword(after, 'emergency dentist Austin')?.searchConsole,
    )
    expect(a.keyword(atBranch, 'dentist in Round Rock')?.searchConsole).toBeNull()

    // Another owner tracking the same searches never sees the first owner's figures.
    const b = await owner('sc-history-other@example.com')
    const theirs = await b.history()
    expect(b.keyword(theirs, 'emergency dentist Austin')).toBeDefined()
    expect(theirs.keywords.every((k) => k.searchConsole === null)).toBe(true)
  })
})

describe('reading the stored rows', () => {
  /** A business whose chosen property is SITE, imported at `importedAt` (null: never completed). */
  async function storedImport(businessId: string, importedAt: Date | null) {
    await t.db.insert(googleConnections).values({
      businessId,
      status: 'connected',
      scopes: 'https://www.googleapis.com/auth/webmasters.readonly',
      searchConsoleSite: SITE,
      connectedAt: NOW,
    })
    await t.db.insert(searchConsoleImports).values({
      businessId,
      siteUrl: SITE,
      status: importedAt ? 'ok' : 'failed',
      reason: importedAt ? null : 'The quota was used up.',
      lastAttemptAt: NOW,
      importedAt,
      firstDay: '2026-01-22',
      lastDay: '2026-03-20',
    })
  }
  const row = (businessId: string, values: Partial<typeof searchConsoleRows.$inferInsert>) => ({
    businessId,
    dimension: 'query' as const,
    day: '2026-03-20',
    key: 'emergency dentist austin',
    clicks: 1,
    impressions: 10,
    ctr: 0.1,
    position: 4,
    ...values,
  })

  test('two spellings of a day are one point weighted by impressions; pages and days outside the range are left out', async () => {
    await start()
    const a = await owner('sc-history-rows@example.com')
    await storedImport(a.businessId, new Date('2026-03-23T13:00:00Z'))
    await t.db
      .insert(searchConsoleRows)
      .values([
        row(a.businessId, { impressions: 30, position: 2 }),
        row(a.businessId, { key: ' Emergency   DENTIST austin', impressions: 10, position: 6 }),
        row(a.businessId, { day: '2026-03-16', position: 9 }),
        row(a.businessId, { dimension: 'page', key: 'emergency dentist austin', position: 1 }),
        row(a.businessId, { day: '2026-03-18', key: 'emergency dentist', position: 1 }),
      ])
    const body = await a.history()
    expect(a.keyword(body, 'emergency dentist Austin')?.searchConsole).toEqual({
      points: [{ day: '2026-03-20', position: 3, impressions: 40 }],
      importedAt: '2026-03-23T13:00:00.000Z',
    })
  })

  test('only the property chosen now counts: another picked, or Google disconnected, shows nothing', async () => {
    await start()
    const a = await owner('sc-history-switch@example.com')
    await storedImport(a.businessId, NOW)
    await t.db.insert(searchConsoleRows).values(row(a.businessId, {}))
    expect(a.keyword(await a.history(), 'emergency dentist Austin')?.searchConsole).not.toBeNull()
    // The first property's rows stay stored until the next import removes them, unseen.
    await t.db
      .update(googleConnections)
      .set({ searchConsoleSite: 'sc-domain:sunrisedental.com' })
      .where(eq(googleConnections.businessId, a.businessId))
    expect((await a.history()).keywords.every((k) => k.searchConsole === null)).toBe(true)
    await t.db.delete(googleConnections).where(eq(googleConnections.businessId, a.businessId))
    expect((await a.history()).keywords.every((k) => k.searchConsole === null)).toBe(true)
  })

  test('rows of an import that never completed, or of another business, are not shown', async () => {
    await start()
    const a = await owner('sc-history-failed@example.com')
    await storedImport(a.businessId, null)
    await t.db.insert(searchConsoleRows).values(row(a.businessId, {}))
    expect((await a.history()).keywords.every((k) => k.searchConsole === null)).toBe(true)

    const b = await owner('sc-history-b@example.com')
    await storedImport(b.businessId, NOW)
    await t.db.insert(searchConsoleRows).values(row(b.businessId, {}))
    expect(b.keyword(await b.history(), 'emergency dentist Austin')?.searchConsole).not.toBeNull()
    expect((await a.history()).keywords.every((k) => k.searchConsole === null)).toBe(true)
  })
})
