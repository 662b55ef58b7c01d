// Geo-grid scans (issue 17 items 3 and 4): coordinates on the business and its locations, a scan as a
// job with the simulated map pack, its stored points and summary, the list, tenant isolation, bad
// input, and a scan interrupted by a stop that the next instance finishes.
import { eq } from 'drizzle-orm'
import type { Business, Location } from '@localseo/shared/business'
import type { GridScan, GridScanDetail, GridSetup } from '@localseo/shared/geo-grid'
import { afterEach, describe, expect, test } from 'vitest'
import type { Database } from '../../db/client.js'
import { locations } from '../../db/schema/business.js'
import { geoGridPoints, geoGridScans } from '../../db/schema/geo-grid.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { createTestDb } from '../../testing/db.js'
import { retryNow } from '../../testing/job-retries.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { createSimulatedRankProvider } from '../../testing/rank-providers.js'
import type { MapPackResult, RankProvider } from '../keywords/public.js'
import { runScheduledGridScans } from './public.js'
import { GRID_QUEUE } from './scan-runs.js'

const AUSTIN = { lat: 30.2672, lng: -97.7431 }
const apps: TestApp[] = []
let database: Database | undefined

afterEach(async () => {
  // Each app hands back the scans running in it before its database closes.
  for (const app of apps.splice(0)) await app.close()
  await database?.close()
  database = undefined
})

async function owner(t: TestApp, email: string) {
  const { accessToken } = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => accessToken)
  await call('PUT', '/api/business', businessInput)
  return call
}

async function trackedKeywordId(
  call: Awaited<ReturnType<typeof owner>>,
  keyword = 'dentist austin',
) {
  await call('POST', '/api/rank-tracker/keywords', { keyword, location: 'main' })
  const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
  return setup.body.keywords.find((k) => k.keyword === keyword)!.id
}

/** An app on the file's database; its queue runs the scans it is sent. */
async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ database, jobs: true, ...options })
  apps.push(t)
  return t
}

async function scanRow(id: string) {
  const [row] = await database!.db.select().from(geoGridScans).where(eq(geoGridScans.id, id))
  return row!
}

