// A realistic account for the benchmarks (issue 36 item 1, docs/decisions/049-seeded-account-and-query-budget.md):
// an owner with a business of 3 locations (the main address and two more), 500 tracked keywords
// with 365 days of checks, 10,000 backlinks, 52 weekly 7x7 geo-grid scans on 10 keywords with the
// competitors they saw, 2,000 reviews, and a year of tasks done and alerts. The owner, business
// and locations are made through the API (as an owner makes them); the history is written in bulk
// in transactions, shaped as the app writes it (apps/server/src/testing/bulk-history.ts).
// Without GOOGLE_CLIENT_ID the profile links and their reviews are sample ones, labelled as the
// app labels them. Prints what it wrote, the time it took and the size on disk, then the sign-in.
//
// Run on a new embedded database, then start the server on it:
//   npx tsx --conditions=source bench/seed/run.ts --data-dir /tmp/seeded
//   DATA_DIR=/tmp/seeded npm start -w @localseo/server
// or on PostgreSQL:  npx tsx --conditions=source bench/seed/run.ts --database-url postgres://…
// Options: --email (seed-owner@example.com), --password ('seed password 1').
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { dayIn } from '@localseo/shared/dates'
import { createApp } from '../../apps/server/src/app.js'
import { businesses } from '../../apps/server/src/db/schema/business.js'
import { createDeps } from '../../apps/server/src/deps.js'
import { parseEnv } from '../../apps/server/src/env.js'
import { registerJobs } from '../../apps/server/src/register-jobs.js'
import { businessInput } from '../../apps/server/src/testing/factories.js'
import {
  bulkAlerts,
  bulkBacklinks,
  bulkGridScans,
  bulkRankChecks,
  bulkReviews,
  bulkTasks,
  bulkTrackedKeywords,
  historyCounts,
  scheduleNextRuns,
} from '../../apps/server/src/testing/bulk-history.js'

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    email: { type: 'string', default: 'seed-owner@example.com' },
    password: { type: 'string', default: 'seed password 1' },
  },
})
const dataDir = args['data-dir']
const databaseUrl = args['database-url']
if (!dataDir === !databaseUrl) {
  console.error('Give one of --data-dir DIR (a new embedded database) or --database-url URL.')
  process.exit(2)
}
if (dataDir && existsSync(path.join(dataDir, 'pgdata'))) {
  console.error(`${dataDir} already holds a database: give a new directory.`)
  process.exit(2)
}

/** The account's size (issue 36 item 1). */
const SIZE = {
  /** Tracked keywords per place: main, then the two added locations (500 in all). */
  keywords: [400, 50, 50],
  /** Of those, saved in the Keyword Planner, per place. */
  saved: [60, 10, 10],
  days: 365,
  backlinks: 10_000,
  gridKeywords: 10,
  weeks: 52,
  /** Reviews per place (2,000 in all). */
  reviews: [1000, 600, 400],
  tasksDone: 260,
  tasksOpen: 12,
  alertsPerDay: 2,
}

const CENTER = { lat: 30.2672, lng: -97.7431 }
/** The Austin dentist of the other benches, with a website (the site audit and links need one). */
const business = { ...businessInput, name: 'Bench Dental', website: 'https://benchdental.example' }
const addedLocations = [
  {
    name: 'Bench Dental North',
    address: '9500 N Lamar Blvd',
    city: 'Austin',
    state: 'TX',
    zip: '78753',
  },
  {
    name: 'Bench Dental Round Rock',
    address: '200 E Main St',
    city: 'Round Rock',
    state: 'TX',
    zip: '78664',
  },
]

const started = performance.now()
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMITS: 'off',
  SITE_URL: 'http://localhost:3000',
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
})
const deps = await createDeps(env)
// The queue is open so a request stores its jobs as on the server; none runs here: the first
// checks the API asks for run when the server starts on the seeded data.
const automation = registerJobs(deps)
await automation.start({ timer: false, workers: false })
const app = createApp(deps)
const { db } = deps

