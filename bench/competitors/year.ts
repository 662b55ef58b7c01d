// Competitors at real size (issue 34, "The note gives storage per scan and the Competitors screen's
// time"): one location with a year of weekly 7x7 geo-grid scans on 20 keywords (1,040 scans, 50,960
// points) and a year of their daily map checks (7,300), the map packs from the simulated provider,
// kept the way scans and checks keep them (recordMapSightings). Reports rows and bytes a scan adds
// and the time of GET /api/competitors over 30, 90 and 365 days (median and worst of RUNS).
// Run: npx tsx --conditions=source bench/competitors/year.ts   (KEYWORDS, WEEKS, RUNS;
// DATABASE_URL=postgres://… for PostgreSQL instead of a fresh embedded database)
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { gridPoints, searchZoom } from '@localseo/shared/geo-grid'
import { addDays, dayOf } from '@localseo/shared/rank-tracker'
import { createApp } from '../../apps/server/src/app.js'
import { businesses } from '../../apps/server/src/db/schema/business.js'
import { competitorSightings, competitors } from '../../apps/server/src/db/schema/competitors.js'
import { geoGridPoints, geoGridScans } from '../../apps/server/src/db/schema/geo-grid.js'
import { keywords } from '../../apps/server/src/db/schema/keywords.js'
import { rankPositions } from '../../apps/server/src/db/schema/rank-tracker.js'
import { createDeps } from '../../apps/server/src/deps.js'
import { parseEnv } from '../../apps/server/src/env.js'
import type { MapSightings } from '../../apps/server/src/features/competitors/public.js'
import { simulateMapPack } from '../../apps/server/src/features/keywords/simulated-map-pack.js'
import { signUp } from '../../apps/server/src/testing/auth.js'
import { businessInput } from '../../apps/server/src/testing/factories.js'

const KEYWORDS = Number(process.env.KEYWORDS ?? 20)
const WEEKS = Number(process.env.WEEKS ?? 52)
const RUNS = Number(process.env.RUNS ?? 7)
const GRID = 7
const SPACING_KM = 1
const CENTER = { lat: 30.2672, lng: -97.7431 }
const DAY_MS = 86_400_000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-competitors-'))
const now = new Date()
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMITS: 'off',
  DATA_DIR: dataDir,
  SITE_URL: 'http://localhost:3000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const deps = await createDeps(env, { clock: { now: () => now } })
const app = createApp(deps)
const { db } = deps

