// Competitors (issue 34 item 1, "Done when"): kept from recorded SerpApi and Serper map answers (the
// fake on 127.0.0.1), one business under two names counted once; the figures of a worked example;
// following (at most 10) and hiding; the followed ones' daily map positions; the simulated ones
// labelled sample; and every route refusing another owner with a 404.
import type {
  CompetitorsResponse,
  FollowedCompetitor,
  MapHistory,
} from '@localseo/shared/competitors'
import { followLimitMessage } from '@localseo/shared/competitors'
import type { GridScanDetail } from '@localseo/shared/geo-grid'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { apiCaller } from '../../testing/api.js'
import { createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { businessInput } from '../../testing/factories.js'
import { pinnedOwner } from '../../testing/pinned-owner.js'

const KEY = 'competitors-test-key-4242'
const CASTLE = 'ChIJ7wW1castleDentalAus'

let fake: FakeSerp
let t: TestApp | undefined
beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
})
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  t = undefined
})

type Call = ReturnType<typeof apiCaller>

/** An owner pinned in Austin; with a real provider's key when one is named. */
async function owner(provider?: 'serpapi' | 'serper') {
  const made = await pinnedOwner({
    serpOrigin: fake.origin,
    email: `competitors-${provider ?? 'sim'}@example.com`,
    provider: provider && { name: provider, key: KEY },
    // A morning: a day's map checks stand at noon UTC of their day (rank-checks.ts), so a scan made
    // now is older than today's checks, as the names below expect, whatever the hour the test runs.
    clock: createTestClock(new Date('2026-03-10T09:00:00Z')),
  })
  t = made.app
  return made
}

async function track(call: Call, keyword: string) {
  const added = await call<{ keyword: { id: string } }>('POST', '/api/rank-tracker/keywords', {
    keyword,
    location: 'main',
  })
  expect(added.status).toBe(201)
  await t!.deps.jobs.whenIdle()
  return added.body.keyword.id
}

/** A 3x3 scan of the keyword, waited for (bounded). */
async function scan(call: Call, keywordId: string) {
  const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
    keywordId,
    gridSize: 3,
    spacingKm: 1,
    locationId: 'main',
  })
  expect(started.status).toBe(202)
  await t!.deps.jobs.whenIdle()
  const done = await call<GridScanDetail>('GET', `/api/geo-grid/scans/${started.body.scan.id}`)
  expect(done.body.scan.status).toBe('done')
  return done.body
}

const list = async (call: Call, query = '') =>
  (await call<CompetitorsResponse>('GET', `/api/competitors?location=main${query}`)).body

describe.each(['serpapi', 'serper'] as const)('from recorded %s map answers', (provider) => {
  test('a competitor is kept once under two names, with what the provider said of it and its figures', async () => {
    const { call } = await owner(provider)
    const austin = await track(call, 'dentist austin')
    await track(call, 'dentist near me')
    const detail = await scan(call, austin)
    // The point's pack carries each place's category, rating and review count.
    expect(detail.points[0]?.places[0]).toMatchObject({
      name: 'Castle Dental & Orthodontics',
      category: 'Dentist',
      rating: 4.6,
      reviewCount: 120,
    })

    const found = await list(call)
    // 9 grid points and the two keywords' daily map checks of today answered.
    expect(found.searches).toEqual({ gridPoints: 9, dailyChecks: 2 })
    expect(found.scans).toBe(1)
    const castle = found.competitors.filter((c) => c.placeId === CASTLE)
    expect(castle).toHaveLength(1)
    // 'dentist near me' (checked after 'dentist austin') shows it as Castle Dental Austin.
    expect(castle[0]).toMatchObject({
      name: 'Castle Dental Austin',
      otherNames: ['Castle Dental & Orthodontics'],
      primaryCategory: 'Dentist',
      rating: 4.6,
      reviewCount: 137,
      website: 'https://castledentalaustin.com/',
      sample: false,
      source: provider === 'serpapi' ? 'SerpApi' : 'Serper',
      searchesSeen: 11,
      searchesAboveYou: 11,
    })
    // Worked example: first at the 9 points and the 'dentist austin' check, second at 'dentist
    // near me': average (10 × 1 + 1 × 2) / 11 = 12 / 11; in the top 3 at all 11.
    expect(castle[0]!.averageRank).toBeCloseTo(12 / 11, 10)
    expect(castle[0]!.top3Share).toBe(1)
    expect(castle[0]!.shareOfLocalVoice.weighted).toBeCloseTo((10 * 1 + 0.8) / 11, 10)
    // The business itself, third everywhere, is not its own competitor.
    expect(found.you).toMatchObject({ averageRank: 3, top3Share: 1 })
    expect(found.competitors.map((c) => c.placeId)).not.toContain('ChIJbrightSmileDentalAus')
    // Its namesake in Round Rock, another place, is a competitor of its own.
    expect(found.competitors.some((c) => c.placeId === 'ChIJnamesakeRoundRock01')).toBe(true)

    // Refresh checks today again (the sample keywords' map too, now that there is a pin): the
    // day's checks are replaced, never counted twice.
    const refresh = async () => {
      expect((await call('POST', '/api/rank-tracker/refresh', { location: 'main' })).status).toBe(
        200,
      )
      await t!.deps.jobs.whenIdle()
      return list(call)
    }
    const once = await refresh()
    expect(await refresh()).toEqual(once)
  })
})

