// Monthly reports at real size (issue 35 "Done when": "a report for a business with 3 locations, 90
// days of 50 keywords and 1,000 backlinks builds in the note's measured time and memory"): the
// business and its 3 locations are made through the API, then 50 tracked keywords per location with
// 90 days of checks, 1,000 backlinks, a 7x7 geo-grid scan per location and 20 tasks done are bulk
// inserted. Builds last month's PDF for the business and for one location RUNS times through
// GET /api/reports/pdf and reports the median and worst time, the PDF's size and the process's
// peak RSS and heap growth while building.
// Run: npx tsx --conditions=source bench/reports/run.ts   (RUNS; SAVE=<dir>; DATABASE_URL=postgres://… for
// PostgreSQL instead of a fresh embedded database)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { keywordKey } from '@localseo/shared/rank-tracker'
import { createApp } from '../../apps/server/src/app.js'
import { backlinks } from '../../apps/server/src/db/schema/backlinks.js'
import { businesses } from '../../apps/server/src/db/schema/business.js'
import { geoGridPoints, geoGridScans } from '../../apps/server/src/db/schema/geo-grid.js'
import { keywords } from '../../apps/server/src/db/schema/keywords.js'
import { rankPositions } from '../../apps/server/src/db/schema/rank-tracker.js'
import { recommendations } from '../../apps/server/src/db/schema/recommendations.js'
import { createDeps } from '../../apps/server/src/deps.js'
import { parseEnv } from '../../apps/server/src/env.js'
import { registerJobs } from '../../apps/server/src/register-jobs.js'
import { signUp } from '../../apps/server/src/testing/auth.js'
import { businessInput, locationInput } from '../../apps/server/src/testing/factories.js'

const RUNS = Number(process.env.RUNS ?? 5)
const KEYWORDS = 50
const DAYS = 90
const BACKLINKS = 1000
const DAY_MS = 86_400_000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'))
const now = new Date()
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  AUTH_RATE_LIMITS: 'off',
  DATA_DIR: dataDir,
  SITE_URL: 'http://localhost:3000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const deps = await createDeps(env, { clock: { now: () => now } })
const app = createApp(deps)
const { db } = deps
// Jobs are sent (a new location asks for its first checks), none runs: the bench's figures are its own.
const automation = registerJobs(deps)
await automation.start({ timer: false, workers: false })

const day = (daysAgo: number) =>
  new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10)
const lastMonth = (() => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
  return d.toISOString().slice(0, 7)
})()

async function seed(businessId: string, locationIds: string[]) {
  await db.delete(keywords).where(eq(keywords.businessId, businessId))
  await db.delete(backlinks).where(eq(backlinks.businessId, businessId))
  for (const [l, locationId] of locationIds.entries()) {
    const made = await db
      .insert(keywords)
      .values(
        Array.from({ length: KEYWORDS }, (_, i) => ({
          businessId,
          locationId,
          keyword: `plumber service ${i} area ${l}`,
          keywordKey: keywordKey(`plumber service ${i} area ${l}`),
          tracked: true,
        })),
      )
      .returning({ id: keywords.id })
    const rows = made.flatMap((k, i) =>
      Array.from({ length: DAYS }, (_, d) => ({
        keywordId: k.id,
        businessId,
        day: day(d),
        status: 'ok' as const,
        position: 1 + ((i * 7 + d * 3) % 60),
        checkedAt: new Date(now.getTime() - d * DAY_MS),
      })),
    )
    for (let i = 0; i < rows.length; i += 1000) {
      await db.insert(rankPositions).values(rows.slice(i, i + 1000))
    }
    const [scan] = await db
      .insert(geoGridScans)
      .values({
        businessId,
        locationId,
        keyword: 'plumber service 0',
        keywordKey: 'plumber service 0',
        gridSize: 7,
        spacingKm: 1,
        centerLat: 30.27,
        centerLng: -97.74,
        zoom: 13,
        status: 'done',
        simulated: true,
        sourceLabel: 'Simulated',
        createdAt: new Date(`${lastMonth}-20T12:00:00Z`),
        finishedAt: new Date(`${lastMonth}-20T12:05:00Z`),
      })
      .returning({ id: geoGridScans.id })
    await db.insert(geoGridPoints).values(
      Array.from({ length: 49 }, (_, i) => ({
        scanId: scan!.id,
        businessId,
        row: Math.floor(i / 7),
        col: i % 7,
        lat: 30.27,
        lng: -97.74,
        status: 'ok' as const,
        position: i % 9 === 0 ? null : 1 + (i % 20),
      })),
    )
  }
  // One statement for the backlinks, spread over the 90 days and the locations.
  await db.execute(sql`
    insert into ${backlinks} (business_id, location_id, url, domain, anchor_text, link_type, quality, first_seen, status)
    select ${businessId}, (${sql`array[${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )}]`})[1 + n % ${locationIds.length}],
      'https://site' || n || '.example/page', 'site' || n || '.example', 'plumber', 'dofollow', 'medium',
      ${now.toISOString()}::timestamptz - (n % ${DAYS}) * interval '1 day', 'active'
    from generate_series(1, ${BACKLINKS}) n`)
  await db
    .update(recommendations)
    .set({ status: 'completed', completedDate: `${lastMonth}-10` })
    .where(eq(recommendations.businessId, businessId))
}

