// Load test with autocannon, 50 connections: a bare node:http server (the ceiling on this machine),
// GET /healthz, and the authenticated reads GET /auth/v1/user, /api/business and /api/dashboard, on
// PGlite and (when DATABASE_URL is set) PostgreSQL, all in one run (issue 19 item 4).
// Targets: on PostgreSQL, authenticated /api reads ≥ 10% of bare throughput with p99 ≤ 20 ms,
// /api/dashboard p99 ≤ 30 ms; on PGlite p99 ≤ 50 ms for all three.
import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { printLoadAverage } from '../lib/measure.mjs'
import { signUpOwner } from '../lib/owner.mjs'
import { startServer } from '../lib/server.mjs'

const connections = Number(process.env.CONNECTIONS ?? 50)
const duration = Number(process.env.DURATION ?? 10)

function load(url, headers = {}) {
  return autocannon({ url, connections, duration, headers })
}

function row(database, route, result) {
  return {
    database,
    route,
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx or errors': result.non2xx + result.errors,
  }
}

/** A node:http server answering a fixed JSON body: what this machine can do without the app. */
async function measureBare() {
  const body = JSON.stringify({ ok: true })
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return row('-', 'bare node:http', await load(`http://127.0.0.1:${server.address().port}/`))
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

async function measure(label, databaseUrl) {
  const server = await startServer({ databaseUrl })
  try {
    const { access_token: token } = await signUpOwner(server.url)
    const auth = { authorization: `Bearer ${token}` }
    const rows = []
    for (const [name, path, headers] of [
      ['GET /healthz', '/healthz', {}],
      ['GET /auth/v1/user', '/auth/v1/user', auth],
      ['GET /api/business', '/api/business', auth],
      ['GET /api/dashboard', '/api/dashboard', auth],
    ]) {
      // One request first: the owner's first dashboard runs the new keywords' first rank checks,
      // work done once per keyword and not part of a read.
      await (await fetch(`${server.url}${path}`, { headers })).text()
      rows.push(row(label, name, await load(`${server.url}${path}`, headers)))
    }
    return rows
  } finally {
    await server.stop()
  }
}

const only = process.env.ONLY // 'pglite' or 'postgres': one database only
const rows = [await measureBare()]
if (only !== 'postgres') rows.push(...(await measure('pglite')))
if (process.env.DATABASE_URL && only !== 'pglite') {
  rows.push(...(await measure('postgres', process.env.DATABASE_URL)))
}
console.log(`\n${connections} connections, ${duration} s per route`)
printLoadAverage()
console.table(rows)