async function call<T>(method: string, route: string, token: string | null, body?: unknown) {
  const response = await app.request(route, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

try {
  // 1. The owner, the business and its locations, through the API.
  const session = await call<{ access_token: string }>('POST', '/auth/v1/signup', null, {
    email: args.email,
    password: args.password,
  })
  const token = session.access_token
  const saved = await call<{ business: { id: string; timeZone: string } }>(
    'PUT',
    '/api/business',
    token,
    business,
  )
  const businessId = saved.business.id
  await call('PUT', '/api/business/coordinates', token, CENTER)
  const locationIds: string[] = []
  for (const location of addedLocations) {
    const { locations } = await call<{ locations: { id: string; name: string }[] }>(
      'POST',
      '/api/business/locations',
      token,
      location,
    )
    locationIds.push(locations.find((made) => made.name === location.name)!.id)
  }
  // Each place's Rank Tracker once, so its default keywords are filled in as an owner's first
  // visit fills them (the bulk keywords below come on top, up to the place's count).
  const places = [
    { locationId: null, key: 'main', city: business.city, title: business.name },
    ...addedLocations.map((location, i) => ({
      locationId: locationIds[i]!,
      key: locationIds[i]!,
      city: location.city,
      title: location.name,
    })),
  ]
  const existing: number[] = []
  for (const place of places) {
    const { keywords } = await call<{ keywords: unknown[] }>(
      'GET',
      `/api/rank-tracker/keywords?location=${encodeURIComponent(place.key)}`,
      token,
    )
    existing.push(keywords.length)
  }
  console.log(`owner, business and ${places.length} places through the API: ${seconds(started)} s`)

  // 2. The history, in bulk, one transaction per kind.
  const now = new Date()
  const today = dayIn(now, saved.business.timeZone)
  const step = async (name: string, work: () => Promise<unknown>) => {
    const at = performance.now()
    await work()
    console.log(`  ${name}: ${seconds(at)} s`)
  }
  let gridKeywords: { id: string; keyword: string }[] = []
  await step('tracked keywords and 365 days of checks', () =>
    db.transaction(async (tx) => {
      for (const [i, place] of places.entries()) {
        const added = await bulkTrackedKeywords(tx, {
          businessId,
          locationId: place.locationId,
          city: place.city,
          count: SIZE.keywords[i]! - existing[i]!,
          saved: SIZE.saved[i]!,
          now,
        })
        if (place.locationId === null) gridKeywords = added.slice(0, SIZE.gridKeywords)
      }
      await bulkRankChecks(tx, { businessId, today, days: SIZE.days })
    }),
  )
  await step('backlinks', () =>
    db.transaction((tx) =>
      bulkBacklinks(tx, {
        businessId,
        count: SIZE.backlinks,
        locationIds,
        now,
        website: 'benchdental.example',
      }),
    ),
  )
  await step('weekly geo-grid scans and their competitors', () =>
    bulkGridScans(deps, {
      businessId,
      keywords: gridKeywords,
      weeks: SIZE.weeks,
      center: CENTER,
      city: business.city,
      category: business.category,
      match: {
        name: business.name,
        phone: business.phone,
        address: `${business.address}, ${business.city}`,
        website: business.website,
        placeId: null,
        ...CENTER,
      },
      now,
    }),
  )
  await step('profile links and reviews', () =>
    db.transaction((tx) =>
      bulkReviews(tx, {
        businessId,
        places: places.map((place, i) => ({
          locationKey: place.key,
          locationId: place.locationId,
          title: place.title,
          count: SIZE.reviews[i]!,
        })),
        now,
        sample: !env.GOOGLE_CLIENT_ID,
      }),
    ),
  )
  await step('a year of tasks and alerts', () =>
    db.transaction(async (tx) => {
      await bulkTasks(tx, {
        businessId,
        completed: SIZE.tasksDone,
        open: SIZE.tasksOpen,
        now,
      })
      await bulkAlerts(tx, { businessId, perDay: SIZE.alertsPerDay, days: SIZE.days, now })
    }),
  )
  await step('automatic work next due at its slot', () =>
    scheduleNextRuns(db, { businessId, timeZone: saved.business.timeZone, now }),
  )
  await step('analyze', () => db.execute(sql`analyze`))

  const counts = await historyCounts(db, businessId)
  console.table(counts)
  const [size] = await db
    .select({ bytes: sql<string>`pg_database_size(current_database())` })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  console.log(`database size: ${(Number(size?.bytes) / 1024 / 1024).toFixed(0)} MiB`)
  if (dataDir) console.log(`DATA_DIR on disk: ${(dirBytes(dataDir) / 1024 / 1024).toFixed(0)} MiB`)
  console.log(`seeded in ${seconds(started)} s`)
  console.log(`sign in as ${args.email} / ${args.password}`)
} finally {
  await deps.close()
  await automation.stop()
}

function dirBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? dirBytes(full) : statSync(full).size
  }
  return total
}