async function build(headers: Record<string, string>, location: string) {
  const start = performance.now()
  const res = await app.request(`/api/reports/pdf?month=${lastMonth}&location=${location}`, {
    headers,
  })
  const pdf = new Uint8Array(await res.arrayBuffer())
  if (res.status !== 200) throw new Error(`report answered ${res.status}`)
  // SAVE=<dir> keeps the last PDF of each place, to look at.
  if (process.env.SAVE) writeFileSync(path.join(process.env.SAVE, `report-${location}.pdf`), pdf)
  const bytes = pdf.byteLength
  return { ms: performance.now() - start, bytes }
}

try {
  const session = await signUp(app, { email: `bench-reports-${Date.now()}@example.com` })
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'content-type': 'application/json',
  }
  await app.request('/api/business', {
    method: 'PUT',
    headers,
    body: JSON.stringify(businessInput),
  })
  const locationIds: string[] = []
  for (const name of ['Round Rock', 'Cedar Park', 'Pflugerville']) {
    const res = await app.request('/api/business/locations', {
      method: 'POST',
      headers,
      body: JSON.stringify(locationInput(name)),
    })
    const body = (await res.json()) as { locations: { id: string }[] }
    if (!body.locations) throw new Error(`location answered ${res.status}: ${JSON.stringify(body)}`)
    locationIds.push(body.locations.at(-1)!.id)
  }
  const [business] = await db.select().from(businesses).where(eq(businesses.userId, session.userId))
  const seedStart = performance.now()
  await seed(business!.id, locationIds)
  console.log(
    `seeded 3 locations x ${KEYWORDS} keywords x ${DAYS} days, ${BACKLINKS} backlinks in ${Math.round(performance.now() - seedStart)} ms`,
  )
  for (const location of ['main', locationIds[0]!]) {
    await build(headers, location) // warm: fonts read, statements prepared
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    const heapBefore = process.memoryUsage().heapUsed
    let peak = rssBefore
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 5)
    const runs: number[] = []
    let size = 0
    for (let i = 0; i < RUNS; i++) {
      const { ms, bytes } = await build(headers, location)
      runs.push(ms)
      size = bytes
    }
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    runs.sort((a, b) => a - b)
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1)
    console.log(
      `${location === 'main' ? 'business (main)' : 'one location'}, ${lastMonth}: median ${Math.round(runs[Math.floor(runs.length / 2)]!)} ms, worst ${Math.round(runs.at(-1)!)} ms over ${RUNS}; PDF ${(size / 1024).toFixed(0)} KiB; RSS ${mib(rssBefore)} -> peak ${mib(peak)} MiB (+${mib(peak - rssBefore)}); heap +${mib(process.memoryUsage().heapUsed - heapBefore)} MiB`,
    )
  }
} finally {
  await automation.stop()
  await deps.close()
  if (!process.env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true })
}
