// Database outages (issue 31 items 1 and 7, docs/decisions/026-database-outages.md): a real server
// process on a PostgreSQL 15 server of the test's own, under owners' reads and writes, while every
// connection is terminated and while PostgreSQL restarts. The process stays up; meanwhile requests
// answer 503 with the one error shape and Retry-After, never a 500 and never a hang; /healthz says
// the database is unavailable; afterwards the same process serves again, and every write it
// acknowledged is there.
// Runs in the PostgreSQL pass (TEST_DATABASE_URL set), where PostgreSQL's binaries are installed.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest'
import { DATABASE_UNAVAILABLE } from '../src/lib/server-faults.js'
import { authHeader, JSON_HEADERS, signUp } from '../src/testing/auth.js'
import { testDatabaseUrl } from '../src/testing/db.js'
import { businessInput } from '../src/testing/factories.js'
import {
  canRunOwnPostgres,
  startOwnPostgres,
  type OwnPostgres,
} from '../src/testing/own-postgres.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'
import { APP_VERSION } from '../src/version.js'

/** Owners' loops at once, and the writes each makes at most (a business saves up to 200 keywords). */
const LOOPS = 6
const WRITES_PER_LOOP = 30
/**
 * Rounds a loop makes at most: past its writes it keeps reading until the outage script ends, so
 * the pool has connections for every cut however fast the writes went (20 s at 50 ms a round).
 */
const ROUNDS_PER_LOOP = 400
/** A request still unanswered after this long counts as hung (the server's own limit is 3 s). */
const HUNG_MS = 15_000

let postgres: OwnPostgres
let server: ServerProcess
let url = ''
const dataDir = mkdtempSync(path.join(tmpdir(), 'localseo-outage-'))

interface Outcome {
  status: number
  ms: number
  body: string
  retryAfter: string | null
}

async function call(pathname: string, token: string, init: RequestInit = {}): Promise<Outcome> {
  const started = performance.now()
  try {
    const res = await fetch(`${url}${pathname}`, {
      ...init,
      headers: { ...JSON_HEADERS, ...authHeader(token) },
      signal: AbortSignal.timeout(HUNG_MS),
    })
    const body = await res.text()
    return {
      status: res.status,
      ms: performance.now() - started,
      body,
      retryAfter: res.headers.get('retry-after'),
    }
  } catch (error) {
    return { status: 0, ms: performance.now() - started, body: String(error), retryAfter: null }
  }
}

/** An owner with a business, signed up while the database is up; a failure shows the server's log. */
async function owner() {
  onTestFailed(() => console.error(server.output().slice(-6000)))
  const session = await signUp({ request: (input, init) => fetch(`${url}${input}`, init) })
  const saved = await call('/api/business', session.accessToken, {
    method: 'PUT',
    body: JSON.stringify(businessInput),
  })
  expect(saved.status).toBe(200)
  return session.accessToken
}

/**
 * LOOPS loops of one owner's traffic until `until` resolves: save a new keyword (the first
 * WRITES_PER_LOOP rounds), read the list. Answers every outcome and the keywords whose save was
 * acknowledged (201).
 */
async function traffic(token: string, until: Promise<unknown>) {
  let done = false
  void until.finally(() => (done = true))
  const outcomes: Outcome[] = []
  const acknowledged: string[] = []
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      for (let n = 0; n < ROUNDS_PER_LOOP && !done; n++) {
        if (n < WRITES_PER_LOOP) {
          const keyword = `outage keyword ${loop} ${n}`
          const write = await call('/api/planner/saved', token, {
            method: 'POST',
            body: JSON.stringify({ keyword, locationId: null }),
          })
          outcomes.push(write)
          if (write.status === 201) acknowledged.push(keyword)
        }
        outcomes.push(await call('/api/planner/saved', token))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }),
  )
  return { outcomes, acknowledged }
}

/** Every answer was a success or the outage's 503, in the one error shape, with Retry-After. */
function expectOnlySuccessOr503(outcomes: Outcome[]) {
  const other = outcomes.filter((o) => o.status !== 200 && o.status !== 201 && o.status !== 503)
  expect(other.map((o) => `${o.status} ${o.body.slice(0, 200)}`)).toEqual([])
  for (const o of outcomes.filter((o) => o.status === 503)) {
    expect(JSON.parse(o.body)).toEqual({
      error: { code: 'service_unavailable', message: DATABASE_UNAVAILABLE.message },
    })
    expect(o.retryAfter).toBe('5')
  }
}