describe('coordinates', () => {
  test('the owner pins the business and a location; bad points are refused and change nothing', async () => {
    const t = await app()
    const call = await owner(t, 'pin@example.com')
    const pinned = await call<{ business: Business }>('PUT', '/api/business/coordinates', AUSTIN)
    expect(pinned.status).toBe(200)
    expect(pinned.body.business).toMatchObject({ ...AUSTIN, placeId: null })

    for (const bad of [
      { lat: 95, lng: 0 },
      { lat: 10, lng: null },
      { lat: 10 },
      { lat: 1, lng: 2, x: 1 },
    ]) {
      const res = await call('PUT', '/api/business/coordinates', bad)
      expect(res.status).toBe(422)
    }
    expect(
      (await call<{ business: Business }>('GET', '/api/business')).body.business,
    ).toMatchObject(AUSTIN)

    const added = await call<{ locations: Location[] }>(
      'POST',
      '/api/business/locations',
      locationInput('North'),
    )
    const id = added.body.locations[0]!.id
    const moved = await call<{ locations: Location[] }>(
      'PUT',
      `/api/business/locations/${id}/coordinates`,
      { lat: 30.5083, lng: -97.6789 },
    )
    expect(moved.body.locations[0]).toMatchObject({ lat: 30.5083, lng: -97.6789 })
    const cleared = await call<{ locations: Location[] }>(
      'PUT',
      `/api/business/locations/${id}/coordinates`,
      {
        lat: null,
        lng: null,
      },
    )
    expect(cleared.body.locations[0]).toMatchObject({ lat: null, lng: null })

    // Another owner cannot pin this location.
    const other = await owner(t, 'other-pin@example.com')
    const res = await other('PUT', `/api/business/locations/${id}/coordinates`, AUSTIN)
    expect(res.status).toBe(404)
  })

  test('saving the business never needs coordinates and keeps the pin', async () => {
    const t = await app()
    const call = await owner(t, 'keep@example.com')
    await call('PUT', '/api/business/coordinates', AUSTIN)
    const saved = await call<{ business: Business }>('PUT', '/api/business', {
      ...businessInput,
      city: 'Austin ',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.business).toMatchObject(AUSTIN)
  })
})

describe('scans', () => {
  test('a 5x5 scan runs as a job with the simulated map pack and stores 25 points', async () => {
    database = await createTestDb()
    const t = await app({ jobs: true })
    const call = await owner(t, 'scan@example.com')
    const keywordId = await trackedKeywordId(call)

    const missing = await call<{ error: { message: string } }>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 5,
      spacingKm: 1,
    })
    expect(missing.status).toBe(422)
    expect(missing.body.error.message).toMatch(/drop a pin on the map in Settings/)

    await call('PUT', '/api/business/coordinates', AUSTIN)
    const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 5,
      spacingKm: 1,
    })
    expect(started.status).toBe(202)
    expect(started.body.scan).toMatchObject({
      pointsTotal: 25,
      simulated: true,
      sourceLabel: 'Simulated',
    })
    await t.deps.jobs.whenIdle(20_000)

    const detail = await call<GridScanDetail>('GET', `/api/geo-grid/scans/${started.body.scan.id}`)
    expect(detail.body.scan).toMatchObject({
      status: 'done',
      pointsDone: 25,
      keyword: 'dentist austin',
    })
    expect(detail.body.points).toHaveLength(25)
    expect(detail.body.points.every((p) => p.status === 'ok')).toBe(true)
    // Every point carries the whole pack seen there and when it was checked (issue 34 item 2).
    for (const point of detail.body.points) {
      expect(point.places.length).toBeGreaterThan(0)
      expect(point.places.length).toBeLessThanOrEqual(20)
      expect(point.checkedAt).not.toBeNull()
      if (point.position !== null) {
        expect(point.places[point.position - 1]?.position).toBe(point.position)
      }
    }
    const centre = detail.body.points.find((p) => p.row === 2 && p.col === 2)!
    expect(centre.lat).toBeCloseTo(AUSTIN.lat, 6)
    // The simulation ranks the business best where it is and worse at the corners.
    const corner = detail.body.points.find((p) => p.row === 0 && p.col === 0)!
    expect(centre.position).not.toBeNull()
    expect(corner.position ?? 21).toBeGreaterThan(centre.position!)
    const { summary } = detail.body.scan
    expect(summary.scanned).toBe(25)
    expect(summary.averageRank).toBeGreaterThan(0)
    expect(summary.competitors.length).toBeGreaterThan(0)
    expect(await database.db.select().from(geoGridPoints)).toHaveLength(25)

    const list = await call<{ scans: GridScan[]; nextBefore: string | null }>(
      'GET',
      '/api/geo-grid/scans',
    )
    expect(list.body.scans.map((s) => s.id)).toEqual([started.body.scan.id])
    expect(list.body.nextBefore).toBeNull()
  })

  test("another owner's scan, keyword and location are 404s; bad input is a 422", async () => {
    const t = await app()
    const call = await owner(t, 'a@example.com')
    const keywordId = await trackedKeywordId(call)
    await call('PUT', '/api/business/coordinates', AUSTIN)
    const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 3,
      spacingKm: 2,
    })
    expect(started.status).toBe(202)

    const other = await owner(t, 'b@example.com')
    await other('PUT', '/api/business/coordinates', AUSTIN)
    expect((await other('GET', `/api/geo-grid/scans/${started.body.scan.id}`)).status).toBe(404)
    expect((await other('GET', `/api/geo-grid/scans?before=${started.body.scan.id}`)).status).toBe(
      404,
    )
    expect(
      (await other('POST', '/api/geo-grid/scans', { keywordId, gridSize: 3, spacingKm: 2 })).status,
    ).toBe(404)
    expect(
      (
        await other('POST', '/api/geo-grid/scans', {
          keywordId,
          locationId: 'loc-x',
          gridSize: 3,
          spacingKm: 2,
        })
      ).status,
    ).toBe(404)
    const theirs = await other<{ scans: GridScan[] }>('GET', '/api/geo-grid/scans')
    expect(theirs.body.scans).toEqual([])

    for (const bad of [
      { keywordId, gridSize: 4, spacingKm: 1 },
      { keywordId, gridSize: 5, spacingKm: 3 },
      { keywordId: 'nope', gridSize: 5, spacingKm: 1 },
      { keywordId, gridSize: '5', spacingKm: 1 },
    ]) {
      const res = await call('POST', '/api/geo-grid/scans', bad)
      expect(res.status).toBe(422)
    }
    expect((await call('GET', '/api/geo-grid/scans/not-a-uuid')).status).toBe(422)
    expect(await t.db.select().from(geoGridScans)).toHaveLength(1)
  })

  test('the list is paginated, newest first, and filters one search', async () => {
    const clock = createTestClock()
    const t = await app({ clock })
    const call = await owner(t, 'pages@example.com')
    const keywordId = await trackedKeywordId(call)
    const otherKeyword = await trackedKeywordId(call, 'teeth whitening austin')
    await call('PUT', '/api/business/coordinates', AUSTIN)
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      clock.advance(60)
      const body = { keywordId: i === 11 ? otherKeyword : keywordId, gridSize: 3, spacingKm: 0.5 }
      const res = await call<GridScanDetail>('POST', '/api/geo-grid/scans', body)
      expect(res.status).toBe(202)
      ids.unshift(res.body.scan.id)
      await scanDone(t, res.body.scan.id)
    }
    const first = await call<{ scans: GridScan[]; nextBefore: string }>(
      'GET',
      '/api/geo-grid/scans',
    )
    expect(first.body.scans.map((s) => s.id)).toEqual(ids.slice(0, 10))
    const second = await call<{ scans: GridScan[]; nextBefore: null }>(
      'GET',
      `/api/geo-grid/scans?before=${first.body.nextBefore}`,
    )
    expect(second.body.scans.map((s) => s.id)).toEqual(ids.slice(10))
    expect(second.body.nextBefore).toBeNull()
    const one = await call<{ scans: GridScan[] }>(
      'GET',
      '/api/geo-grid/scans?keyword=teeth%20whitening%20austin',
    )
    expect(one.body.scans.map((s) => s.id)).toEqual([ids[0]])
  })

  test('a result that finds the business with a place id keeps it on the location', async () => {
    const base = createSimulatedRankProvider({ failureRate: 0 })
    const provider: RankProvider = {
      ...base,
      checkMapPack: async (queries) => {
        const results = await base.checkMapPack(queries)
        return results.map((r): MapPackResult =>
          r.status === 'ok' && r.business
            ? { ...r, business: { ...r.business, placeId: 'ChIJ-test-place', lat: 1, lng: 2 } }
            : r,
        )
      },
    }
    const t = await app({ rank: provider })
    const call = await owner(t, 'place@example.com')
    const added = await call<{ locations: Location[] }>(
      'POST',
      '/api/business/locations',
      locationInput('North'),
    )
    const locationId = added.body.locations[0]!.id
    await call('POST', '/api/rank-tracker/keywords', {
      keyword: 'dentist round rock',
      location: locationId,
    })
    const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
    const keywordId = setup.body.keywords.find((k) => k.locationId === locationId)!.id
    expect(setup.body.locations.find((l) => l.id === locationId)?.point).toBeNull()
    await call('PUT', `/api/business/locations/${locationId}/coordinates`, AUSTIN)
    const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
      keywordId,
      locationId,
      gridSize: 3,
      spacingKm: 1,
    })
    expect(started.status).toBe(202)
    await scanDone(t, started.body.scan.id)
    const [row] = await t.db.select().from(locations).where(eq(locations.id, locationId))
    // The owner's pin stays; the place id the map found is kept.
    expect(row).toMatchObject({ ...AUSTIN, placeId: 'ChIJ-test-place' })
  })
})

