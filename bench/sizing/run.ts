// Sizes for the production guide (issue 37 item 4, README "Running in production"; issue 36 item 5):
// on PostgreSQL, N businesses x 20 tracked keywords with 30 days of checks and their schedules, at
// N = 100, 1,000 and 10,000. For each size: the database's size per business, the planner tick's
// time (a tick as at 03:00-07:00, when the daily rank checks fall due) and the plans of its
// schedules queries (EXPLAIN ANALYZE); then, at the day-checks size (1,000), the time one instance
// and two instances (two runners, each with its own pool and workers, in this process: the work
// waits on the provider, so one CPU is not what limits it) take for a day's rank checks with a
// simulated provider that answers each query in 50 ms, and an owner's /api reads p99 while idle and
// during the checks.
//
// One owner and business are made through the API; every other business copies that one's rows
// (users, business, members, schedules, sample data: whatever the API wrote), so the copies keep
// the shape of the app's own writes as the schema grows. The keywords and their checks are written
// in bulk as the daily job stores them (a simulated check per keyword and day).
//
//   npx tsx --conditions=source bench/sizing/run.ts --database-url postgres://postgres@127.0.0.1:54400/postgres
// Options: --sizes 100,1000,10000  --day-checks 1000 (0: none)  --provider-ms 50  --instances 1,2
// --keep (the
// database is dropped at the end unless --keep).
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { parseArgs } from 'node:util'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { dayIn } from '@localseo/shared/dates'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { createApp } from '../../apps/server/src/app.js'
import type { Db } from '../../apps/server/src/db/client.js'
import { createDeps } from '../../apps/server/src/deps.js'
import { parseEnv } from '../../apps/server/src/env.js'
import {
  claimDueSchedules,
  ensureSchedules,
} from '../../apps/server/src/features/automation/schedules.js'
import {
  createSimulatedRankProvider,
  simulatedPosition,
  type RankProvider,
} from '../../apps/server/src/features/keywords/rank-provider.js'
import { registerJobs } from '../../apps/server/src/register-jobs.js'
import { businessInput } from '../../apps/server/src/testing/factories.js'

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    sizes: { type: 'string', default: '100,1000,10000' },
    'day-checks': { type: 'string', default: '1000' },
    'provider-ms': { type: 'string', default: '50' },
    instances: { type: 'string', default: '1,2' },
    keep: { type: 'boolean', default: false },
  },
})
const adminUrl = args['database-url']
if (!adminUrl) {
  console.error('Give --database-url postgres://… (a role that may CREATE DATABASE).')
  process.exit(2)
}
const SIZES = args.sizes.split(',').map(Number)
const DAY_CHECKS = Number(args['day-checks'])
const PROVIDER_MS = Number(args['provider-ms'])
const INSTANCES = args.instances.split(',').map(Number)
/** Tracked keywords per business, and days of stored checks before today. */
const KEYWORDS = 20
const DAYS = 30
/** The daily rank checks fall due across 03:00-07:00 (schedule.ts): a tick claims a 240th. */
const WINDOW_MINUTES = 240
const TICKS = 5
const CHUNK = 1000
const DAY_MS = 86_400_000
const JWT_SECRET = randomBytes(32).toString('hex')

