// The daily rank checks through the job queue (issue 16, docs/decisions/018-job-queue.md), on
// PostgreSQL: how fast one instance and three instances check 10,000 tracked keywords, and the p99 of
// authenticated /api reads while they do, next to the same reads when the queue is idle.
// Usage (after `npm run build`): DATABASE_URL=postgres://user@host/postgres node bench/jobs/run.mjs
// BUSINESSES (default 200) x KEYWORDS (default 50) tracked keywords; a fresh database is made.
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import pg from 'pg'
import { benchBusiness } from '../lib/owner.mjs'
import { printLoadAverage } from '../lib/measure.mjs'
import { startServer } from '../lib/server.mjs'

const adminUrl = process.env.DATABASE_URL
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the role needs CREATEDB).')
  process.exit(1)
}
const BUSINESSES = Number(process.env.BUSINESSES ?? 200)
const KEYWORDS = Number(process.env.KEYWORDS ?? 50)
const READ_SECONDS = Number(process.env.DURATION ?? 3)
const env = { JWT_SECRET: randomBytes(32).toString('hex'), SIMULATED_DELAYS: 'false' }

const name = `localseo_bench_jobs_${randomBytes(4).toString('hex')}`
const server = new pg.Client({ connectionString: adminUrl })
await server.connect()
await server.query(`CREATE DATABASE ${name}`)
await server.end()
const url = new URL(adminUrl)
url.pathname = `/${name}`
const databaseUrl = url.toString()
const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()

async function signUp(base, i) {
  const res = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'localseo' },
    body: JSON.stringify({ email: `jobs-${i}@example.com`, password: 'bench password 1' }),
  })
  const session = await res.json()
  const saved = await fetch(`${base}/api/business`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.access_token}`,
    },
    body: JSON.stringify({ ...benchBusiness, name: `Bench Dental ${i}` }),
  })
  if (!saved.ok) throw new Error(`saving business ${i} answered ${saved.status}`)
  return session.access_token
}

/** The owners, their businesses and KEYWORDS tracked keywords each (sample ones included). */
async function seed() {
  const first = await startServer({ databaseUrl, env })
  const tokens = []
  for (let i = 0; i < BUSINESSES; i += 10) {
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, BUSINESSES - i) }, (_, j) => signUp(first.url, i + j)),
      )),
    )
  }
  await first.stop()
  await db.query(
    `insert into keywords (business_id, keyword, keyword_key, tracked)
     select b.id, 'bench keyword ' || g, 'bench keyword ' || g, true
     from businesses b, generate_series(1, $1::int) g`,
    [KEYWORDS - 5],
  )
  return tokens
}

/** Every rank-check schedule due now (or not for a day), the other kinds off, no check stored yet. */
async function resetSchedules(dueNow) {
  await db.query('delete from rank_positions')
  await db.query('delete from job_schedules')
  await db.query(
    `insert into job_schedules (business_id, kind, frequency, due_at)
     select b.id, k.kind, case when k.kind = 'rank_checks' then 'daily' else 'off' end,
            now() + ($1::text)::interval
     from businesses b, (values ('rank_checks'), ('backlink_checks'), ('site_audits')) k(kind)`,
    [dueNow ? '-1 second' : '1 day'],
  )
}

async function readLoad(base, token) {
  const result = await autocannon({
    url: `${base}/api/business`,
    connections: 20,
    duration: READ_SECONDS,
    headers: { authorization: `Bearer ${token}` },
  })
  return { 'req/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99 }
}

async function runChecks(instances, tokens) {
  await resetSchedules(true)
  const started = Date.now()
  const servers = await Promise.all(
    Array.from({ length: instances }, () => startServer({ databaseUrl, env })),
  )
  const reads = readLoad(servers[0].url, tokens[0])
  let done = 0
  while (done < BUSINESSES && Date.now() - started < 600_000) {
    await new Promise((r) => setTimeout(r, 250))
    done = (
      await db.query(
        "select count(*)::int as n from job_schedules where kind = 'rank_checks' and last_run_at is not null",
      )
    ).rows[0].n
  }
  const seconds = (Date.now() - started) / 1000
  const busy = await reads
  const checks = (await db.query('select count(*)::int as n from rank_positions')).rows[0].n
  await Promise.all(servers.map((s) => s.stop()))
  return {
    instances,
    'jobs/s': Number((BUSINESSES / seconds).toFixed(1)),
    'keywords/s': Math.round(checks / seconds),
    'checks stored': checks,
    seconds: Number(seconds.toFixed(1)),
    'reads p99 ms (checks running)': busy['p99 ms'],
  }
}

try {
  const tokens = await seed()
  printLoadAverage()
  // Idle: nothing due, so the queue only polls.
  await resetSchedules(false)
  const idleServer = await startServer({ databaseUrl, env })
  const idle = await readLoad(idleServer.url, tokens[0])
  await idleServer.stop()
  console.log(`idle reads: ${idle['req/s']} req/s, p99 ${idle['p99 ms']} ms`)
  const rows = [await runChecks(1, tokens), await runChecks(3, tokens)]
  console.table(rows)
  printLoadAverage()
} finally {
  await db.end().catch(() => undefined)
  const cleanup = new pg.Client({ connectionString: adminUrl })
  await cleanup.connect()
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined)
  await cleanup.end()
}