/** An owner with a pinned business and a tracked keyword, and a scan of it run to its end. */
async function ranScan(t: TestApp, email: string, grid: { gridSize: number; spacingKm: number }) {
  const call = await owner(t, email)
  const keywordId = await trackedKeywordId(call)
  await call('PUT', '/api/business/coordinates', AUSTIN)
  const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', { keywordId, ...grid })
  await scanDone(t, started.body.scan.id)
  return { call, started }
}

/** Waits for the queue to run the scan to its end. */
async function scanDone(t: TestApp, id: string) {
  await t.deps.jobs.whenIdle(20_000)
  const [row] = await t.db.select().from(geoGridScans).where(eq(geoGridScans.id, id))
  expect(row?.status).toMatch(/^(done|failed)$/)
}

test('a scan interrupted by a stop is finished by the next instance', async () => {
  database = await createTestDb()
  const base = createSimulatedRankProvider({ failureRate: 0 })
  // The second batch of points is held until the instance is stopping: the stop lands mid-scan.
  let calls = 0
  let secondAsked = () => {}
  const asked = new Promise<void>((resolve) => (secondAsked = resolve))
  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  const halting: RankProvider = {
    ...base,
    checkMapPack: async (queries) => {
      if (++calls === 2) {
        secondAsked()
        await held
      }
      return base.checkMapPack(queries)
    },
  }
  const first = await app({ jobs: true, rank: halting })
  const call = await owner(first, 'restart@example.com')
  const keywordId = await trackedKeywordId(call)
  await call('PUT', '/api/business/coordinates', AUSTIN)
  const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
    keywordId,
    gridSize: 5,
    spacingKm: 1,
  })
  const id = started.body.scan.id
  await asked
  const stopping = first.deps.runs.scans.stop()
  answer()
  await stopping
  await first.automation!.stop()
  const midway = await database.db.select().from(geoGridPoints).where(eq(geoGridPoints.scanId, id))
  // The two batches of five asked before the stop are stored; the stop came before the third.
  expect(midway.filter((p) => p.status === 'ok')).toHaveLength(10)
  expect((await scanRow(id)).status).toBe('running')

  // The job waits 5 s before its retry (retryDelaySeconds): brought forward, not waited for.
  await retryNow(database, GRID_QUEUE)
  const second = await app({ jobs: true })
  await second.deps.jobs.whenIdle(20_000)
  const row = await scanRow(id)
  expect(row.status).toBe('done')
  const points = await database.db.select().from(geoGridPoints).where(eq(geoGridPoints.scanId, id))
  expect(points.filter((p) => p.status === 'ok')).toHaveLength(25)
  expect(await database.db.select().from(geoGridScans)).toHaveLength(1)
})