describe('simulated competitors', () => {
  test('are stable, labelled sample, with reviews gained per month, and removed with the sample data', async () => {
    const { call } = await owner()
    await track(call, 'dentist austin')
    const year = await list(call, '&days=365')
    expect(year.searches.dailyChecks).toBeGreaterThan(30)
    expect(year.competitors.length).toBeGreaterThan(10)
    for (const competitor of year.competitors) {
      expect(competitor.sample).toBe(true)
      expect(competitor.source).toBe('Simulated')
      // Of the business's own kind (its category), not the keyword's first word.
      expect(competitor.primaryCategory).toBe(businessInput.category)
    }
    expect(year.competitors.some((c) => (c.reviewsPerMonth ?? 0) > 0)).toBe(true)
    // Named after the category, some after the city too ('Austin Dental Co.').
    expect(year.competitors.some((c) => c.name.includes(businessInput.city))).toBe(true)
    const month = await list(call, '&days=30')
    expect(month.searches.dailyChecks).toBeLessThan(year.searches.dailyChecks)
    expect(await list(call, '&days=365')).toEqual(year)

    // They go with the other sample data.
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect((await list(call, '&days=365')).competitors).toEqual([])
  })
})

describe('following and hiding', () => {
  test('at most 10 followed; hiding unfollows; the chart gets their daily map positions', async () => {
    const { call } = await owner()
    const keywordId = await track(call, 'dentist austin')
    const { competitors } = await list(call)
    const follow = (id: string) => call('PATCH', `/api/competitors/${id}`, { followed: true })
    for (const competitor of competitors.slice(0, 10)) {
      expect((await follow(competitor.id)).status).toBe(200)
    }
    const eleventh = await follow(competitors[10]!.id)
    expect(eleventh.status).toBe(422)
    expect(eleventh.body.error?.message).toBe(followLimitMessage)
    const followed = (
      await call<{ followed: FollowedCompetitor[] }>(
        'GET',
        '/api/competitors/followed?location=main',
      )
    ).body.followed
    expect(followed).toHaveLength(10)
    expect(followed.map((f) => f.id)).not.toContain(competitors[10]!.id)

    const first = competitors[0]!
    expect((await call('PATCH', `/api/competitors/${first.id}`, { hidden: true })).body).toEqual({
      id: first.id,
      followed: false,
      hidden: true,
    })
    const after = await list(call)
    expect(after.competitors.at(-1)).toMatchObject({ id: first.id, hidden: true, followed: false })

    const history = (
      await call<MapHistory>(
        'GET',
        `/api/competitors/map-history?location=main&keywordId=${keywordId}&range=30`,
      )
    ).body
    expect(history.days).toHaveLength(30)
    expect(history.competitors).toHaveLength(9)
    for (const line of history.competitors) {
      expect(line.positions.map((p) => p.day)).toEqual(history.days)
      // A competitor never shares a day's position with the business.
      line.positions.forEach((p, i) => {
        if (p.position !== null) expect(p.position).not.toBe(history.you[i]!.position)
      })
    }
    expect(
      history.competitors.some((line) => line.positions.some((p) => p.position !== null)),
    ).toBe(true)

    // Bad input changes nothing.
    expect((await call('PATCH', `/api/competitors/${first.id}`, {})).status).toBe(422)
    expect((await call('PATCH', `/api/competitors/${first.id}`, { followed: 'yes' })).status).toBe(
      422,
    )
    expect((await call('GET', '/api/competitors?location=main&days=7')).status).toBe(422)
    expect((await list(call)).competitors.at(-1)).toMatchObject({ id: first.id, hidden: true })
  })

  test('another owner reads, follows or hides none of them: 404', async () => {
    const { call, app } = await owner()
    const keywordId = await track(call, 'dentist austin')
    const target = (await list(call)).competitors[0]!
    const other = await signUp(app.app, { email: 'other-owner@example.com' })
    const stranger = apiCaller(app.app, () => other.accessToken)
    await stranger('PUT', '/api/business', { ...businessInput, name: 'Other Dental' })
    for (const change of [{ followed: true }, { hidden: true }]) {
      const refused = await stranger('PATCH', `/api/competitors/${target.id}`, change)
      expect(refused.status).toBe(404)
    }
    const history = await stranger(
      'GET',
      `/api/competitors/map-history?location=main&keywordId=${keywordId}&range=30`,
    )
    expect(history.status).toBe(404)
    const theirs = (await stranger<CompetitorsResponse>('GET', '/api/competitors?location=main'))
      .body
    expect(theirs.competitors.map((c) => c.id)).not.toContain(target.id)
    expect((await list(call)).competitors[0]).toMatchObject({
      id: target.id,
      followed: false,
      hidden: false,
    })
  })
})
