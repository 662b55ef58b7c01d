// Queries per data request (issue 36 item 6, docs/decisions/049-seeded-account-and-query-budget.md):
// every signed-in screen's data requests run the same number of SQL statements for a small account
// (5 tracked keywords, 5 backlinks, 5 reviews, ...) as for a large one (500 of each), so none runs a
// query per row (N+1); and each stays within its budget below, so a request that starts running
// more fails here. The statements are counted by drizzle's logger on a database of this file's own
// (testing/db.ts createLoggedTestDb); the history is written in bulk (testing/bulk-history.ts).
import type { Logger } from 'drizzle-orm'
import { dayIn } from '@localseo/shared/dates'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../src/db/client.js'
import { apiCaller } from '../src/testing/api.js'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { signUp, uniqueEmail } from '../src/testing/auth.js'
import {
  bulkAlerts,
  bulkBacklinks,
  bulkGridScans,
  bulkRankChecks,
  bulkReviews,
  bulkTasks,
  bulkTrackedKeywords,
} from '../src/testing/bulk-history.js'
import { createLoggedTestDb } from '../src/testing/db.js'
import { businessInput, locationInput } from '../src/testing/factories.js'

/**
 * Each request's statements with the large account. Lower one when a change saves statements;
 * raising one needs a reason in the commit (ADR 049 "Query budget").
 */
const BUDGET: Record<string, number> = {
  'GET /api/business': 1,
  'GET /api/dashboard?location=main': 10,
  'GET /api/rank-tracker/keywords?location=main': 2,
  'GET /api/rank-tracker/history?location=main&range=30': 3,
  'GET /api/rank-tracker/history?location=main&range=90': 3,
  'GET /api/rank-tracker/history?location=main&range=30&page=5': 3,
  'GET /api/rank-tracker/history/keywords?location=main&range=90': 3,
  'GET /api/keywords?location=main': 2,
  'GET /api/planner/saved?location=main': 2,
  'GET /api/backlinks?location=main': 3,
  'GET /api/backlinks/summary?location=main': 5,
  'GET /api/listings?location=main': 3,
  'GET /api/competitors?location=main&days=90': 5,
  'GET /api/competitors/followed?location=main': 2,
  'GET /api/geo-grid/scans': 3,
  'GET /api/recommendations': 3,
  'GET /api/alerts': 3,
  'GET /api/business-profile': 2,
  'GET /api/business-profile/reviews?location=main': 4,
  'GET /api/business-profile/reviews/summary?location=main': 4,
  'GET /api/business/locations': 2,
  'GET /api/integrations': 1,
  'GET /api/integrations/google/analytics': 1,
  'GET /api/integrations/google/search-console/performance': 0,
  'GET /api/keywords/suggestions?location=main': 2,
  'GET /api/competitors/map-history?location=main&keywordId={keyword}&range=90': 5,
  'GET /api/site-audit/runs': 3,
  'GET /api/alerts/preferences': 2,
  'GET /api/automation': 3,
  'GET /api/business-profile/performance?location=main': 2,
  'GET /api/backlinks/verify-runs/latest': 2,
  // The planner's search is a POST (it may ask a keyword data source); it writes nothing here.
  'POST /api/planner/search': 1,
}

/** The body of a POST above: the planner's first search, as the screen sends it. */
const BODIES: Record<string, unknown> = {
  'POST /api/planner/search': { location: 'main', q: '', intent: 'all', difficulty: 'all' },
}

const SMALL = 5
const LARGE = 500
/** The most keywords a place can save in the planner (planner.service.ts). */
const SAVED_LIMIT = 200
const CENTER = { lat: 30.2672, lng: -97.7431 }

/** drizzle's statements while `counting` is on. */
const statements: string[] = []
let counting = false
/**
 * The session check's reads (the auth schema) are left out: they come again whenever the session
 * cache lets a session go (on PostgreSQL after a while, auth/session-cache.ts), whatever the
 * request, and the auth benchmarks hold them.
 */
const SESSION_CHECK = /"auth"\./
const logger: Logger = {
  logQuery(query) {
    if (counting && !SESSION_CHECK.test(query)) statements.push(query)
  },
}

let database: Database | undefined
let t: TestApp | undefined
afterAll(async () => {
  await t?.close()
  await database?.close()
})

type Call = ReturnType<typeof apiCaller>

/** An owner's requests, and a keyword of theirs the map history is asked for. */
interface Owner {
  call: Call
  keywordId: string
  /** The tracked keywords the place had before the bulk ones: the first-run and default ones. */
  before: number
}