async function savedKeywords(token: string): Promise<string[]> {
  const list = await call('/api/planner/saved', token)
  expect(list.status).toBe(200)
  return (JSON.parse(list.body) as { keywords: { keyword: string }[] }).keywords.map(
    (k) => k.keyword,
  )
}

/** Polls /healthz (bounded) until it answers `status`; answers how long that took. */
async function healthUntil(status: number, timeoutMs = 30_000): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(HUNG_MS) }).catch(
      () => undefined,
    )
    if (res?.status === status) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`/healthz did not answer ${status} within ${timeoutMs} ms`)
}

describe.skipIf(!testDatabaseUrl || !canRunOwnPostgres)(
  'the server through database outages',
  () => {
    beforeAll(async () => {
      postgres = await startOwnPostgres()
      server = spawnServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: dataDir,
        DATABASE_URL: postgres.url,
        JWT_SECRET: randomBytes(32).toString('hex'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMITS: 'off',
        SIMULATED_DELAYS: 'false',
      })
      expect(await server.wrote('LocalSEO AI is listening')).toBe(true)
      url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())?.[1] ?? ''
      expect(url).not.toBe('')
    }, 120_000)

    afterAll(async () => {
      server?.child.kill('SIGKILL')
      await postgres?.remove()
      rmSync(dataDir, { recursive: true, force: true })
    })

    test('every connection terminated under load: the process stays up and loses nothing', async () => {
      const token = await owner()
      const cut = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        // Twice: the second finds the connections the pool opened after the first.
        for (let i = 0; i < 2; i++) {
          expect(await postgres.terminateBackends()).toBeGreaterThan(0)
          await new Promise((resolve) => setTimeout(resolve, 700))
        }
      })()
      const { outcomes, acknowledged } = await traffic(token, cut)
      await cut

      expect(server.child.exitCode).toBeNull()
      expectOnlySuccessOr503(outcomes)
      expect(outcomes.every((o) => o.status !== 0)).toBe(true)
      await healthUntil(200)
      expect(acknowledged.length).toBeGreaterThan(0)
      const saved = new Set(await savedKeywords(token))
      expect(acknowledged.filter((k) => !saved.has(k))).toEqual([])
      expect(server.output()).not.toMatch(/Unhandled 'error' event/)
    }, 120_000)

    test('PostgreSQL restarted under load: 503 while it is down, serving again after, nothing lost', async () => {
      const token = await owner()
      let downFor = 0
      const restart = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        await postgres.stop()
        // While it is down, the health check says so, and a signed-in read gets the outage's 503.
        const health = await fetch(`${url}/healthz`)
        expect(health.status).toBe(503)
        expect(await health.json()).toEqual({
          status: 'unavailable',
          version: APP_VERSION,
          database: 'unavailable',
        })
        const read = await call('/api/planner/saved', token)
        expect(read.status).toBe(503)
        const stopped = performance.now()
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        await postgres.start()
        downFor = performance.now() - stopped
      })()
      const { outcomes, acknowledged } = await traffic(token, restart)
      await restart

      expect(server.child.exitCode).toBeNull()
      expectOnlySuccessOr503(outcomes)
      expect(outcomes.every((o) => o.status !== 0)).toBe(true)
      expect(outcomes.some((o) => o.status === 503)).toBe(true)
      const back = await healthUntil(200)
      console.info(
        `PostgreSQL down ${Math.round(downFor)} ms; serving again ${Math.round(back)} ms after it started; slowest answer ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms; ${outcomes.filter((o) => o.status === 503).length} of ${outcomes.length} answers were 503`,
      )
      // Sign-in and writes work again on the same process.
      const after = await call('/api/planner/saved', token, {
        method: 'POST',
        body: JSON.stringify({ keyword: 'after the restart', locationId: null }),
      })
      expect(after.status).toBe(201)
      const saved = new Set(await savedKeywords(token))
      expect(acknowledged.filter((k) => !saved.has(k))).toEqual([])
      expect(saved.has('after the restart')).toBe(true)
    }, 120_000)
  },
)
