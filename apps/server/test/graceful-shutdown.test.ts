// Stopping the real server process mid-work (issue 37 item 5, docs/decisions/045-graceful-shutdown.md):
// a grid scan cut by SIGTERM goes back to the queue and the next start finishes it, each point asked
// of the provider once; so does a Google import, each review stored once; a second signal stops at once and the next start opens DATA_DIR and runs the
// work left behind; a download still streaming when the requests' drain ends is cut without its
// last chunk, never delivered as a short file that looks complete. The provider is a fake on
// 127.0.0.1, slowed so that a stop lands half way. PGlite only (a server process on DATA_DIR): the
// queue's hand-back on PostgreSQL is src/jobs/queue.test.ts's.
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Schedule } from '@localseo/shared/automation'
import type { ReviewsPage } from '@localseo/shared/business-profile'
import type { GridScanDetail, GridSetup } from '@localseo/shared/geo-grid'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { openDatabase } from '../src/db/client.js'
import { apiCaller } from '../src/testing/api.js'
import { signUp } from '../src/testing/auth.js'
import { GBP_LOCATION } from '../src/testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../src/testing/fake-google.js'
import { startFakeSerp, type FakeSerp } from '../src/testing/fake-serp.js'
import { connectGoogle } from '../src/testing/google-owner.js'
import { businessInput } from '../src/testing/factories.js'
import { PGLITE_TEMPLATE } from '../src/testing/pglite-template.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'

const KEY = 'serp-shutdown-test-key-4545'
/** Where the business is pinned (testing/pinned-owner.ts's, not imported: it brings a test app). */
const AUSTIN = { lat: 30.2672, lng: -97.7431 }
/** The server's own bound (server.ts): past it a stop is not graceful. */
const STOP_BOUND_MS = 10_000

let fake: FakeSerp
let google: FakeGoogle
let dataDir = ''
const children: ChildProcess[] = []

interface Server extends ServerProcess {
  url: string
}

/** A server on DATA_DIR answering at `url`, once it listens. */
async function start(): Promise<Server> {
  const server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMITS: 'off',
    SIMULATED_DELAYS: 'false',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('hex'),
    SERP_BASE_URL: fake.origin,
    ...google.env,
    JWT_SECRET: 'graceful-shutdown-test-secret-0123456789abcdef',
  })
  children.push(server.child)
  if (!(await server.wrote('LocalSEO AI is listening')))
    throw new Error(`the server did not start:\n${server.output()}`)
  const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())?.[1] ?? ''
  return { ...server, url }
}

/** Sends `signal` and answers the exit code and how long the exit took (null: not within `ms`). */
async function stop(server: Server, signal: NodeJS.Signals, ms = STOP_BOUND_MS + 2_000) {
  const sent = Date.now()
  server.child.kill(signal)
  const code = await Promise.race([
    server.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ])
  return { code, tookMs: Date.now() - sent }
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const target = (server: Server) => ({
  // A redirect is the answer under test (Google's callback), as the app's own request() gives it.
  request: (input: string, init?: RequestInit) =>
    fetch(`${server.url}${input}`, { redirect: 'manual', ...init }),
})

/** The queue as /healthz counts it: nothing waiting to run and nothing running. */
async function queueIdle(server: Server) {
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
    queue: { queued: number; active: number }
  }
  return health.queue.active === 0 && health.queue.queued === 0
}

const mapRequests = () => fake.requests.filter((r) => r.kind === 'maps')

let token = ''
let keywordId = ''

beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
  google = await startFakeGoogle()
  dataDir = mkdtempSync(path.join(tmpdir(), 'localseo-stop-'))
  cpSync(path.join(inject('pgliteRunDir'), PGLITE_TEMPLATE), path.join(dataDir, 'pgdata'), {
    recursive: true,
  })
})

// A failed test's server must not hold DATA_DIR's lock for the next test.
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
  }
})

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await fake?.close()
  await google?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function scan(server: Server) {
  const call = apiCaller(target(server), () => token)
  const started = await call<GridScanDetail>('POST', '/api/geo-grid/scans', {
    keywordId,
    gridSize: 5,
    spacingKm: 1,
  })
  expect(started.status).toBe(202)
  return started.body.scan.id
}

