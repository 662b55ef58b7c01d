// Every signed-in screen on the seeded account (issue 36 item 2): the built server on what
// bench/seed/run.ts wrote, each screen loaded RUNS times (5) in a fresh browser context (cold
// cache, nothing stored but the session) at a 4x CPU throttle after one warm-up load. Figures: the
// median LCP, the screen's /api requests, their bytes, and the server's time for each, read from the
// Server-Timing header the server puts on every /api answer (lib/request-logger.ts), p99 over every
// data request of the runs (with 5 runs and a few requests a screen, that is the worst one).
// Build first: `npm run build`.
// Usage: node bench/screens/run.mjs --data-dir DIR | --database-url URL [--only a,b]
//        [--save file.json] [--compare file.json] [--requests] [--first-visit] [--pin]
//        (EMAIL, PASSWORD as given to the seed; RUNS)
// A data directory is copied first (the server runs the queued first checks on what it opens); a
// database is used as it is. WEB_DIST_DIR (passed to the server) serves a build of your own, so
// a rebuild of apps/web/dist during the run changes nothing.
import { execFileSync } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { printLoadAverage } from '../lib/measure.mjs'
import { startServer } from '../lib/server.mjs'

const SCREENS = {
  dashboard: '/dashboard',
  recommendations: '/recommendations',
  keywords: '/keywords',
  'keyword-planner': '/keyword-planner',
  'rank-tracker': '/rank-tracker',
  'geo-grid': '/rank-tracker/grid',
  competitors: '/competitors',
  backlinks: '/backlinks',
  listings: '/listings',
  reviews: '/reviews',
  posts: '/posts',
  reports: '/reports',
  settings: '/settings',
  'site-audit': '/dashboard/audit',
}
const RUNS = Number(process.env.RUNS ?? 5)
const email = process.env.EMAIL ?? 'seed-owner@example.com'
const password = process.env.PASSWORD ?? 'seed password 1'
const args = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}
const dataDir = option('--data-dir')
const databaseUrl = option('--database-url')
if (!dataDir === !databaseUrl) {
  console.error('Usage: node bench/screens/run.mjs --data-dir DIR | --database-url URL')
  process.exit(2)
}
const only = option('--only')?.split(',')
const chromiumArgs = JSON.parse(
  readFileSync(new URL('../../apps/web/e2e/chromium-args.json', import.meta.url), 'utf8'),
)

// Collected in the page from its first script on (as bench/web-load/run.mjs does).
const observeLcp = () => {
  globalThis.__lcp = { time: 0, element: '' }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      globalThis.__lcp = {
        time: entry.startTime,
        element: `${entry.element?.tagName ?? '?'} ${entry.element?.textContent?.slice(0, 30) ?? ''}`,
      }
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** A finished /api request: its status, the server's time (Server-Timing) and body bytes. */
async function readRequest(request, where) {
  const response = await request.response()
  const timing = (await response?.headerValue('server-timing')) ?? ''
  const sizes = await request.sizes()
  return {
    request: `${request.method()} ${where}`,
    status: response?.status(),
    server: Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? NaN),
    bytes: sizes.responseBodySize,
  }
}

/**
 * What a returning owner's browser keeps: the page's storage after one visit (the session and the
 * stored user the app writes), so a cold load starts as the app's preload expects (ADR 019). With
 * --first-visit only the session is stored, as for an owner who signed in on another device.
 */
async function returningStorage(browser, origin, storedSession) {
  const context = await browser.newContext()
  try {
    await context.addInitScript((value) => {
      if (!localStorage.getItem('supabase.auth.token')) {
        localStorage.setItem('supabase.auth.token', value)
      }
    }, storedSession)
    const page = await context.newPage()
    await page.goto(`${origin}/dashboard`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/** One cold load: a new context (empty cache), the storage given, CPU throttled 4x. */
async function loadOnce(browser, url, storageState) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState })
  try {
    await context.addInitScript(observeLcp)
    const page = await context.newPage()
    page.on('pageerror', (error) => console.warn(`${url}: page error: ${error.message}`))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const reading = []
    page.on('requestfinished', (request) => {
      const { pathname, search } = new URL(request.url())
      if (pathname.startsWith('/api/') && !page.isClosed()) {
        // Settled whatever happens: a request finishing as the context closes is left out.
        reading.push(readRequest(request, `${pathname}${search}`).catch(() => null))
      }
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    // With the CPU scarce, the network can be quiet while the entry script still runs (before its
    // first request): wait for the screen's heading and a paint, then for the network again.
    await page
      .waitForFunction(
        () => globalThis.__lcp.time > 0 && globalThis.document.querySelector('main h1'),
        null,
        {
          timeout: 20_000,
        },
      )
      .catch(() => undefined)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const lcp = await page.evaluate(() => globalThis.__lcp)
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => [
          Math.round(r.startTime),
          Math.round(r.responseEnd),
          r.encodedBodySize,
          new URL(r.name).pathname + new URL(r.name).search,
        ]),
    )
    const requests = (await Promise.all(reading)).filter(Boolean)
    return { lcp, requests, timeline, landed: new URL(page.url()).pathname }
  } finally {
    await context.close()
  }
}