const name = `localseo_sizing_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const url = new URL(adminUrl)
url.pathname = `/${name}`
const databaseUrl = url.toString()
const client = new pg.Client({ connectionString: databaseUrl })

/** The planner's clock: moved a minute per tick while measuring ticks. */
let clockOffsetMs = 0
const clock = { now: () => new Date(Date.now() + clockOffsetMs) }

/** The simulated positions, each query answered after PROVIDER_MS, one after another like the
 * real adapters (serp-provider.ts asks page by page, query by query). */
function slowProvider(ms: number): RankProvider {
  const simulated = createSimulatedRankProvider({ failureRate: 0 })
  const wait = () => new Promise((resolve) => setTimeout(resolve, ms))
  return {
    simulated: true,
    label: 'Simulated',
    async check(queries) {
      const results = []
      for (const query of queries) {
        await wait()
        results.push(...(await simulated.check([query])))
      }
      return results
    },
    async checkMapPack(queries) {
      const results = []
      for (const query of queries) {
        await wait()
        results.push(...(await simulated.checkMapPack([query])))
      }
      return results
    },
  }
}

function envFor() {
  return parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMITS: 'off',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    SIMULATED_DELAYS: 'false',
  })
}

const seconds = (since: number) => (performance.now() - since) / 1000
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1))
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await client.query<T>(text, values)).rows
}

/** SQL for the id of copy number `g`: the same for a business and its owner on every run. */
const copyId = (kind: 'business' | 'user', g = 'g') => `md5('sizing-${kind}-' || ${g})::uuid`
/** SQL for the ids of copies $from..$to (parameter numbers). */
const copiesIn = (from: number, to: number) =>
  `(select ${copyId('business')} from generate_series($${from}::int, $${to}::int) g)`

interface Template {
  businessId: string
  userId: string
  timeZone: string
}

/**
 * Copies the template's rows of `table` (those whose `match` column is the template's) for copies
 * from..to: each copy's business and owner get their own ids, emails and row ids; every other
 * column keeps the template's value. Columns the database fills (identity, generated) are left out,
 * and so are rows a trigger wrote already (backlink_counts follows backlinks).
 */
async function copyRows(
  table: string,
  match: 'business_id' | 'id' | 'user_id',
  matchValue: string,
  from: number,
  to: number,
  owner: 'business' | 'user',
) {
  const [schema, tableName] = table.includes('.') ? table.split('.') : ['public', table]
  const columns = await rows<{ column_name: string; data_type: string; column_default: string }>(
    `select column_name, data_type, column_default from information_schema.columns
     where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' and is_identity = 'NO'
       and coalesce(column_default, '') not like 'nextval(%'
     order by ordinal_position`,
    [schema, tableName],
  )
  const select = columns.map(({ column_name: column, data_type: type }) => {
    if (column === 'business_id') return copyId('business')
    if (column === 'user_id') return copyId('user')
    if (column === 'id' && match === 'id') return copyId(owner)
    if (column === 'id' && type === 'uuid') return 'gen_random_uuid()'
    if (column === 'email') return `'sizing-' || g || '@example.com'`
    if (column === 'name' && table === 'businesses') return `t.name || ' ' || g`
    return `t.${column}`
  })
  const names = columns.map((c) => `"${c.column_name}"`).join(', ')
  await client.query(
    `insert into ${table} (${names})
     select ${select.join(', ')} from ${table} t, generate_series($1::int, $2::int) g
     where t.${match} = $3
     on conflict do nothing`,
    [from, to, matchValue],
  )
}

/** The tables the API wrote for the template, in an order their foreign keys allow. */
const USER_TABLES = ['auth.users', 'users']
async function businessTables(template: Template) {
  const candidates = await rows<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
     join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'business_id' and t.table_type = 'BASE TABLE'
       and c.table_name not in ('keywords', 'rank_positions')`,
  )
  const found: string[] = []
  for (const { table_name: table } of candidates) {
    const [row] = await rows(`select 1 from ${table} where business_id = $1 limit 1`, [
      template.businessId,
    ])
    if (row) found.push(table)
  }
  return found
}

/**
 * DAYS of daily checks before the template's today for the tracked keywords of copies from..to, as
 * the daily job stores a simulated check: the simulation's own position for that keyword and day,
 * so today's check continues the curve (random positions would read as drops to confirm, ADR 039).
 */
