// Many owners at once (issue 31 item 6, issue 36 item 4): CONNECTIONS (200) connections of mixed
// traffic from OWNERS (20) owners for DURATION (120) seconds on the built server: 70% reads of the
// screens an owner opens (dashboard, business, rank tracker, saved keywords, tasks, alerts, the
// user) and 30% writes (a task's status, the alert topics, the business itself, saving and removing
// a planner keyword; some saves and task moves answer 409, as the owner's would). Prints the
// p50/p99/max latency, the answers by status class, errors (autocannon's: a connection that failed
// or no answer within 10 s, the timeouts among them and each error's code), and the server's RSS
// before, at the end and at its peak. PROFILE=1 starts the server with --cpu-prof and names the
// profile it wrote (open it in Chrome's DevTools, Performance tab); SERVER_LOG_LEVEL=info logs each
// request with its time.
// SEEDED makes the first owner the seeded account of bench/seed/run.ts (issue 36 item 4: a year of
// data, 3 places, 500 tracked keywords, 730 alerts) and the others new owners as above: SEEDED=DIR
// starts the server on a copy of that seeded DATA_DIR, SEEDED=database with DATABASE_URL of a
// seeded database (the run changes it: seed a new one for the next run). SOAK_SAMPLE=S also prints
// the RSS every S seconds of the run (the 10-minute soak: DURATION=600 SOAK_SAMPLE=60).
// Usage (after `npm run build`): [DATABASE_URL=...] [SEEDED=DIR|database] [CONNECTIONS=200] [OWNERS=20]
// [DURATION=120] node bench/mixed/run.mjs
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { printLoadAverage } from '../lib/measure.mjs'
import { benchBusiness, signUpOwner } from '../lib/owner.mjs'
import { startServer } from '../lib/server.mjs'

const connections = Number(process.env.CONNECTIONS ?? 200)
const owners = Number(process.env.OWNERS ?? 20)
const duration = Number(process.env.DURATION ?? 120)
const databaseUrl = process.env.DATABASE_URL || undefined
const seeded = process.env.SEEDED || undefined
if (seeded === 'database' && !databaseUrl) throw new Error('SEEDED=database needs DATABASE_URL')
if (seeded && seeded !== 'database' && databaseUrl)
  throw new Error('SEEDED=DIR is an embedded database: leave DATABASE_URL out')
const soakSample = Number(process.env.SOAK_SAMPLE ?? 0)
/** The seeded DATA_DIR's copy: the run changes the account, the seed stays as it was made. */
const seededCopy =
  seeded && seeded !== 'database' ? mkdtempSync(path.join(tmpdir(), 'localseo-mixed-')) : undefined
if (seededCopy) cpSync(seeded, seededCopy, { recursive: true })
const profileDir = process.env.PROFILE
  ? mkdtempSync(path.join(tmpdir(), 'localseo-profile-'))
  : undefined

/** The seeded account's owner (bench/seed/run.ts's defaults), signed in. */
async function signInSeededOwner(url) {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'seed-owner@example.com', password: 'seed password 1' }),
  })
  const session = await response.json()
  if (!response.ok) throw new Error(`signing in the seeded owner answered ${response.status}`)
  return session
}