test('the weekly run re-scans the latest settings once a week', async () => {
  const clock = createTestClock(new Date('2026-03-02T10:00:00Z'))
  const t = await app({ clock })
  await ranScan(t, 'weekly@example.com', { gridSize: 7, spacingKm: 2 })
  const [business] = await t.db.select().from(geoGridScans)
  const businessId = business!.businessId
  expect(await runScheduledGridScans(t.deps, businessId, clock.now())).toEqual({
    outcome: 'Every grid was scanned this week',
  })
  clock.advance(7 * 86_400)
  expect(await runScheduledGridScans(t.deps, businessId, clock.now())).toEqual({
    outcome: 'Grid scan started: dentist austin',
  })
  const scans = await t.db.select().from(geoGridScans)
  expect(scans).toHaveLength(2)
  expect(scans.find((s) => s.scheduled)).toMatchObject({ gridSize: 7, spacingKm: 2 })
})

describe('query budget', () => {
  const measured = (): RankProvider => {
    const base = createSimulatedRankProvider({ failureRate: 0 })
    return { ...base, simulated: false, label: 'Test provider' }
  }

  test('the cost is checked against what is left today; a scan that does not fit is refused', async () => {
    const t = await app({ rank: measured(), env: { SERP_DAILY_QUERY_BUDGET: '30' } })
    const call = await owner(t, 'budget@example.com')
    const keywordId = await trackedKeywordId(call)
    await call('PUT', '/api/business/coordinates', AUSTIN)
    // The tracked keyword's first check (a job with a real provider, ADR 051) spends its queries first.
    await t.deps.jobs.whenIdle()
    const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
    expect(setup.body).toMatchObject({ simulated: false, sourceLabel: 'Test provider' })
    const before = setup.body.budget!
    expect(before.limit).toBe(30)

    const tooBig = await call<{ error: { message: string } }>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 7,
      spacingKm: 1,
    })
    expect(tooBig.status).toBe(429)
    expect(tooBig.body.error.message).toBe(
      `This scan needs 49 queries and ${before.remaining} of today's 30 are left. Choose a smaller grid or scan tomorrow.`,
    )
    expect(await t.db.select().from(geoGridScans)).toHaveLength(0)

    const fits = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 3,
      spacingKm: 1,
    })
    expect(fits.status).toBe(202)
    await scanDone(t, fits.body.scan.id)
    const after = (await call<GridSetup>('GET', '/api/geo-grid/setup')).body.budget!
    expect(after.used).toBe(before.used + 9)
    expect(after.remaining).toBe(before.remaining - 9)
  })

  test('a 9x9 scan is accepted, searches 81 points and counts 81 queries', async () => {
    const t = await app({ rank: measured(), env: { SERP_DAILY_QUERY_BUDGET: '100' } })
    const call = await owner(t, 'nine@example.com')
    const keywordId = await trackedKeywordId(call)
    await call('PUT', '/api/business/coordinates', AUSTIN)
    await t.deps.jobs.whenIdle()
    const before = (await call<GridSetup>('GET', '/api/geo-grid/setup')).body.budget!
    const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
      keywordId,
      gridSize: 9,
      spacingKm: 0.5,
    })
    expect(started.status).toBe(202)
    expect(started.body.scan.pointsTotal).toBe(81)
    await scanDone(t, started.body.scan.id)
    const detail = await call<GridScanDetail>('GET', `/api/geo-grid/scans/${started.body.scan.id}`)
    expect(detail.body.points).toHaveLength(81)
    expect(detail.body.points.filter((p) => p.status === 'ok')).toHaveLength(81)
    const after = (await call<GridSetup>('GET', '/api/geo-grid/setup')).body.budget!
    expect(after.used).toBe(before.used + 81)
  })

  test('the setup names the price of a query: the list price, or SERP_QUERY_PRICE', async () => {
    const serper = (): RankProvider => ({ ...measured(), label: 'Serper' })
    const listed = await app({ rank: serper() })
    const listedCall = await owner(listed, 'listed@example.com')
    const listedSetup = await listedCall<GridSetup>('GET', '/api/geo-grid/setup')
    expect(listedSetup.body.price).toEqual({
      usdPerQuery: 0.001,
      source: "Serper's list price (Nov 2026)",
    })

    const configured = await app({ rank: serper(), env: { SERP_QUERY_PRICE: '0.0125' } })
    const configuredCall = await owner(configured, 'configured@example.com')
    const setup = await configuredCall<GridSetup>('GET', '/api/geo-grid/setup')
    expect(setup.body.price).toEqual({ usdPerQuery: 0.0125, source: 'the configured price' })

    const simulated = await app()
    const simulatedCall = await owner(simulated, 'free@example.com')
    expect((await simulatedCall<GridSetup>('GET', '/api/geo-grid/setup')).body.price).toBeNull()
  })

  test('deferred points count as not scanned', async () => {
    const base = createSimulatedRankProvider({ failureRate: 0 })
    let n = 0
    const provider: RankProvider = {
      ...base,
      checkMapPack: async (queries) =>
        (await base.checkMapPack(queries)).map((r): MapPackResult =>
          n++ % 3 === 0 ? { status: 'deferred', reason: 'Daily query budget reached.' } : r,
        ),
    }
    const t = await app({ rank: provider })
    const { call, started } = await ranScan(t, 'deferred@example.com', {
      gridSize: 3,
      spacingKm: 1,
    })
    const detail = await call<GridScanDetail>('GET', `/api/geo-grid/scans/${started.body.scan.id}`)
    const deferred = detail.body.points.filter((p) => p.status === 'deferred')
    expect(deferred).toHaveLength(3)
    expect(deferred[0]).toMatchObject({ position: null, reason: 'Daily query budget reached.' })
    expect(detail.body.scan.summary.scanned).toBe(6)
  })
})

