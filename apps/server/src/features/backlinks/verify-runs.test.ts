// "Verify all" as a job (issue 30 item 8): one POST queues a run, the job stores each link's result
// and the run's progress as it goes, a second start answers the running run, a stop ends it, an
// instance's stop hands it to the next one, and another owner can neither read nor start it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { BacklinkPage, BacklinkVerifyRun } from '@localseo/shared/backlinks'
import type { Database } from '../../db/client.js'
import { activities } from '../../db/schema/activities.js'
import { backlinks, backlinkVerifyRuns } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { createSafeFetcher, type SafeFetcher } from '../../net/safe-fetch.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { createTestDb } from '../../testing/db.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { retryNow } from '../../testing/job-retries.js'
import { page, startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { NO_WEBSITE_TO_VERIFY } from './verify.js'
import { VERIFY_QUEUE } from './verify-runs.js'

type RunAnswer = { run: BacklinkVerifyRun | null; error?: { code: string; message: string } }

const linking = page(
  '<!doctype html><html><head><title>Austin news</title></head><body><h1>Dentists</h1>' +
    '<p>Visit <a href="https://brightsmile.example/">Bright Smile Dental</a></p></body></html>',
)

let site: FixtureServer
let fetcher: SafeFetcher
/** While set, pages under /held answer only once it resolves. */
let held: Promise<void> | undefined
let release = () => {}
/** Resolves at the first request for a held page. */
let heldAsked: Promise<void> = Promise.resolve()
let onHeld = () => {}

function holdPages() {
  held = new Promise((resolve) => (release = resolve))
  heldAsked = new Promise((resolve) => (onHeld = resolve))
}

function servePage(req: IncomingMessage, res: ServerResponse) {
  const isHeld = (req.url ?? '/').startsWith('/held')
  if (isHeld) onHeld()
  void (isHeld ? (held ?? Promise.resolve()) : Promise.resolve()).then(() =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(String(linking.body)),
  )
}

const NOW = new Date('2026-03-10T15:00:00Z')
const clock = createTestClock(NOW)
let database: Database | undefined
const apps: TestApp[] = []
let t: TestApp
let token: string
let businessId: string

beforeAll(async () => {
  site = await startFixtureServer({}, { fallback: servePage })
  fetcher = createSafeFetcher({
    allowHosts: [site.hostPort],
    resolve: (hostname, _options, callback) =>
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []),
  })
})
afterAll(async () => {
  await fetcher.close()
  await site.close()
})

async function instance() {
  const app = await createTestApp({ database, clock, fetcher, jobs: true })
  apps.push(app)
  return app
}

beforeEach(async () => {
  clock.set(NOW)
  held = undefined
  database = await createTestDb()
  t = await instance()
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
  const res = await call('PUT', '/api/business', {
    ...businessInput,
    website: 'https://brightsmile.example',
  })
  expect(res.status).toBe(200)
  // The sample keywords' first checks (a job the save sent) are done before the test begins.
  await t.deps.jobs.whenIdle()
  const [business] = await t.db.select({ id: businesses.id }).from(businesses)
  businessId = business!.id
})
afterEach(async () => {
  release()
  for (const app of apps.splice(0)) await app.close()
  await database?.close()
  database = undefined
})

const call = <T = RunAnswer>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<T & { error?: { code: string; message: string } }>(
    method,
    path,
    body,
    bearer,
  )

/** Known backlinks straight into the table, replacing the first-run samples. */
async function seed(paths: string[], extra: Partial<typeof backlinks.$inferInsert> = {}) {
  await t.db.delete(backlinks).where(eq(backlinks.businessId, businessId))
  return addLinks(paths, extra)
}

/** More backlinks of the business, beside those already there. */
function addLinks(paths: string[], extra: Partial<typeof backlinks.$inferInsert> = {}) {
  return t.db
    .insert(backlinks)
    .values(
      paths.map((path) => ({
        businessId,
        url: `${site.origin}${path}`,
        domain: '127.0.0.1',
        anchorText: 'Bright Smile',
        linkType: 'dofollow' as const,
        quality: 'medium' as const,
        status: 'broken',
        domainAuthority: 50,
        spamScore: 1,
        firstSeen: NOW,
        ...extra,
      })),
    )
    .returning()
}

async function runRow(id: string) {
  const [row] = await database!.db
    .select()
    .from(backlinkVerifyRuns)
    .where(eq(backlinkVerifyRuns.id, id))
  return row
}