async function storeHistory(template: Template, from: number, to: number) {
  const tracked = await rows<{ id: string; business_id: string; keyword_key: string }>(
    `select id, business_id, keyword_key from keywords
     where tracked and location_id is null and business_id in ${copiesIn(1, 2)}`,
    [from, to],
  )
  const today = Date.parse(`${dayIn(new Date(), template.timeZone)}T00:00:00Z`)
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(today - (DAYS - i) * DAY_MS).toISOString().slice(0, 10),
  )
  const columns = { keyword: [] as string[], business: [] as string[], day: [] as string[] }
  const positions: number[] = []
  const flush = async () => {
    await client.query(
      `insert into rank_positions (keyword_id, business_id, day, status, position, checks,
         checked_at, source, provider)
       select k, b, d, 'ok', p, 1, d + interval '4 hours', 'simulated', 'Simulated'
       from unnest($1::uuid[], $2::uuid[], $3::date[], $4::int[]) as t(k, b, d, p)`,
      [columns.keyword, columns.business, columns.day, positions],
    )
    columns.keyword = []
    columns.business = []
    columns.day = []
    positions.length = 0
  }
  for (const keyword of tracked) {
    for (const day of days) {
      columns.keyword.push(keyword.id)
      columns.business.push(keyword.business_id)
      columns.day.push(day)
      positions.push(
        simulatedPosition({
          businessId: keyword.business_id,
          locationId: MAIN_LOCATION,
          keyword: keyword.keyword_key,
          day,
        } as Parameters<typeof simulatedPosition>[0]),
      )
    }
    if (positions.length >= 100_000) await flush()
  }
  if (positions.length > 0) await flush()
}

/** Businesses from..to as copies of the template, with KEYWORDS tracked keywords and DAYS of checks. */
async function grow(template: Template, tables: string[], from: number, to: number) {
  for (let a = from; a <= to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK - 1)
    await client.query('begin')
    for (const table of USER_TABLES) await copyRows(table, 'id', template.userId, a, b, 'user')
    await copyRows('businesses', 'id', template.businessId, a, b, 'business')
    for (const table of tables)
      await copyRows(table, 'business_id', template.businessId, a, b, 'business')
    // The template's keywords (the defaults a sign-up gets), then more up to KEYWORDS tracked.
    await copyRows('keywords', 'business_id', template.businessId, a, b, 'business')
    await client.query(
      `insert into keywords (business_id, keyword, keyword_key, tracked)
       select b.id, 'dentist austin ' || k, 'dentist austin ' || k, true
       from businesses b, generate_series(1, $1::int - (
         select count(*)::int from keywords where business_id = $2 and tracked)) k
       where b.id in ${copiesIn(3, 4)}`,
      [KEYWORDS, template.businessId, a, b],
    )
    await storeHistory(template, a, b)
    await client.query('commit')
  }
}

