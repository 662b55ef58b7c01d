// Several app instances on one PostgreSQL (issue 16 item 5, docs/decisions/018-job-queue.md): real
// server processes sharing the job queue. Each scheduled run happens once over 100 businesses, an
// audit is run by one instance only, a logout on one instance is refused at once on another, also
// by instances that hold the session in their cache (NOTIFY auth_change, ADR 004), and a job whose
// instance is killed mid-run is run again by another.
// Runs only with TEST_DATABASE_URL (CI runs it on PostgreSQL 15); PGlite is one process by design.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authHeader, JSON_HEADERS, signIn, signUp } from '../src/testing/auth.js'
import { testDatabaseUrl } from '../src/testing/db.js'
import { businessInput } from '../src/testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../src/testing/fixture-server.js'
import { parseExposition, sampleValue } from '../src/testing/prometheus-text.js'
import { spawnServer } from '../src/testing/server-process.js'

const BUSINESSES = 100
const JWT_SECRET = randomBytes(32).toString('hex')
const METRICS_TOKEN = randomBytes(16).toString('hex')

interface Instance {
  name: string
  child: ChildProcess
  url: string
  exited: Promise<number | null>
}

let databaseUrl = ''
let admin: pg.Client | undefined
let site: FixtureServer
const homeRequests: number[] = []
const dataDirs: string[] = []
const running = new Set<ChildProcess>()

/** Requests to the site's /hang page wait here while `hanging` is true: an audit stuck mid-crawl. */
let hanging = false
const held: ServerResponse[] = []

function serve(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/hang' && hanging) return void held.push(res)
  if (req.url === '/') homeRequests.push(Date.now())
  setTimeout(
    () =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><title>Bright Smile Dental</title></head><body><h1>Hi</h1></body></html>',
        ),
    50,
  )
}