/** Bytes of the tables a scan writes to, indexes included. */
async function tableBytes() {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint` })
    .from(sql`pg_class c`)
    .where(
      sql`c.relkind = 'r' AND c.relname IN ('geo_grid_scans', 'geo_grid_points', 'competitors',
        'competitor_sightings', 'competitor_review_counts', 'competitor_day_tallies', 'map_searches')`,
    )
  return Number(row?.bytes ?? 0)
}

async function count(table: PgTable) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table)
  return row?.n ?? 0
}

try {
  const email = `bench-competitors-${Date.now()}@example.com`
  const session = await signUp(app, { email })
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'content-type': 'application/json',
  }
  await app.request('/api/business', {
    method: 'PUT',
    headers,
    body: JSON.stringify(businessInput),
  })
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  const businessId = business!.id
  await db.update(businesses).set(CENTER).where(eq(businesses.id, businessId))
  const words = ['dentist', 'orthodontist', 'dental clinic', 'teeth whitening', 'emergency dentist']
  const made = await db
    .insert(keywords)
    .values(
      Array.from({ length: KEYWORDS }, (_, i) => {
        const keyword = `${words[i % words.length]} austin ${i}`
        return { businessId, keyword, keywordKey: keyword, tracked: true }
      }),
    )
    .returning({ id: keywords.id, keywordKey: keywords.keywordKey })
  const match = {
    ...businessInput,
    phone: null,
    address: null,
    website: null,
    placeId: null,
    ...CENTER,
  }
  const today = dayOf(now)

  // A year of daily map checks from the pin, kept as the daily job keeps them.
  const started = performance.now()
  for (const keyword of made) {
    const batch: MapSightings[] = []
    const positions = []
    for (let d = WEEKS * 7 - 1; d >= 0; d--) {
      const day = addDays(today, -d)
      const result = simulateMapPack({
        businessId,
        locationId: 'main',
        keyword: keyword.keywordKey,
        country: 'US',
        city: 'Austin',
        ...CENTER,
        zoom: 14,
        day,
        match,
      })
      if (result.status !== 'ok') continue
      positions.push({
        keywordId: keyword.id,
        businessId,
        day,
        status: 'ok' as const,
        position: 8,
        checkedAt: new Date(`${day}T12:00:00Z`),
        source: 'simulated' as const,
        provider: 'Simulated',
        mapStatus: 'ok' as const,
        mapPosition: result.position,
      })
      batch.push({
        businessId,
        locationId: 'main',
        keywordKey: keyword.keywordKey,
        keywordId: keyword.id,
        provider: 'Simulated',
        simulated: true,
        search: { kind: 'daily', day },
        seenAt: new Date(`${day}T12:00:00Z`),
        answers: [{ position: result.position, places: result.places }],
      })
    }
    for (let i = 0; i < positions.length; i += 500)
      await db.insert(rankPositions).values(positions.slice(i, i + 500))
    await deps.recordMapSightings(db, batch)
  }
  const dailySeconds = (performance.now() - started) / 1000

  // A year of weekly 7x7 scans of every keyword, stored and kept as a finished scan is.
  const before = {
    bytes: await tableBytes(),
    sightings: await count(competitorSightings),
    points: await count(geoGridPoints),
  }
  const scanStart = performance.now()
  const points = gridPoints(CENTER, GRID, SPACING_KM)
  for (let week = WEEKS - 1; week >= 0; week--) {
    const at = new Date(now.getTime() - week * 7 * DAY_MS)
    const day = dayOf(at)
    for (const keyword of made) {
      const answers = points.map((point) =>
        simulateMapPack({
          businessId,
          locationId: 'main',
          keyword: keyword.keywordKey,
          country: 'US',
          city: 'Austin',
          ...point,
          zoom: searchZoom(SPACING_KM),
          day,
          match,
        }),
      )
      const [scan] = await db
        .insert(geoGridScans)
        .values({
          businessId,
          keywordId: keyword.id,
          keyword: keyword.keywordKey,
          keywordKey: keyword.keywordKey,
          gridSize: GRID,
          spacingKm: SPACING_KM,
          centerLat: CENTER.lat,
          centerLng: CENTER.lng,
          zoom: searchZoom(SPACING_KM),
          status: 'done',
          simulated: true,
          sourceLabel: 'Simulated',
          createdAt: at,
          finishedAt: at,
        })
        .returning()
      await db.insert(geoGridPoints).values(
        points.map((point, i) => {
          const answer = answers[i]!
          const ok = answer.status === 'ok'
          return {
            ...point,
            scanId: scan!.id,
            businessId,
            status: 'ok' as const,
            position: ok ? answer.position : null,
            checkedAt: at,
            places: ok ? answer.places.map(({ lat: _lat, lng: _lng, ...place }) => place) : [],
          }
        }),
      )
      await deps.recordMapSightings(db, [
        {
          businessId,
          locationId: 'main',
          keywordKey: keyword.keywordKey,
          keywordId: keyword.id,
          provider: 'Simulated',
          simulated: true,
          search: { kind: 'grid', scanId: scan!.id },
          seenAt: at,
          answers: answers.flatMap((a) =>
            a.status === 'ok' ? [{ position: a.position, places: a.places }] : [],
          ),
        },
      ])
    }
  }
  const scans = WEEKS * KEYWORDS
  const scanSeconds = (performance.now() - scanStart) / 1000
  const after = {
    bytes: await tableBytes(),
    sightings: await count(competitorSightings),
    points: await count(geoGridPoints),
  }

  console.log(
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${KEYWORDS} keywords, ${WEEKS} weeks`,
  )
  console.log(`daily checks: ${made.length * WEEKS * 7} kept in ${dailySeconds.toFixed(1)} s`)
  console.log(
    `scans: ${scans} (${GRID}x${GRID}) kept in ${scanSeconds.toFixed(1)} s, ${((scanSeconds * 1000) / scans).toFixed(0)} ms a scan`,
  )
  console.log(
    `per scan: ${(after.points - before.points) / scans} point rows, ${((after.sightings - before.sightings) / scans).toFixed(1)} sightings rows, ${((after.bytes - before.bytes) / scans / 1024).toFixed(1)} KiB (tables and indexes)`,
  )
  console.log(
    `competitors kept: ${await count(competitors)}; sightings rows in all: ${after.sightings}`,
  )

  for (const days of [30, 90, 365]) {
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now()
      const response = await app.request(`/api/competitors?location=main&days=${days}`, { headers })
      const body = (await response.json()) as {
        competitors: unknown[]
        searches: { gridPoints: number; dailyChecks: number }
      }
      times.push(performance.now() - t0)
      if (run === 0)
        console.log(
          `GET /api/competitors?days=${days}: ${response.status}, ${body.competitors.length} competitors over ${body.searches.gridPoints} points and ${body.searches.dailyChecks} daily checks`,
        )
    }
    times.sort((a, b) => a - b)
    console.log(
      `  median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (${RUNS} runs)`,
    )
  }
} finally {
  await deps.close?.()
  rmSync(dataDir, { recursive: true, force: true })
}