async function measureScreen(browser, url, storageState) {
  await loadOnce(browser, url, storageState) // warm-up: the server's first answers
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, url, storageState))
  const requests = runs.flatMap((run) => run.requests)
  const failed = requests.filter((r) => r.status >= 400)
  if (failed.length > 0) console.warn(`${url}: ${JSON.stringify(failed.slice(0, 3))}`)
  const slowest = requests.reduce((a, b) => (b.server > (a?.server ?? -1) ? b : a), undefined)
  const last = runs.at(-1)
  if (args.includes('--requests')) {
    console.log(`${url}: the last load's requests (start, end ms; bytes), LCP ${last.lcp.time}`)
    console.table(last.timeline)
  }
  for (const run of runs) {
    if (run.landed !== new URL(url).pathname) console.warn(`${url}: landed on ${run.landed}`)
    if (run.lcp.time === 0) console.warn(`${url}: a load painted nothing`)
  }
  return {
    'LCP ms': Math.round(median(runs.map((r) => r.lcp.time))),
    'LCP element': last.lcp.element,
    requests: last.requests.length,
    'data KB': Math.round(last.requests.reduce((sum, r) => sum + r.bytes, 0) / 1024),
    'server p99 ms': Number(
      percentile(
        requests.map((r) => r.server),
        99,
      ).toFixed(1),
    ),
    slowest: slowest ? `${slowest.request.split('?')[0]} ${slowest.server}` : '',
  }
}

const copy = dataDir && (await mkdtemp(path.join(os.tmpdir(), 'localseo-bench-screens-data-')))
if (copy) cpSync(dataDir, copy, { recursive: true })
// --pin: the browser (this process and what it starts) on CPU 0, the server on CPU 1, so the
// server's time is not the browser's compiling (an owner's browser is not on the server's CPUs).
// Pin PostgreSQL to CPU 1 as well (`taskset -a -p -c 1 PID` of the postmaster) before the run.
const pinned = args.includes('--pin')
if (pinned)
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
const server = await startServer(
  // The Rank Tracker's loading pause (docs/product.md §4) is a simulation's, not the server's work.
  {
    dataDir: copy,
    databaseUrl,
    env: { SIMULATED_DELAYS: 'false' },
    ...(pinned ? { cpus: '1' } : {}),
  },
)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs,
})
try {
  const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const session = await signIn.json()
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status} ${JSON.stringify(session)}`)
  const stored = JSON.stringify({
    ...session,
    expires_at: Math.floor(Date.now() / 1000) + session.expires_in,
  })
  const storage = args.includes('--first-visit')
    ? {
        cookies: [],
        origins: [
          {
            origin: server.url,
            localStorage: [{ name: 'supabase.auth.token', value: stored }],
          },
        ],
      }
    : await returningStorage(browser, server.url, stored)
  const results = {}
  for (const [name, route] of Object.entries(SCREENS)) {
    if (only && !only.includes(name)) continue
    results[name] = await measureScreen(browser, `${server.url}${route}`, storage)
    console.log(name, JSON.stringify(results[name]))
  }
  printLoadAverage()
  const before = option('--compare') && JSON.parse(readFileSync(option('--compare'), 'utf8'))
  const rows = {}
  for (const [name, figures] of Object.entries(results)) {
    if (before?.[name]) rows[`${name} before`] = before[name]
    rows[before ? `${name} after` : name] = figures
  }
  console.log(
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: median of ${RUNS} cold loads, CPU throttled 4x, ` +
      (args.includes('--first-visit') ? 'first visit (session only)' : 'returning owner') +
      (pinned ? ', browser on CPU 0 and server on CPU 1' : ''),
  )
  console.table(rows)
  if (option('--save')) writeFileSync(option('--save'), JSON.stringify(results, null, 2))
} finally {
  await browser.close()
  await server.stop()
  if (copy) await rm(copy, { recursive: true, force: true })
}