/** An owner whose business has `size` of each kind of history, written in bulk. */
async function account(app: TestApp, size: number): Promise<Owner> {
  const session = await signUp(app.app, { email: uniqueEmail(`queries-${size}`) })
  const call = apiCaller(app.app, () => session.accessToken)
  const saved = await call<{ business: { id: string; timeZone: string } }>('PUT', '/api/business', {
    ...businessInput,
    website: 'https://brightsmile.example',
  })
  const businessId = saved.body.business.id
  await call('PUT', '/api/business/coordinates', CENTER)
  const added = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('North'),
  )
  const locationIds = added.body.locations.map((location) => location.id)
  // The Rank Tracker's first visit fills the place's default keywords in, as an owner's does.
  const first = await call<{ keywords: unknown[] }>(
    'GET',
    '/api/rank-tracker/keywords?location=main',
  )
  const now = new Date()
  const keywords = await app.db.transaction(async (tx) => {
    const made = await bulkTrackedKeywords(tx, {
      businessId,
      locationId: null,
      city: businessInput.city,
      count: size,
      saved: Math.min(size, SAVED_LIMIT),
      now,
    })
    await bulkRankChecks(tx, {
      businessId,
      today: dayIn(now, saved.body.business.timeZone),
      days: 90,
    })
    await bulkBacklinks(tx, {
      businessId,
      count: size,
      locationIds,
      now,
      website: 'brightsmile.example',
    })
    await bulkReviews(tx, {
      businessId,
      places: [{ locationKey: 'main', locationId: null, title: businessInput.name, count: size }],
      now,
      sample: true,
    })
    await bulkTasks(tx, { businessId, completed: size, open: size, now })
    await bulkAlerts(tx, { businessId, perDay: 1, days: size, now })
    return made
  })
  await bulkGridScans(app.deps, {
    businessId,
    keywords: keywords.slice(0, size === SMALL ? 1 : 10),
    weeks: size === SMALL ? 1 : 4,
    center: CENTER,
    city: businessInput.city,
    category: businessInput.category,
    match: {
      name: businessInput.name,
      phone: null,
      address: null,
      website: null,
      placeId: null,
      ...CENTER,
    },
    now,
  })
  // A competitor followed, as the screen's followed list shows them.
  const competitors = await call<{ competitors: { id: string }[] }>(
    'GET',
    '/api/competitors?location=main&days=90',
  )
  for (const competitor of competitors.body.competitors.slice(0, size === SMALL ? 1 : 5))
    await call('PATCH', `/api/competitors/${competitor.id}`, { followed: true })
  return { call, keywordId: keywords[0]!.id, before: first.body.keywords.length }
}

/** How long no statement must run for the app's work to count as done. */
const QUIET_MS = 50

/**
 * Waits until no statement has run for QUIET_MS: what an earlier request or the seeding left
 * running (on PostgreSQL it runs beside the next request) is not the next request's. With
 * `keep`, the statements heard meanwhile stay counted.
 */
async function quiet({ keep = false } = {}): Promise<void> {
  const wasCounting = counting
  counting = true
  for (let i = 0; i < 100; i++) {
    const heard = statements.length
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    if (statements.length === heard) break
  }
  if (!keep) statements.length = 0
  counting = wasCounting
}

/** The statements each request ran, in the BUDGET's order. */
async function countStatements({ call, keywordId }: Owner): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const request of Object.keys(BUDGET)) {
    const [method, route] = request.split(' ') as [string, string]
    await quiet()
    statements.length = 0
    counting = true
    const response = await call(method, route.replace('{keyword}', keywordId), BODIES[request])
    // Work a request leaves running after its answer counts as its own.
    await quiet({ keep: true })
    counting = false
    expect(response.status, `${request} answered ${response.status}`).toBe(200)
    counts[request] = statements.length
    // SHOW_STATEMENTS=1 prints them: which statement a grown request added.
    if (process.env.SHOW_STATEMENTS) console.log(request, statements.length, statements)
  }
  return counts
}

describe('queries per data request', () => {
  let small: Record<string, number>
  let large: Record<string, number>
  let largeOwner: Owner

  beforeAll(async () => {
    database = await createLoggedTestDb(logger)
    t = await createTestApp({ database })
    const smallOwner = await account(t, SMALL)
    largeOwner = await account(t, LARGE)
    small = await countStatements(smallOwner)
    large = await countStatements(largeOwner)
  }, 120_000)

  test('each request runs as many statements for 500 of each kind as for 5 (no query per row)', () => {
    const grown = Object.keys(BUDGET).filter((request) => large[request] !== small[request])
    expect(
      grown.map(
        (request) => `${request}: ${small[request]} with ${SMALL}, ${large[request]} with ${LARGE}`,
      ),
    ).toEqual([])
  })

  test('no request runs more statements than its budget', () => {
    const over = Object.entries(BUDGET).filter(([request, budget]) => large[request]! > budget)
    expect(
      over.map(([request, budget]) => `${request}: ${large[request]} statements, budget ${budget}`),
    ).toEqual([])
  })

  // What the counts above are worth rests on the bulk rows being read as the app's own.
  test('the bulk history reads back through the API as the app writes it', async () => {
    const { call, before } = largeOwner
    const history = await call<{ keywords: { checks: unknown[] }[] }>(
      'GET',
      '/api/rank-tracker/history/keywords?location=main&range=90',
    )
    expect(history.body.keywords).toHaveLength(before + LARGE)
    expect(history.body.keywords.every((keyword) => keyword.checks.length === 90)).toBe(true)
    const backlinks = await call<{ total: number }>('GET', '/api/backlinks?location=main')
    // The first run's three sample backlinks, then the bulk ones.
    expect(backlinks.body.total).toBe(3 + LARGE)
    const reviews = await call<{ count: number }>(
      'GET',
      '/api/business-profile/reviews/summary?location=main',
    )
    expect(reviews.body.count).toBe(LARGE)
    const tasks = await call<{ progress: { completedTasks: number } }>(
      'GET',
      '/api/recommendations',
    )
    expect(tasks.body.progress.completedTasks).toBe(LARGE)
    const saved = await call<{ keywords: unknown[] }>('GET', '/api/planner/saved?location=main')
    expect(saved.body.keywords).toHaveLength(SAVED_LIMIT)
    const competitors = await call<{ competitors: unknown[] }>(
      'GET',
      '/api/competitors?location=main&days=90',
    )
    expect(competitors.body.competitors.length).toBeGreaterThan(0)
  })
})
