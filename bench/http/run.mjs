// Load test: GET /healthz and authenticated GET /auth/v1/user, 50 connections, on PGlite and (when
// DATABASE_URL is set) PostgreSQL. Target: /auth/v1/user p99 under 50 ms on PGlite (issue 2).
import autocannon from 'autocannon'
import { startServer } from '../lib/server.mjs'

const connections = Number(process.env.CONNECTIONS ?? 50)
const duration = Number(process.env.DURATION ?? 10)

async function signUp(url) {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'correct horse battery staple',
      data: { full_name: 'Bench Owner' },
    }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  return (await res.json()).access_token
}

function load(url, headers = {}) {
  return autocannon({ url, connections, duration, headers })
}

async function measure(label, databaseUrl) {
  const server = await startServer({ databaseUrl })
  try {
    const token = await signUp(server.url)
    const rows = []
    for (const [name, path, headers] of [
      ['GET /healthz', '/healthz', {}],
      ['GET /auth/v1/user', '/auth/v1/user', { authorization: `Bearer ${token}` }],
    ]) {
      const result = await load(`${server.url}${path}`, headers)
      const bad = result.non2xx + result.errors
      rows.push({
        database: label,
        route: name,
        'requests/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'non-2xx or errors': bad,
      })
    }
    return rows
  } finally {
    await server.stop()
  }
}

const rows = await measure('pglite')
if (process.env.DATABASE_URL) rows.push(...(await measure('postgres', process.env.DATABASE_URL)))
console.log(`\n${connections} connections, ${duration} s per route`)
console.table(rows)