/** A real server process on the shared database; resolves once it listens. */
async function startInstance(name: string, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `localseo-${name}-`))
  dataDirs.push(dataDir)
  const server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMITS: 'off',
    SIMULATED_DELAYS: 'false',
    FETCH_ALLOW_HOSTS: site.hostPort,
    METRICS_TOKEN,
    ...env,
  })
  const { child, output } = server
  running.add(child)
  const exited = server.exited.then((code) => {
    running.delete(child)
    return code
  })
  // The start-up log names the address it listens on (PORT 0: a free port).
  let url = ''
  for (let i = 0; i < 1200 && !url; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output()}`)
    url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output())?.[1] ?? ''
    if (!url) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (!url) throw new Error(`${name} did not start:\n${output()}`)
  return { name, child, url, exited }
}

async function stopInstance(instance: Instance) {
  instance.child.kill('SIGTERM')
  expect(await instance.exited).toBe(0)
}

/** fetch-based request target for the shared test helpers, aimed at one instance. */
const target = (instance: Instance) => ({
  request: (input: string, init?: RequestInit) => fetch(`${instance.url}${input}`, init),
})

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await admin!.query<T>(text, values)).rows
}

async function scrape(instance: Instance) {
  const res = await fetch(`${instance.url}/metrics`, { headers: authHeader(METRICS_TOKEN) })
  expect(res.status).toBe(200)
  return parseExposition(await res.text())
}

/** How many session changes the instance has heard from PostgreSQL (GET /metrics, ADR 004). */
const changesHeard = async (instance: Instance) =>
  sampleValue(await scrape(instance), 'auth_changes_heard_total') ?? 0

/** 1 while the instance hears the others' session changes (its session cache is on). */
const listenerUp = async (instance: Instance) =>
  sampleValue(await scrape(instance), 'auth_change_listener_up')

/**
 * Makes a change to a user or session and returns once each instance has heard of it. "At once"
 * (ADR 004) is from that moment: PostgreSQL sends the notification to each listener on its own, so
 * on a busy machine one instance may hear it well after the writer answered or another heard it.
 */
async function changeHeardBy(on: Instance[], change: () => Promise<void>) {
  const before = await Promise.all(on.map(changesHeard))
  await change()
  for (const [i, instance] of on.entries()) {
    for (let tries = 0; (await changesHeard(instance)) === before[i]; tries++) {
      if (tries === 200) throw new Error(`${instance.name} never heard of the change`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('timed out')
}

describe.skipIf(!testDatabaseUrl)('three instances on one PostgreSQL', () => {
  let instances: Instance[] = []
  const owners: { email: string; accessToken: string }[] = []

  beforeAll(async () => {
    site = await startFixtureServer({}, { fallback: serve })
    const name = `localseo_instances_${randomBytes(4).toString('hex')}`
    const server = new pg.Client({ connectionString: testDatabaseUrl })
    await server.connect()
    await server.query(`CREATE DATABASE ${name}`)
    await server.end()
    const url = new URL(testDatabaseUrl!)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()

    // One instance migrates the empty database and takes the owners' sign-ups, then stops.
    const first = await startInstance('setup')
    for (let i = 0; i < BUSINESSES; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, BUSINESSES - i) }, async (_, j) => {
          const session = await signUp(target(first), { email: `owner-${i + j}@example.com` })
          owners[i + j] = session
          const res = await fetch(`${first.url}/api/business`, {
            method: 'PUT',
            headers: { ...JSON_HEADERS, ...authHeader(session.accessToken) },
            body: JSON.stringify({ ...businessInput, name: `Dental ${i + j}` }),
          })
          expect(res.status).toBe(200)
        }),
      )
    }
    // Each new business's default keywords get their first checks (90 days of history) from a
    // job: let them land before the stop, so none is left for the three instances to run.
    await waitUntil(
      async () =>
        (
          await query<{ n: number }>(
            `select count(*)::int as n from pgboss.job
             where name = 'keywords.first-checks' and state in ('created', 'retry', 'active')`,
          )
        )[0]!.n === 0,
      120_000,
    )
    await stopInstance(first)
    await admin.query(`delete from job_schedules`)
    await admin.query(`delete from rank_positions`)

    // Three instances start at once: each plans the due schedules as it starts.
    instances = await Promise.all(['a', 'b', 'c'].map((n) => startInstance(n)))
  }, 300_000)

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL')
    await admin?.end()
    if (databaseUrl) {
      const server = new pg.Client({ connectionString: testDatabaseUrl })
      await server.connect()
      await server.query(
        `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
      )
      await server.end()
    }
    await site?.close()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  test('each business gets its scheduled rank check once, whichever instance runs it', async () => {
    await waitUntil(
      async () =>
        (
          await query<{ n: number }>(
            `select count(*)::int as n from job_schedules where kind = 'rank_checks' and last_run_at is not null`,
          )
        )[0]!.n === BUSINESSES,
      120_000,
    )
    const jobs = await query<{ n: number }>(
      `select count(*)::int as n from (
         select id from pgboss.job where name = 'automation.rank_checks'
         union all select id from pgboss.archive where name = 'automation.rank_checks') j`,
    )
    expect(jobs[0]!.n).toBe(BUSINESSES)
    // Five sample keywords per business, one check each for today: no business checked twice.
    const checks = await query<{ business_id: string; n: number }>(
      `select business_id, count(*)::int as n from rank_positions group by business_id`,
    )
    expect(checks).toHaveLength(BUSINESSES)
    for (const row of checks) expect(row.n).toBe(5)
  }, 150_000)

  test('an audit started on one instance is run by exactly one instance', async () => {
    const [a, b] = instances
    const owner = owners[0]!
    const headers = { ...JSON_HEADERS, ...authHeader(owner.accessToken) }
    await fetch(`${a!.url}/api/business`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...businessInput, name: 'Dental 0', website: site.origin }),
    })
    const started = await fetch(`${b!.url}/api/site-audit/runs`, { method: 'POST', headers })
    expect(started.status).toBe(202)
    const { run } = (await started.json()) as { run: { id: string } }
    await waitUntil(
      async () =>
        (
          await query<{ status: string }>(`select status from site_audit_runs where id = $1`, [
            run.id,
          ])
        )[0]!.status !== 'running',
      60_000,
    )
    const [row] = await query<{ status: string }>(
      `select status from site_audit_runs where id = $1`,
      [run.id],
    )
    expect(row!.status).toBe('done')
    expect(homeRequests).toHaveLength(1)
  }, 90_000)

  test('a logout on one instance is refused at once on another', async () => {
    const [a, b, c] = instances
    const owner = owners[1]!
    const onC = await fetch(`${c!.url}/auth/v1/user`, { headers: authHeader(owner.accessToken) })
    expect(onC.status).toBe(200)
    await changeHeardBy([b!, c!], async () => {
      const logout = await fetch(`${a!.url}/auth/v1/logout`, {
        method: 'POST',
        headers: authHeader(owner.accessToken),
      })
      expect(logout.status).toBe(204)
    })
    for (const instance of [b!, c!]) {
      // GoTrue's answer for a token whose session ended (docs/auth-api.md), and /api refuses it.
      const user = await fetch(`${instance.url}/auth/v1/user`, {
        headers: authHeader(owner.accessToken),
      })
      expect(user.status).toBe(403)
      expect(((await user.json()) as { error_code?: string }).error_code).toBe('session_not_found')
      const api = await fetch(`${instance.url}/api/business`, {
        headers: authHeader(owner.accessToken),
      })
      expect(api.status).toBe(401)
    }
  })

  /** The answers of /auth/v1/user and /api/business on each instance for one token. */
  async function answers(on: Instance[], accessToken: string) {
    const statuses: number[] = []
    for (const instance of on) {
      for (const path of ['/auth/v1/user', '/api/business']) {
        const res = await fetch(`${instance.url}${path}`, { headers: authHeader(accessToken) })
        statuses.push(res.status)
        await res.arrayBuffer()
      }
    }
    return statuses
  }

  test('a session cached by the other instances ends there at once: password change, an operator deleting the user', async () => {
    const [a, b, c] = instances
    const email = 'owner-2@example.com'
    const first = owners[2]!
    const second = await signIn(target(a!), { email, password: 'correct horse battery' })
    // Every instance has both sessions in its cache (the first request puts them there).
    expect(await answers([b!, c!], first.accessToken)).toEqual([200, 200, 200, 200])
    expect(await answers([b!, c!], second.accessToken)).toEqual([200, 200, 200, 200])

    // A new password ends the user's other sessions: the first one, cached on B and C.
    await changeHeardBy([b!, c!], async () => {
      const changed = await fetch(`${a!.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { ...JSON_HEADERS, ...authHeader(second.accessToken) },
        body: JSON.stringify({ password: 'a brand new passphrase' }),
      })
      expect(changed.status).toBe(200)
    })
    expect(await answers([b!, c!], first.accessToken)).toEqual([403, 401, 403, 401])
    expect(await answers([b!, c!], second.accessToken)).toEqual([200, 200, 200, 200])

    // An operator deleting the user in SQL, not through any instance: each hears of it from
    // PostgreSQL's notification (ADR 004).
    await changeHeardBy([a!, b!, c!], async () => {
      await query(`delete from auth.users where email = $1`, [email])
    })
    expect(await answers([a!, b!, c!], second.accessToken)).toEqual([403, 401, 403, 401, 403, 401])
  })

  test('after losing its listener connection each instance listens again, and a logout elsewhere is refused at once', async () => {
    const [a, b] = instances
    const owner = owners[3]!
    const listeners = async () =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where application_name = 'localseo-auth-listener' and datname = current_database()`,
        )
      )[0]!.n
    await query(
      // This file's instances only: the other test files' listeners, on databases of their own, stay.
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'localseo-auth-listener' and datname = current_database()`,
    )
    await waitUntil(async () => (await listeners()) === 0, 5_000)
    // Meanwhile the caches are off: B asks the database and keeps nothing.
    expect(await answers([b!], owner.accessToken)).toEqual([200, 200])
    await waitUntil(async () => (await listeners()) === 3, 20_000)
    // Each listens again once its own notification came back through the new connection.
    for (const instance of instances) {
      await waitUntil(async () => (await listenerUp(instance)) === 1, 20_000)
    }
    // Back on, B keeps the session it reads; a logout on A ends it there once B heard of it.
    expect(await answers([b!], owner.accessToken)).toEqual([200, 200])
    await changeHeardBy([b!], async () => {
      const logout = await fetch(`${a!.url}/auth/v1/logout`, {
        method: 'POST',
        headers: authHeader(owner.accessToken),
      })
      expect(logout.status).toBe(204)
    })
    expect(await answers([b!], owner.accessToken)).toEqual([403, 401])
  }, 30_000)

  test('an instance killed mid-job loses no job: another instance runs it again to the end', async () => {
    const [a, b, c] = instances
    const owner = owners[4]!
    const headers = { ...JSON_HEADERS, ...authHeader(owner.accessToken) }
    await fetch(`${a!.url}/api/business`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...businessInput, name: 'Dental 4', website: `${site.origin}/hang` }),
    })
    // B and C are frozen, so A takes the job; the site holds A's crawl.
    hanging = true
    b!.child.kill('SIGSTOP')
    c!.child.kill('SIGSTOP')
    const started = await fetch(`${a!.url}/api/site-audit/runs`, { method: 'POST', headers })
    expect(started.status).toBe(202)
    const { run } = (await started.json()) as { run: { id: string } }
    await waitUntil(() => Promise.resolve(held.length > 0), 30_000)
    a!.child.kill('SIGKILL')
    await a!.exited
    instances = instances.filter((instance) => instance !== a)
    const status = async () =>
      (
        await query<{ status: string }>(`select status from site_audit_runs where id = $1`, [
          run.id,
        ])
      )[0]!.status
    expect(await status()).toBe('running')

    // Time passes for the queue: the dead instance's job is past its expiry (pg-boss fails over
    // active jobs older than their expire_in at its maintenance).
    await query(
      `update pgboss.job set started_on = now() - interval '1 day' where name = 'site-audit.run' and state = 'active'`,
    )
    hanging = false
    for (const res of held.splice(0)) res.destroy()
    b!.child.kill('SIGCONT')
    c!.child.kill('SIGCONT')
    // A new instance that looks for abandoned jobs every second takes the job over and finishes.
    instances.push(await startInstance('d', { QUEUE_MAINTENANCE_SECONDS: '1' }))
    await waitUntil(async () => (await status()) !== 'running', 90_000)
    expect(await status()).toBe('done')
    // The handler marks the run done before pg-boss marks its job completed: wait for the queue.
    const jobs = () =>
      query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'site-audit.run' and data->>'runId' = $1
         union all select state, retry_count from pgboss.archive where name = 'site-audit.run' and data->>'runId' = $1`,
        [run.id],
      )
    await waitUntil(async () => (await jobs()).every((job) => job.state !== 'active'), 30_000)
    expect(await jobs()).toEqual([{ state: 'completed', retry_count: 1 }])
  }, 150_000)

  test('every instance stops cleanly on SIGTERM', async () => {
    for (const instance of instances) await stopInstance(instance)
  }, 60_000)
})
