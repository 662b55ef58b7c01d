// Server memory (issue 19 item 3): the built server's resident memory (RSS) idle 8 s after its first
// start on a new embedded database, after a restart on it, and with DATABASE_URL; then the same
// PGlite server under SOAK seconds (default 600) of the authenticated reads of bench/http/run.mjs
// (50 connections cycling GET /auth/v1/user, /api/business and /api/dashboard), sampled every 30 s.
// Targets: idle ≤ 300 MiB on PGlite (first start and restart), ≤ 150 MiB with DATABASE_URL; growth
// over the load ≤ 15%, counted from the sample at 60 s (the heap and PGlite's memory have grown to
// the load's working set by then; a leak keeps growing after it); SOAK=0 measures the idle figures only.
// Usage (after `npm run build`): [DATABASE_URL=...] [SOAK=600] node bench/memory/run.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { printLoadAverage } from '../lib/measure.mjs'
import { signUpOwner } from '../lib/owner.mjs'
import { startServer } from '../lib/server.mjs'

const soakSeconds = Number(process.env.SOAK ?? 600)
const sampleEvery = Math.min(30, soakSeconds)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return Math.round(Number(line[1]) / 1024)
}

async function idleRss(options) {
  const server = await startServer(options)
  await sleep(8000)
  const rss = rssMiB(server.pid)
  return { server, rss }
}

/** The reads at 50 connections for SOAK seconds, RSS sampled every 30 s; the row of the result. */
async function soak(server) {
  const { access_token: token } = await signUpOwner(server.url)
  const load = autocannon({
    url: server.url,
    connections: 50,
    duration: soakSeconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ path: '/auth/v1/user' }, { path: '/api/business' }, { path: '/api/dashboard' }],
  })
  const samples = []
  for (let at = sampleEvery; at <= soakSeconds; at += sampleEvery) {
    await sleep(sampleEvery * 1000)
    samples.push({ at, rss: rssMiB(server.pid) })
    console.log(`${at} s: RSS ${samples.at(-1).rss} MiB`)
  }
  const result = await load
  const baseline = samples.find((s) => s.at >= 60) ?? samples[0]
  const last = samples.at(-1).rss
  const growth = Math.round(((last - baseline.rss) / baseline.rss) * 100)
  return {
    what: `PGlite, after ${soakSeconds} s of load (${Math.round(result.requests.average)} req/s, ${result.non2xx + result.errors} non-2xx or errors)`,
    'RSS MiB': last,
    target: `growth ≤ 15%: ${growth}% since ${baseline.at} s (${baseline.rss} MiB), peak ${Math.max(...samples.map((s) => s.rss))}`,
  }
}

const rows = []
const dataDir = mkdtempSync(path.join(tmpdir(), 'localseo-memory-'))
try {
  const first = await idleRss({ dataDir })
  rows.push({ what: 'PGlite, idle after the first start', 'RSS MiB': first.rss, target: '≤ 300' })
  await first.server.stop()

  const { server, rss: restarted } = await idleRss({ dataDir })
  rows.push({ what: 'PGlite, idle after a restart', 'RSS MiB': restarted, target: '≤ 300' })
  try {
    if (soakSeconds > 0) rows.push(await soak(server))
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

if (process.env.DATABASE_URL) {
  const { server, rss } = await idleRss({ databaseUrl: process.env.DATABASE_URL })
  rows.push({
    what: 'PostgreSQL (DATABASE_URL), idle after start',
    'RSS MiB': rss,
    target: '≤ 150',
  })
  await server.stop()
}

printLoadAverage()
console.table(rows)