describe('map tiles', () => {
  const imgSrc = (res: Response) =>
    /img-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

  test('MAP_TILE_URL is sent to the app and its host, and no other, is allowed for images', async () => {
    const t = await app({
      env: {
        MAP_TILE_URL: 'http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Test tiles',
      },
    })
    const call = await owner(t, 'tiles@example.com')
    const tiles = await call<{ tiles: unknown }>('GET', '/api/geo-grid/tiles')
    expect(tiles.body.tiles).toEqual({
      url: 'http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png',
      attribution: '© Test tiles',
    })
    expect(imgSrc(await t.app.request('/healthz'))).toBe("'self' data: http://127.0.0.1:8123")
  })

  test('a {s} subdomain is allowed as a wildcard of that host only', async () => {
    const t = await app({ env: { MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' } })
    expect(imgSrc(await t.app.request('/healthz'))).toBe("'self' data: https://*.tile.example.org")
  })

  test('without MAP_TILE_URL no tiles and no other image host', async () => {
    const t = await app()
    const call = await owner(t, 'notiles@example.com')
    expect((await call<{ tiles: unknown }>('GET', '/api/geo-grid/tiles')).body.tiles).toBeNull()
    expect(imgSrc(await t.app.request('/healthz'))).toBe("'self' data:")
  })

  test('a tile URL without {z}, {x} and {y} is refused at start-up', async () => {
    await expect(
      app({ env: { MAP_TILE_URL: 'https://tile.example.org/tiles.png' } }),
    ).rejects.toThrow(/MAP_TILE_URL/)
  })
})