/** autocannon's run, counting each failed request by its error's code into `failures`. */
function runAutocannon(failures, options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    )
    instance.on('reqError', (error) => {
      const code = error.code ?? error.message
      failures[code] = (failures[code] ?? 0) + 1
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return Math.round(Number(line[1]) / 1024)
}

const server = await startServer({
  databaseUrl,
  dataDir: seededCopy,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  // SERVER_LOG_LEVEL=info logs every request with its time, for a look at which routes are slow.
  env: process.env.SERVER_LOG_LEVEL ? { LOG_LEVEL: process.env.SERVER_LOG_LEVEL } : {},
})
try {
  // The owners, each with a business (its sample keywords get their first checks) and its tasks.
  const accounts = []
  for (let i = 0; i < owners; i++) {
    const { access_token: token } =
      seeded && i === 0 ? await signInSeededOwner(server.url) : await signUpOwner(server.url)
    const auth = { authorization: `Bearer ${token}` }
    const generated = await fetch(`${server.url}/api/recommendations/generate`, {
      method: 'POST',
      headers: auth,
    })
    // The seeded account has its year of tasks; asking again may answer 409 while it has them.
    if (!generated.ok && !(seeded && i === 0))
      throw new Error(`generating tasks answered ${generated.status}`)
    const { tasks } = await (
      await fetch(`${server.url}/api/recommendations`, { headers: auth })
    ).json()
    accounts.push({ token, taskIds: tasks.map((task) => task.id), saved: 0, writes: 0 })
  }
  // Let the first checks finish, so the load meets the screens' usual data.
  await sleep(10_000)
  const rssBefore = rssMiB(server.pid)

  const reads = [
    '/api/dashboard',
    '/api/business',
    '/api/rank-tracker/keywords',
    '/api/planner/saved',
    '/api/recommendations',
    '/api/alerts',
    '/auth/v1/user',
  ]
  const json = { 'content-type': 'application/json' }
  /** One owner's next request: 7 in 10 a read, else the next of the four writes in turn. */
  function next(account, n) {
    const headers = { authorization: `Bearer ${account.token}` }
    if (n % 10 < 7) return { method: 'GET', path: reads[n % reads.length], headers }
    switch (account.writes++ % 4) {
      case 0: {
        const id = account.taskIds[n % account.taskIds.length]
        const status = ['pending', 'in-progress', 'completed'][n % 3]
        return {
          method: 'PATCH',
          path: `/api/recommendations/${id}`,
          headers: { ...headers, ...json },
          body: JSON.stringify({ status }),
        }
      }
      case 1:
        return {
          method: 'PUT',
          path: '/api/alerts/preferences',
          headers: { ...headers, ...json },
          body: JSON.stringify({ topics: n % 2 ? ['rankings'] : ['rankings', 'backlinks'] }),
        }
      case 2:
        return {
          method: 'PUT',
          path: '/api/business',
          headers: { ...headers, ...json },
          body: JSON.stringify(benchBusiness),
        }
      default:
        // Up to 100 saved per owner (a business keeps 200), then starting again: some 409s.
        return {
          method: 'POST',
          path: '/api/planner/saved',
          headers: { ...headers, ...json },
          body: JSON.stringify({
            keyword: `mixed load ${account.saved++ % 100}`,
            locationId: null,
          }),
        }
    }
  }

  let counter = 0
  const statuses = {}
  let peak = rssBefore
  const startedAt = Date.now()
  const samples = []
  const sampler = setInterval(() => {
    const rss = rssMiB(server.pid)
    peak = Math.max(peak, rss)
    const second = Math.round((Date.now() - startedAt) / 1000)
    if (soakSample > 0 && second >= (samples.length + 1) * soakSample) samples.push({ second, rss })
  }, 1000)
  /** What failed, by its code: a timeout (no answer within 10 s) or the connection's error. */
  const failures = {}
  const result = await runAutocannon(failures, {
    url: server.url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const n = counter++
          return {
            ...request,
            ...next(accounts[n % accounts.length], Math.floor(n / accounts.length)),
          }
        },
        onResponse: (status) => {
          const kind = `${Math.floor(status / 100)}xx`
          statuses[kind] = (statuses[kind] ?? 0) + 1
        },
      },
    ],
  })
  clearInterval(sampler)
  const rssAfter = rssMiB(server.pid)
  printLoadAverage()
  if (Object.keys(failures).length > 0) console.log('failures by code:', failures)
  if (samples.length > 0)
    console.table(samples.map(({ second, rss }) => ({ second, 'RSS MiB': rss })))
  console.table([
    {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      seeded: seeded ? 'yes' : 'no',
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      // autocannon's errors include its timeouts (no answer within 10 s).
      errors: result.errors,
      'of them timeouts': result.timeouts,
      ...statuses,
      'RSS before MiB': rssBefore,
      'RSS after MiB': rssAfter,
      'RSS peak MiB': Math.max(peak, rssAfter),
    },
  ])
} finally {
  await server.stop()
  if (seededCopy) rmSync(seededCopy, { recursive: true, force: true })
  if (profileDir)
    console.log(`CPU profile: ${path.join(profileDir, readdirSync(profileDir)[0] ?? '')}`)
}