async function scanDone(server: Server, id: string) {
  const call = apiCaller(target(server), () => token)
  let detail: GridScanDetail | undefined
  await until(
    async () => {
      detail = (await call<GridScanDetail>('GET', `/api/geo-grid/scans/${id}`)).body
      return detail.scan.status === 'done' || detail.scan.status === 'failed'
    },
    30_000,
    'the scan to end',
  )
  return detail!
}

describe('stopping the server mid-work', () => {
  test('SIGTERM half way through a grid scan exits 0 within the bound; the next start finishes it, each point asked once', async () => {
    const first = await start()
    const session = await signUp(target(first), { email: 'stop@example.com' })
    token = session.accessToken
    const call = apiCaller(target(first), () => token)
    expect((await call('PUT', '/api/business', businessInput)).status).toBe(200)
    await until(() => queueIdle(first), 30_000, "the business's first checks")
    const provider = await call('PUT', '/api/rank-provider', { provider: 'serper', key: KEY })
    expect(provider.status).toBe(200)
    expect((await call('PUT', '/api/business/coordinates', AUSTIN)).status).toBe(200)
    const tracked = await call('POST', '/api/rank-tracker/keywords', {
      keyword: 'dentist austin',
      location: 'main',
    })
    expect(tracked.status).toBe(201)
    const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
    keywordId = setup.body.keywords.find((k) => k.keyword === 'dentist austin')!.id
    await until(() => queueIdle(first), 30_000, "the keyword's first check")

    // Five points a batch, each answer 150 ms late: the stop lands in the second batch.
    fake.slowDown(150)
    const asked = mapRequests().length
    const id = await scan(first)
    await until(() => mapRequests().length >= asked + 7, 20_000, 'the second batch')
    const stopped = await stop(first, 'SIGTERM')
    expect(stopped.code).toBe(0)
    expect(stopped.tookMs).toBeLessThan(STOP_BOUND_MS)
    const log = first.output()
    expect(log).toContain('job handed back to the queue')
    expect(log).toMatch(/"queue":"geo-grid\.scan".*"msg":"job handed back to the queue"/)
    expect(mapRequests().length - asked).toBeLessThan(25)

    fake.slowDown(0)
    const second = await start()
    const detail = await scanDone(second, id)
    expect(detail.scan.status).toBe('done')
    expect(detail.points).toHaveLength(25)
    expect(detail.points.every((p) => p.status === 'ok')).toBe(true)
    // Each of the 25 points was asked of the provider exactly once, across both processes.
    const points = mapRequests()
      .slice(asked)
      .map((r) => r.params.ll)
    expect(points).toHaveLength(25)
    expect(new Set(points).size).toBe(25)
    // Handed back due at once, its try not counted: no retry delay was waited for.
    expect(second.output()).not.toContain('job failed')
    expect((await stop(second, 'SIGTERM')).code).toBe(0)
  }, 90_000)

  test('SIGTERM in the middle of a Google import hands it back; the next start imports every review once', async () => {
    const server = await start()
    const owner = await signUp(target(server), { email: 'import@example.com' })
    const call = apiCaller(target(server), () => owner.accessToken)
    expect((await call('PUT', '/api/business', businessInput)).status).toBe(200)
    // The Business Profile, then Search Console (Google keeps the first grant's scope too).
    for (const product of ['business-profile', undefined] as const) {
      const connected = await connectGoogle(target(server), owner.accessToken, product)
      expect(connected).toBe('/settings?google=connected')
    }
    const linked = await call('PUT', '/api/business-profile/links/main', {
      googleLocation: GBP_LOCATION,
    })
    expect(linked.status).toBe(200)

    // Picking the Search Console property sends the import at once; each of Google's answers now
    // takes 2 s, so the import outlasts the stop's drain.
    google.slowDown(2_000)
    const before = google.calls.length
    const picked = await call('PUT', '/api/integrations/google/search-console/site', {
      siteUrl: 'https://www.sunrisedental.com/',
    })
    expect(picked.status).toBe(200)
    await until(() => google.calls.length > before + 1, 30_000, 'the import to ask Google')
    const stopped = await stop(server, 'SIGTERM')
    expect(stopped.code).toBe(0)
    expect(stopped.tookMs).toBeLessThan(STOP_BOUND_MS)
    expect(server.output()).toMatch(
      /"queue":"automation\.google_import".*"msg":"job handed back to the queue"/,
    )

    google.slowDown(0)
    const next = await start()
    const nextCall = apiCaller(target(next), () => owner.accessToken)
    const imported = async () =>
      (await nextCall<{ schedules: Schedule[] }>('GET', '/api/automation')).body.schedules.find(
        (s) => s.kind === 'google_import',
      )
    await until(async () => (await imported())?.lastRunAt != null, 30_000, 'the import to end')
    // Usually cut before the reviews were stored; if the cut try stored them, the rerun finds them.
    expect((await imported())?.lastOutcome).toMatch(/Business Profile reviews: [03] new reviews/)
    // The three reviews of the recorded profile, each stored once.
    const reviews = await nextCall<ReviewsPage>('GET', '/api/business-profile/reviews')
    expect(reviews.body.total).toBe(3)
    expect(new Set(reviews.body.reviews.map((r) => r.name)).size).toBe(3)
    expect((await stop(next, 'SIGTERM')).code).toBe(0)
  }, 120_000)

  test('a second SIGTERM stops at once; the next start opens DATA_DIR and finishes the scan left running', async () => {
    const server = await start()
    // Each answer a second late: the first signal's drain is still waiting for the batch.
    fake.slowDown(1_000)
    const asked = mapRequests().length
    const id = await scan(server)
    await until(() => mapRequests().length > asked, 20_000, 'the first point')
    server.child.kill('SIGTERM')
    await server.wrote('shutting down')
    const again = await stop(server, 'SIGTERM', 5_000)
    expect(again.code).not.toBe('timeout')
    expect(again.code).not.toBe(0)
    expect(again.tookMs).toBeLessThan(1_500)
    expect(server.output()).toContain('second signal: stopping now')

    fake.slowDown(0)
    const next = await start()
    expect(next.output()).toContain('a job left running by a stopped process is back in the queue')
    const detail = await scanDone(next, id)
    expect(detail.scan.status).toBe('done')
    expect(detail.points.filter((p) => p.status === 'ok')).toHaveLength(25)
    expect((await stop(next, 'SIGTERM')).code).toBe(0)
  }, 60_000)

  test("a download still streaming when the requests' drain ends is cut without its last chunk", async () => {
    // Enough backlinks that the file outgrows what the sockets hold for a client that reads nothing.
    const database = await openDatabase({ dataDir })
    await database.db.execute(sql`
      insert into backlinks (business_id, url, domain, anchor_text, link_type, quality)
      select b.id, 'https://directory-' || n || '.example.com/listings/dentists/austin/bright-smile-dental-' || n,
        'directory-' || n || '.example.com', 'Bright Smile Dental, your dentist in Austin ' || n,
        'dofollow', 'unrated'
      from businesses b, generate_series(1, 60000) n`)
    await database.close()

    const server = await start()
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${server.url}/api/backlinks/export`,
          { headers: { authorization: `Bearer ${token}` } },
          resolve,
        )
        .on('error', reject)
    })
    expect(response.statusCode).toBe(200)
    let received = 0
    const ended = new Promise<'end' | 'aborted'>((resolve) => {
      response.on('end', () => resolve('end'))
      response.on('aborted', () => resolve('aborted'))
      response.on('error', () => resolve('aborted'))
      response.on('close', () => resolve(response.complete ? 'end' : 'aborted'))
    })
    response.once('data', (chunk: Buffer) => {
      received += chunk.length
      // The client stops reading: the download is still going when the stop comes.
      response.pause()
    })
    await until(() => received > 0, 10_000, 'the first bytes')
    const stopped = stop(server, 'SIGTERM', 25_000)
    await server.wrote('shutting down')
    expect((await stopped).code).toBe(0)
    response.on('data', (chunk: Buffer) => (received += chunk.length))
    response.resume()
    expect(await ended).toBe('aborted')
    expect(response.complete).toBe(false)
    expect(received).toBeGreaterThan(0)
  }, 120_000)
})