/** The SQL a schedules function sends, caught from a stand-in handle that answers no rows. */
async function statementsOf(call: (db: Db) => Promise<unknown>) {
  const caught: SQL[] = []
  const stand = { execute: (query: SQL) => (caught.push(query), Promise.resolve({ rows: [] })) }
  await call(stand as unknown as Db)
  const dialect = new PgDialect()
  return caught.map((query) => dialect.sqlToQuery(query))
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, in a transaction rolled back (the claim updates). */
async function explain(call: (db: Db) => Promise<unknown>) {
  const plans: string[] = []
  for (const { sql: text, params } of await statementsOf(call)) {
    await client.query('begin')
    const plan = await rows<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${text}`,
      params,
    )
    await client.query('rollback')
    plans.push(plan.map((row) => row['QUERY PLAN']).join('\n'))
  }
  return plans
}

async function databaseSize() {
  await client.query('vacuum analyze')
  const [row] = await rows<{ bytes: string }>(
    'select pg_database_size(current_database()) as bytes',
  )
  return Number(row!.bytes)
}

async function tableSizes() {
  return rows<{ table: string; mb: number }>(
    `select c.relname as table, round(pg_total_relation_size(c.oid) / 1048576.0, 1)::float as mb
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'auth', 'pgboss')
     order by pg_total_relation_size(c.oid) desc limit 6`,
  )
}

/**
 * Schedules as at 03:00: every business's daily rank checks due within the next WINDOW_MINUTES,
 * spread evenly; the other kinds at the template's frequency, due within the next week.
 */
async function spreadSchedules(template: Template) {
  await client.query(
    `update job_schedules s set frequency = t.frequency, last_run_at = null,
       due_at = now() + (case when s.kind = 'rank_checks' then $2::int else 7 * 1440 end)
         * ((abs(hashtext(s.business_id::text)) % 100000) / 100000.0) * interval '1 minute'
     from job_schedules t where t.business_id = $1 and t.kind = s.kind`,
    [template.businessId, WINDOW_MINUTES],
  )
}

/** Jobs the measurements sent and nobody runs (the sizing instance has no workers). */
async function dropQueuedJobs() {
  await client.query(`delete from pgboss.job where state in ('created', 'retry')`)
}

const report: Record<string, unknown>[] = []
const planReports: { size: number; plans: string[] }[] = []
const deps = await createDeps(envFor(), { clock })
const automation = registerJobs(deps)
// Jobs are stored, none runs here: the day's checks run on an instance of their own below.
await automation.start({ timer: false, workers: false })
const app = createApp(deps)

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

/** The owner's data reads, as the Dashboard and Rank Tracker send them. */
const READS = ['/api/dashboard', '/api/rank-tracker/keywords', '/api/business', '/api/alerts']

/** p99 of the owner's reads, four at a time, until `until` says stop (at least `least` of them). */
async function readLatencies(token: string, until: () => boolean, least: number) {
  const ms: number[] = []
  const reader = async (offset: number) => {
    for (let i = offset; ms.length < least || !until(); i += 4) {
      const at = performance.now()
      await call('GET', READS[i % READS.length]!, token)
      ms.push(performance.now() - at)
      // A page's reads, then a pause, as an owner clicking around would send them.
      if (i % READS.length === READS.length - 1) await new Promise((r) => setTimeout(r, 100))
    }
  }
  await Promise.all([0, 1, 2, 3].map(reader))
  ms.sort((a, b) => a - b)
  return {
    reads: ms.length,
    p50: Number(ms[Math.floor(ms.length * 0.5)]!.toFixed(1)),
    p99: Number(ms[Math.floor(ms.length * 0.99)]!.toFixed(1)),
  }
}

/** `instances` of their own run the day's rank checks of every business; answers the figures. */
async function dayOfChecks(size: number, instances: number, token: string) {
  await spreadSchedules(template)
  await client.query(
    `update job_schedules set frequency = case when kind = 'rank_checks' then 'daily' else 'off' end,
       due_at = now() - interval '1 second'`,
  )
  // An earlier run's checks of today would make this one's jobs find nothing to do.
  await client.query('delete from rank_positions where day >= $1', [
    dayIn(new Date(), template.timeZone),
  ])
  await dropQueuedJobs()
  // Warmed up first (the first reads of a process compile their code), then measured idle.
  await readLatencies(token, () => true, 40)
  const idle = await readLatencies(token, () => true, 200)
  const runners = []
  for (let i = 0; i < instances; i++) {
    const instance = await createDeps(envFor(), { rank: slowProvider(PROVIDER_MS) })
    runners.push({ instance, runner: registerJobs(instance) })
  }
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (const { runner } of runners) await runner.start({ timer: false, workers: true })
  // The planner claims 500 a tick; a minute apart in production, at once here.
  while ((await runners[0]!.runner.tick()) > 0);
  let done = 0
  let peakConnections = 0
  let peakRss = 0
  const during = readLatencies(token, () => done >= size, 50)
  while (done < size) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const [row] = await rows<{ done: number; connections: number }>(
      `select (select count(*)::int from job_schedules where kind = 'rank_checks'
                 and last_run_at is not null) as done,
              (select count(*)::int from pg_stat_activity where datname = current_database()) as connections`,
    )
    done = row!.done
    peakConnections = Math.max(peakConnections, row!.connections)
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }
  const elapsed = seconds(started)
  const used = process.cpuUsage(cpu)
  const busy = await during
  const [stored] = await rows<{ ok: number; failed: number }>(
    `select count(*) filter (where status = 'ok')::int as ok,
            count(*) filter (where status = 'failed')::int as failed
     from rank_positions where day = current_date`,
  )
  for (const { runner, instance } of runners) {
    await runner.stop()
    await instance.close()
  }
  return {
    businesses: size,
    instances,
    'checks stored': stored!.ok,
    'checks failed': stored!.failed,
    seconds: Number(elapsed.toFixed(0)),
    'checks/s': Number(((stored!.ok + stored!.failed) / elapsed).toFixed(1)),
    'CPU s (this process)': Number(((used.user + used.system) / 1e6).toFixed(0)),
    'peak RSS MB (this process)': mb(peakRss),
    'peak connections (database)': peakConnections,
    'reads p99 idle ms': idle.p99,
    'reads p99 during ms': busy.p99,
    'reads p50 idle/during ms': `${idle.p50} / ${busy.p50}`,
    'reads during': busy.reads,
  }
}

let template: Template
try {
  await client.connect()
  const started = performance.now()
  const session = await call<{ access_token: string; user: { id: string } }>(
    'POST',
    '/auth/v1/signup',
    null,
    { email: 'sizing-template@example.com', password: 'sizing password 1' },
  )
  const saved = await call<{ business: { id: string; timeZone: string } }>(
    'PUT',
    '/api/business',
    session.access_token,
    businessInput,
  )
  // The Rank Tracker's first visit fills in the default keywords; the first tick adds the schedules.
  await call('GET', '/api/rank-tracker/keywords', session.access_token)
  await automation.tick()
  await dropQueuedJobs()
  template = {
    businessId: saved.business.id,
    userId: session.user.id,
    timeZone: saved.business.timeZone,
  }
  const tables = await businessTables(template)
  console.log(
    `template through the API in ${seconds(started).toFixed(1)} s; copies ${tables.join(', ')}`,
  )
  const baseSize = await databaseSize()

  let have = 1
  for (const size of SIZES) {
    const at = performance.now()
    await grow(template, tables, have + 1, size)
    have = size
    const bytes = await databaseSize()
    const grown = seconds(at)

    // Ticks as in the 03:00-07:00 window: a minute apart, each claiming what fell due.
    await spreadSchedules(template)
    // The plans of the first tick's statements (rolled back), then the ticks themselves.
    clockOffsetMs = 60_000
    const planned = clock.now()
    planReports.push({
      size,
      plans: [
        ...(await explain((db) => claimDueSchedules(db, planned, 500))),
        ...(await explain((db) => ensureSchedules(db, planned))).slice(0, 1),
      ],
    })
    const tickMs: number[] = []
    const claimed: number[] = []
    for (let i = 0; i < TICKS; i++) {
      clockOffsetMs = (i + 1) * 60_000
      const tickAt = performance.now()
      claimed.push(await automation.tick())
      tickMs.push(performance.now() - tickAt)
    }
    // Where a tick's time goes: the claim alone, at the minutes after; and ensureSchedules over
    // every business, which only a runner's first tick runs (issue 36 item 5).
    const ensureMs: number[] = []
    const claimMs: number[] = []
    for (let i = TICKS; i < 2 * TICKS; i++) {
      clockOffsetMs = (i + 1) * 60_000
      let at = performance.now()
      await ensureSchedules(deps.db, clock.now())
      ensureMs.push(performance.now() - at)
      at = performance.now()
      await claimDueSchedules(deps.db, clock.now(), 500)
      claimMs.push(performance.now() - at)
    }
    clockOffsetMs = 0
    await dropQueuedJobs()
    report.push({
      businesses: size,
      'database MB': mb(bytes),
      'KB per business': Math.round((bytes - baseSize) / (size - 1) / 1024),
      'check rows': size * KEYWORDS * DAYS,
      'tick ms (median)': Number(median(tickMs).toFixed(1)),
      'tick ms (max)': Number(Math.max(...tickMs).toFixed(1)),
      'ensureSchedules ms (first tick)': Number(median(ensureMs).toFixed(1)),
      'claim ms': Number(median(claimMs).toFixed(1)),
      'claimed per tick': median(claimed),
      'seeded in s': Number(grown.toFixed(0)),
    })
    console.table(report.slice(-1))
    console.table(await tableSizes())
    if (size === DAY_CHECKS) {
      for (const instances of INSTANCES) {
        const day = await dayOfChecks(size, instances, session.access_token)
        console.table([day])
        report.push({ 'day of checks': day })
      }
    }
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
  console.log(JSON.stringify(report, null, 2))
  for (const { size, plans } of planReports) {
    console.log(`\n== plans at ${size} businesses`)
    for (const plan of plans) console.log(`${plan}\n`)
  }
} finally {
  await automation.stop()
  await deps.close()
  await client.end().catch(() => undefined)
  if (!args.keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  else console.log(`kept ${databaseUrl}`)
  await admin.end()
}
