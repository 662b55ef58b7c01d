// A geo-grid scan through a real search-results provider (issue 17, "Done when": a 5x5 grid scan runs
// as a job, renders the heat map, and the summary figures match the fixtures). The SerpApi and Serper
// adapters ask the fake provider (testing/fake-serp.ts, on 127.0.0.1), which answers the recorded map
// results of fixtures/serp/. It picks the answer by the keyword, not the point: every point of a grid
// gets the same places, so the business has the fixture's position at all 25 points and each place
// above it beats it at all 25. The expected figures are read from the fixture itself, where the
// business is the place with its website, not the way the adapter matches it.
import { readFileSync } from 'node:fs'
import type { Business } from '@localseo/shared/business'
import type { GridScanDetail, GridSetup } from '@localseo/shared/geo-grid'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { TestApp } from '../../testing/app.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { businessInput } from '../../testing/factories.js'
import { AUSTIN, pinnedOwner } from '../../testing/pinned-owner.js'

const KEY = 'serp-grid-test-key-5151'
/** Degrees of latitude in a kilometre (a sphere of radius 6371 km). */
const LAT_DEGREES_PER_KM = 180 / Math.PI / 6371
const WEBSITE = 'brightsmiledental.com'

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

type Provider = 'serpapi' | 'serper'
interface FixturePlace {
  position: number
  name: string
  website: string
}

/** The places of a recorded map answer, as the provider wrote them. */
function fixturePlaces(provider: Provider, nameOnly: boolean): FixturePlace[] {
  const stem = provider === 'serpapi' ? 'serpapi-google-maps' : 'serper-maps'
  const file = nameOnly ? `${stem}-name-only` : stem
  const body = JSON.parse(
    readFileSync(new URL(`../../testing/fixtures/serp/${file}.json`, import.meta.url), 'utf8'),
  ) as {
    local_results?: { position: number; title: string; website: string }[]
    places?: { position: number; title: string; website: string }[]
  }
  const places = (provider === 'serpapi' ? body.local_results : body.places) ?? []
  return places.map(({ position, title, website }) => ({ position, name: title, website }))
}

/** What the scan should show: the business's position and the places above it, from the fixture. */
function expectedFrom(places: FixturePlace[]) {
  const business = places.find((p) => new URL(p.website).hostname.endsWith(WEBSITE))!
  const above = places.filter((p) => p.position < business.position)
  return {
    position: business.position,
    // Each place above the business beats it at every point; ties are listed by name.
    competitors: above
      .map((p) => ({ name: p.name, points: 25 }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    top3Share: business.position <= 3 ? 1 : 0,
  }
}

/** An owner of Bright Smile Dental with the provider and its key saved, the business pinned. */
async function ownerWithProvider(provider: Provider) {
  const made = await pinnedOwner({
    serpOrigin: fake.origin,
    email: `grid-${provider}@example.com`,
    provider: { name: provider, key: KEY },
  })
  t = made.app
  return made.call
}

type Call = Awaited<ReturnType<typeof ownerWithProvider>>

async function track(call: Call, keyword: string) {
  expect(
    (await call('POST', '/api/rank-tracker/keywords', { keyword, location: 'main' })).status,
  ).toBe(201)
  // A real provider's first check is a job (issue 36 item 3): it has run before the scan starts.
  await t!.deps.jobs.whenIdle()
  const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
  return setup.body.keywords.find((k) => k.keyword === keyword)!.id
}

const budgetUsed = async (call: Call) =>
  (await call<{ budget: { used: number } }>('GET', '/api/rank-provider')).body.budget.used

/** Starts a 5x5 scan 1 km apart and waits (bounded) for its job to end; answers it and its requests. */
async function scanToTheEnd(call: Call, keywordId: string) {
  const usedBefore = await budgetUsed(call)
  const asked = fake.requests.length
  const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
    keywordId,
    gridSize: 5,
    spacingKm: 1,
  })
  expect(started.status).toBe(202)
  const path = `/api/geo-grid/scans/${started.body.scan.id}`
  let detail = await call<GridScanDetail>('GET', path)
  for (let n = 0; n < 300 && ['queued', 'running'].includes(detail.body.scan.status); n++) {
    await new Promise((r) => setTimeout(r, 50))
    detail = await call<GridScanDetail>('GET', path)
  }
  return {
    detail: detail.body,
    requests: fake.requests.slice(asked),
    charged: (await budgetUsed(call)) - usedBefore,
  }
}

