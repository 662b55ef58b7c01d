// Issue 15 item 1: one keyword, one position, everywhere. The same search analysed, tracked and saved
// is one keyword of its business or location, and every screen and export shows the same position
// and volume for it (docs/decisions/016-one-keyword-entity.md).
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { plannerCsvRows, type PlannerKeyword } from '@localseo/shared/keyword-engine'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { buildRankingsCsv } from '@localseo/shared/rank-csv'
import { toRankingEntry, type RankHistory } from '@localseo/shared/rank-tracker'
import { keywords } from '../../db/schema/keywords.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { positionChange } from '@localseo/shared/position-change'
import { businessInput, locationInput } from '../../testing/factories.js'
import { analyseAndFinish } from '../../testing/keyword-analyses.js'

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
const call = <T>(method: string, path: string, body?: unknown) =>
  apiCaller(t.app, () => token)<T>(method, path, body)

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app)).accessToken
  // Water heater repair is a service of this business, so the keyword may be a dashboard Top
  // Keyword: one about nothing the business offers never is (issue 32 item 7).
  await call('PUT', '/api/business', { ...businessInput, services: ['Water Heater Repair'] })
})
afterEach(() => t.close())

const KEYWORD = 'water heater repair austin'

async function everyScreen(location: string) {
  const locationId = location === 'main' ? null : location
  const analysed = await analyseAndFinish(t, call, {
    keyword: 'Water Heater Repair Austin',
    locationId,
  })
  expect(
    (await call('POST', '/api/rank-tracker/keywords', { keyword: KEYWORD, location })).status,
  ).toBe(201)
  expect((await call('POST', '/api/planner/saved', { keyword: KEYWORD, locationId })).status).toBe(
    201,
  )

  const list = await call<{ keywords: KeywordRecord[] }>(
    'GET',
    `/api/keywords?location=${location}`,
  )
  const dashboard = await call<{ topKeywords: KeywordRecord[] }>(
    'GET',
    `/api/dashboard?location=${location}`,
  )
  const history = await call<RankHistory>(
    'GET',
    `/api/rank-tracker/history?location=${location}&range=7`,
  )
  const saved = await call<{ keywords: PlannerKeyword[] }>(
    'GET',
    `/api/planner/saved?location=${location}`,
  )
  const tracked = history.body.keywords.find((k) => k.keyword.toLowerCase() === KEYWORD)!
  return { analysed, list, dashboard, history: history.body, tracked, saved }
}

describe('one keyword, one position, everywhere', () => {
  // Only the keyword under test, so it is the dashboard's top keyword.
  beforeEach(() => t.db.delete(keywords).where(eq(keywords.sample, true)))

  test.each(['main', 'Round Rock'])('for %s', async (name) => {
    let location = 'main'
    if (name !== 'main') {
      const added = await call<{ locations: { id: string }[] }>(
        'POST',
        '/api/business/locations',
        locationInput(name),
      )
      location = added.body.locations[0]!.id
      // The new location's default keywords go too (they are written with it), so the keyword
      // under test is the only one there and the dashboard's top keyword.
      await t.db.delete(keywords)
    }
    const screens = await everyScreen(location)
    const { position, volume } = screens.analysed.keyword
    expect(position).toEqual(expect.any(Number))
    expect(screens.analysed.analysis.searchVolume).toBe(volume)

    expect(screens.list.body.keywords.filter((k) => k.keyword === KEYWORD)).toEqual([
      expect.objectContaining({ id: screens.analysed.keyword.id, position, volume, tracked: true }),
    ])
    expect(screens.dashboard.body.topKeywords[0]).toMatchObject({
      keyword: KEYWORD,
      position,
      volume,
    })
    expect(screens.tracked).toMatchObject({ id: screens.analysed.keyword.id, volume })
    expect(toRankingEntry(screens.tracked, screens.history.days).currentPosition).toBe(position)
    expect(screens.saved.body.keywords).toEqual([
      expect.objectContaining({ keyword: KEYWORD, volume }),
    ])

    // The exports: the rankings CSV and the planner CSV carry the same figures.
    const csvRow = buildRankingsCsv(screens.history)
      .split('\n')
      .find((line) => line.toLowerCase().startsWith(KEYWORD))
    // The change is the one every screen shows: since the check before (issue 32 item 1).
    const listed = screens.list.body.keywords.find((k) => k.keyword === KEYWORD)!
    const change = positionChange(position, listed.previousPosition)
    expect(csvRow?.split(',').slice(1, 4)).toEqual([
      String(position),
      change === null ? '' : String(change),
      String(volume),
    ])
    expect(plannerCsvRows(screens.saved.body.keywords)[0]?.[1]).toBe(volume)

    // One row for the three roles.
    const rows = await t.db.select().from(keywords).where(eq(keywords.keywordKey, KEYWORD))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.tracked).toBe(true)
    expect(rows[0]?.analysedAt).toBeInstanceOf(Date)
    expect(rows[0]?.savedAt).toBeInstanceOf(Date)
  })

  test('the main business and a location are different keywords with their own positions', async () => {
    const added = await call<{ locations: { id: string }[] }>(
      'POST',
      '/api/business/locations',
      locationInput('Round Rock'),
    )
    const branch = added.body.locations[0]!.id
    const main = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
      keyword: KEYWORD,
    })
    const there = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
      keyword: KEYWORD,
      locationId: branch,
    })
    expect(there.body.keyword.id).not.toBe(main.body.keyword.id)
    const mainList = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords')
    expect(mainList.body.keywords.map((k) => k.id)).toEqual([main.body.keyword.id])
  })

  test('untracking keeps a keyword that is still analysed; unsaving the last role removes it', async () => {
    const analysed = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
      keyword: KEYWORD,
    })
    const id = analysed.body.keyword.id
    await call('POST', '/api/rank-tracker/keywords', { keyword: KEYWORD })
    expect((await call('DELETE', `/api/rank-tracker/keywords/${id}`)).status).toBe(200)
    const list = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords')
    expect(list.body.keywords).toEqual([expect.objectContaining({ id, tracked: false })])

    await t.db.update(keywords).set({ analysedAt: null }).where(eq(keywords.id, id))
    await call('POST', '/api/planner/saved', { keyword: KEYWORD })
    const unsaved = await t.app.request(`/api/planner/saved/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(unsaved.status).toBe(204)
    expect(await t.db.select().from(keywords).where(eq(keywords.id, id))).toEqual([])
  })
})

describe('sample keywords', () => {
  test('a sample keyword the owner analyses is theirs: one keyword, no longer labelled Sample', async () => {
    const analysed = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
      keyword: 'Emergency dentist Austin',
    })
    expect(analysed.body.keyword).toMatchObject({ sample: false, tracked: true })
    const rows = await t.db.select().from(keywords)
    expect(rows).toHaveLength(5)
    expect(rows.filter((k) => k.sample)).toHaveLength(4)
  })
})