/** Reads the latest run until `done` says so (the job works on its own). */
async function latestUntil(done: (run: BacklinkVerifyRun) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { body } = await call('GET', '/api/backlinks/verify-runs/latest')
    if (body.run && done(body.run)) return body.run
    if (Date.now() > deadline) throw new Error(`the run never got there: ${JSON.stringify(body)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('Verify all as a job', () => {
  test('one POST queues the run; the job stores each result and the progress as it goes', async () => {
    holdPages()
    await seed(['/a', '/b', '/held'])
    const started = await call('POST', '/api/backlinks/verify-runs', {})
    expect(started.status).toBe(202)
    expect(started.body.run).toMatchObject({
      location: 'main',
      status: 'queued',
      total: 3,
      checked: 0,
      startedAt: NOW.toISOString(),
      finishedAt: null,
    })

    // Two pages answered, the third is held: the run is half way, and the list already shows them.
    await heldAsked
    const halfWay = await latestUntil((run) => run.checked === 2)
    expect(halfWay).toMatchObject({ id: started.body.run!.id, status: 'running', total: 3 })
    const list = await call<BacklinkPage>('GET', '/api/backlinks')
    const byPath = (path: string) => list.body.items.find((b) => b.url.endsWith(path))
    expect(byPath('/a')).toMatchObject({ status: 'active', lastCheckedAt: NOW.toISOString() })
    expect(byPath('/held')).toMatchObject({ status: 'broken', lastCheckedAt: null })

    release()
    await t.deps.jobs.whenIdle()
    const { body } = await call('GET', `/api/backlinks/verify-runs/${started.body.run!.id}`)
    expect(body.run).toMatchObject({
      status: 'done',
      total: 3,
      checked: 3,
      active: 3,
      broken: 0,
      failed: 0,
      finishedAt: NOW.toISOString(),
    })
    const stored = await t.db.select().from(backlinks).where(eq(backlinks.businessId, businessId))
    expect(stored.map((b) => b.status)).toEqual(['active', 'active', 'active'])
    expect(stored.every((b) => b.verification?.outcome === 'link-found')).toBe(true)
    const log = await t.db.select().from(activities).where(eq(activities.kind, 'backlink_verified'))
    expect(log.map((a) => a.message)).toEqual([
      'Checked 3 backlinks: 3 active, 0 broken, 0 could not be checked, 0 did not answer',
    ])
  })

  test('a second start while one runs answers the running run and queues nothing', async () => {
    holdPages()
    await seed(['/held'])
    const first = await call('POST', '/api/backlinks/verify-runs', {})
    await heldAsked
    const again = await call('POST', '/api/backlinks/verify-runs', {})
    expect(again.status).toBe(200)
    expect(again.body.run).toMatchObject({ id: first.body.run!.id, status: 'running' })
    expect(await t.db.select().from(backlinkVerifyRuns)).toHaveLength(1)
    release()
    await t.deps.jobs.whenIdle()
    // Once it has ended, the next start is a new run.
    clock.advance(11 * 60)
    const next = await call('POST', '/api/backlinks/verify-runs', {})
    expect(next.status).toBe(202)
    expect(next.body.run!.id).not.toBe(first.body.run!.id)
    await t.deps.jobs.whenIdle()
  })

  test('Stop: no new check starts, the ones under way are still stored', async () => {
    holdPages()
    // Five pages are asked at once: the five held ones, never checked, go first.
    await seed(
      Array.from({ length: 4 }, (_, i) => `/later-${i}`),
      {
        lastCheckedAt: new Date(NOW.getTime() - 3_600_000),
      },
    )
    await addLinks(Array.from({ length: 5 }, (_, i) => `/held-${i}`))
    const started = await call('POST', '/api/backlinks/verify-runs', {})
    await heldAsked
    const id = started.body.run!.id
    const stopped = await call('POST', `/api/backlinks/verify-runs/${id}/stop`)
    expect(stopped.status).toBe(200)
    expect(stopped.body.run).toMatchObject({ status: 'stopped', finishedAt: NOW.toISOString() })
    release()
    await t.deps.jobs.whenIdle()
    const { body } = await call('GET', `/api/backlinks/verify-runs/${id}`)
    expect(body.run).toMatchObject({ status: 'stopped', total: 9, checked: 5, active: 5 })
    expect(site.requests.filter((r) => r.path.startsWith('/later'))).toEqual([])
    // Stopping an ended run answers it as it is.
    const again = await call('POST', `/api/backlinks/verify-runs/${id}/stop`)
    expect(again.body.run!.status).toBe('stopped')
  })

  test("a location's run checks only that location's links", async () => {
    const created = await call<{ locations: { id: string }[] }>(
      'POST',
      '/api/business/locations',
      locationInput('Round Rock'),
    )
    const locationId = created.body.locations[0]!.id
    const [mainRow, localRow] = await seed(['/main', '/local'])
    await t.db
      .update(backlinks)
      .set({ locationId, isLocationSpecific: true })
      .where(eq(backlinks.id, localRow!.id))
    const started = await call('POST', '/api/backlinks/verify-runs', { location: locationId })
    expect(started.body.run).toMatchObject({ location: locationId, total: 1 })
    await t.deps.jobs.whenIdle()
    const [untouched] = await t.db.select().from(backlinks).where(eq(backlinks.id, mainRow!.id))
    expect(untouched?.lastCheckedAt).toBeNull()
    const [checked] = await t.db.select().from(backlinks).where(eq(backlinks.id, localRow!.id))
    expect(checked?.status).toBe('active')
  })

  test('a run cut off by an instance stop is finished by the next one, each link counted once', async () => {
    holdPages()
    await seed(['/a', '/b'], { lastCheckedAt: new Date(NOW.getTime() - 3_600_000) })
    await addLinks(Array.from({ length: 5 }, (_, i) => `/held-${i}`))
    const started = await call('POST', '/api/backlinks/verify-runs', {})
    const id = started.body.run!.id
    await heldAsked
    // The instance stops as on SIGTERM: its runs first (the pages under way are stored), then the queue.
    const stopping = t.deps.runs.verifies.stop()
    release()
    await stopping
    await t.automation!.stop()
    expect(await runRow(id)).toMatchObject({ status: 'running', checked: 5 })
    const before = site.requests.length

    // The job waits 5 s before its retry (retryDelaySeconds): brought forward, not waited for.
    await retryNow(database!, VERIFY_QUEUE)
    const next = await instance()
    await next.deps.jobs.whenIdle(20_000)
    expect(await runRow(id)).toMatchObject({ status: 'done', total: 7, checked: 7, active: 7 })
    // The next instance asked only the pages the first one had not stored.
    expect(
      site.requests
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/a', '/b'])
  })
})

describe('refusals', () => {
  test('bad input is a 422 that changes nothing', async () => {
    await seed(['/a'])
    const before = await databaseFingerprint(t.db)
    for (const body of [{ location: 5 }, { location: 'x'.repeat(101) }]) {
      const res = await call('POST', '/api/backlinks/verify-runs', body)
      expect(res.status).toBe(422)
      expect(res.body.error?.code).toBe('validation_failed')
    }
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('without a website the start is a 422 asking for it, and no run is stored', async () => {
    await call('PUT', '/api/business', { ...businessInput, website: '' })
    const res = await call('POST', '/api/backlinks/verify-runs', {})
    expect(res.status).toBe(422)
    expect(res.body.error?.message).toBe(NO_WEBSITE_TO_VERIFY)
    expect(await t.db.select().from(backlinkVerifyRuns)).toEqual([])
  })

  test('an unknown or malformed run id is a 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await call('GET', `/api/backlinks/verify-runs/${unknown}`)).status).toBe(404)
    expect((await call('GET', '/api/backlinks/verify-runs/not-a-uuid')).status).toBe(404)
    expect((await call('POST', `/api/backlinks/verify-runs/${unknown}/stop`)).status).toBe(404)
  })
})

describe('tenant isolation', () => {
  test("another owner can neither read, stop nor start a run on this owner's links", async () => {
    holdPages()
    const [mine] = await seed(['/held'])
    const created = await call<{ locations: { id: string }[] }>(
      'POST',
      '/api/business/locations',
      locationInput('Round Rock'),
    )
    const myLocation = created.body.locations[0]!.id
    const started = await call('POST', '/api/backlinks/verify-runs', {})
    const id = started.body.run!.id
    await heldAsked

    const other = (await signUp(t.app, { email: 'other@example.com' })).accessToken
    await call(
      'PUT',
      '/api/business',
      { ...businessInput, website: 'https://other.example' },
      other,
    )
    expect((await call('GET', `/api/backlinks/verify-runs/${id}`, undefined, other)).status).toBe(
      404,
    )
    const stop = await call('POST', `/api/backlinks/verify-runs/${id}/stop`, undefined, other)
    expect(stop.status).toBe(404)
    const foreignScope = await call(
      'POST',
      '/api/backlinks/verify-runs',
      { location: myLocation },
      other,
    )
    expect(foreignScope.status).toBe(404)
    const latest = await call('GET', '/api/backlinks/verify-runs/latest', undefined, other)
    expect(latest.body.run).toBeNull()
    // This owner's run is not theirs to answer: their own start is a run of their own business.
    const theirs = await call('POST', '/api/backlinks/verify-runs', {}, other)
    expect(theirs.status).toBe(202)
    expect(theirs.body.run!.id).not.toBe(id)

    release()
    await t.deps.jobs.whenIdle()
    const { body } = await call('GET', `/api/backlinks/verify-runs/${id}`)
    expect(body.run).toMatchObject({ status: 'done', checked: 1 })
    const [stored] = await t.db.select().from(backlinks).where(eq(backlinks.id, mine!.id))
    expect(stored?.status).toBe('active')
    const runs = await t.db
      .select()
      .from(backlinkVerifyRuns)
      .where(eq(backlinkVerifyRuns.businessId, businessId))
    expect(runs).toHaveLength(1)
  })

  test('the routes are in the inventory and refuse a request without a session', async () => {
    const routes = t.app.routes.map((r) => `${r.method} ${r.path}`)
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/backlinks/verify-runs',
        'GET /api/backlinks/verify-runs/latest',
        'GET /api/backlinks/verify-runs/:id',
        'POST /api/backlinks/verify-runs/:id/stop',
      ]),
    )
    const res = await t.app.request('/api/backlinks/verify-runs', { method: 'POST', body: '{}' })
    expect(res.status).toBe(401)
  })
})