/** The scan ran every point through the provider at that point and shows the fixture's figures. */
function expectScanOf(
  { detail, requests, charged }: Awaited<ReturnType<typeof scanToTheEnd>>,
  { provider, keyword, places }: { provider: Provider; keyword: string; places: FixturePlace[] },
) {
  const expected = expectedFrom(places)
  const label = provider === 'serpapi' ? 'SerpApi' : 'Serper'
  expect(detail.scan).toMatchObject({
    status: 'done',
    simulated: false,
    sourceLabel: label,
    pointsDone: 25,
    pointsTotal: 25,
  })
  // The heat map: 5 rows of 5 points, 1 km apart around the pin, each with the business's position.
  const { points } = detail
  expect(points.map((p) => [p.row, p.col])).toEqual(
    Array.from({ length: 25 }, (_, i) => [Math.floor(i / 5), i % 5]),
  )
  expect(points.every((p) => p.status === 'ok' && p.position === expected.position)).toBe(true)
  const centre = points[12]!
  expect(centre.lat).toBeCloseTo(AUSTIN.lat, 6)
  expect(centre.lng).toBeCloseTo(AUSTIN.lng, 6)
  expect(points[0]!.lat).toBeCloseTo(AUSTIN.lat + 2 * LAT_DEGREES_PER_KM, 6)

  // One map search per point, from that point, each charged to today's budget.
  expect(requests).toHaveLength(25)
  expect(requests.every((r) => r.provider === provider && r.kind === 'maps')).toBe(true)
  expect(requests.every((r) => r.params.q === keyword)).toBe(true)
  expect(requests.map((r) => r.params.ll).sort()).toEqual(
    points.map((p) => `@${p.lat.toFixed(7)},${p.lng.toFixed(7)},14z`).sort(),
  )
  expect(charged).toBe(25)

  expect(detail.scan.summary).toEqual({
    scanned: 25,
    found: 25,
    averageRank: expected.position,
    top3Share: expected.top3Share,
    competitors: expected.competitors,
  })
}

test.each(['serpapi', 'serper'] as const)(
  'a 5x5 scan through %s finds the business by its place id at every point, with the fixture’s figures',
  async (provider) => {
    const call = await ownerWithProvider(provider)
    // Tracking checks the keyword once: the map pack finds the business and keeps its place id.
    const keywordId = await track(call, 'dentist austin')
    const business = (await call<{ business: Business }>('GET', '/api/business')).body.business
    expect(business.placeId).toBe('ChIJbrightSmileDentalAus')

    const places = fixturePlaces(provider, false)
    // The recorded answer: the business third, under Castle Dental and Congress Avenue Dental.
    expect(expectedFrom(places)).toMatchObject({ position: 3, top3Share: 1 })
    expectScanOf(await scanToTheEnd(call, keywordId), {
      provider,
      keyword: 'dentist austin',
      places,
    })
  },
)

test('under another place id the scan finds the business by its name and phone, not its namesake', async () => {
  const call = await ownerWithProvider('serpapi')
  await track(call, 'dentist austin')
  // 'dentist near me' answers the business under another place id, below a namesake in Round Rock,
  // and Castle Dental & Orthodontics under the shorter name it also goes by (issue 34: one competitor).
  const keywordId = await track(call, 'dentist near me')
  const places = fixturePlaces('serpapi', true)
  expect(places.filter((p) => p.name === businessInput.name)).toHaveLength(2)
  expect(expectedFrom(places).competitors.map((c) => c.name)).toEqual([
    'Bright Smile Dental',
    'Castle Dental Austin',
  ])

  expectScanOf(await scanToTheEnd(call, keywordId), {
    provider: 'serpapi',
    keyword: 'dentist near me',
    places,
  })
  // The place id found first is kept.
  const business = (await call<{ business: Business }>('GET', '/api/business')).body.business
  expect(business.placeId).toBe('ChIJbrightSmileDentalAus')
})
