// Page load of the built app in headless Chromium under a 4x CPU throttle: the landing page and the
// signed-in dashboard, each loaded cold (browser cache off) RUNS times, medians reported. Figures:
// JavaScript on the wire (encoded body bytes of every script), requests, LCP and CLS.
// Usage (after `npm run build`): node bench/web-load/run.mjs [--save file.json] [--compare file.json]
// [--requests]
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startServer } from '../lib/server.mjs'
import { printLoadAverage } from '../lib/measure.mjs'
import { signUpOwner } from '../lib/owner.mjs'

/** The journeys' Chromium flags (apps/web/e2e/chromium-args.json). */
const chromiumArgs = JSON.parse(
  readFileSync(new URL('../../apps/web/e2e/chromium-args.json', import.meta.url), 'utf8'),
)

const RUNS = Number(process.env.RUNS ?? 5)
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const args = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}

// Collected in the page from its first script on; read once the network is idle.
const observeVitals = () => {
  const vitals = { lcp: 0, cls: 0 }
  globalThis.__vitals = vitals
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime
      vitals.lcpElement = `${entry.element?.tagName ?? '?'} ${entry.element?.textContent?.slice(0, 40) ?? ''}`
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
}

/** A session as auth-js keeps it in localStorage: the sign-up answer with its expiry time. */
async function storedSession(url) {
  const session = await signUpOwner(url)
  return { ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in }
}

async function loadOnce(page, cdp, target) {
  await cdp.send('Network.clearBrowserCache')
  await page.goto(target, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource')
    const scripts = resources.filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname))
    return {
      loaded: resources.map((r) => [
        Math.round(r.startTime),
        Math.round(r.responseEnd),
        r.encodedBodySize,
        new URL(r.name).pathname,
      ]),
      jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
      scripts: scripts.length,
      requests: resources.length + 1,
      lcp: globalThis.__vitals.lcp,
      lcpElement: globalThis.__vitals.lcpElement,
      cls: globalThis.__vitals.cls,
    }
  })
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function measure(page, cdp, target) {
  await loadOnce(page, cdp, target) // warm-up: the server's first answers, the stored user
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(page, cdp, target))
  // --requests: what the last load asked for, when (ms from navigation start) and its size.
  if (args.includes('--requests')) {
    console.table(runs.at(-1).loaded)
    console.log(`largest contentful paint: ${runs.at(-1).lcpElement}`)
  }
  const pick = (key) => median(runs.map((r) => r[key]))
  return {
    'JS KB': +(pick('jsBytes') / 1024).toFixed(1),
    scripts: pick('scripts'),
    requests: pick('requests'),
    'LCP ms': Math.round(pick('lcp')),
    CLS: +pick('cls').toFixed(3),
  }
}

const server = await startServer()
// A fresh profile (--user-data-dir) per run.
const profile = await mkdtemp(path.join(os.tmpdir(), 'localseo-bench-chromium-'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: chromiumArgs,
})
try {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.addInitScript(observeVitals)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const results = { landing: await measure(page, cdp, `${server.url}/`) }
  const session = await storedSession(server.url)
  await page.evaluate(
    (value) => localStorage.setItem('supabase.auth.token', value),
    JSON.stringify(session),
  )
  results.dashboard = await measure(page, cdp, `${server.url}/dashboard`)
  if (!page.url().endsWith('/dashboard'))
    throw new Error(`the dashboard redirected to ${page.url()}`)

  printLoadAverage()
  const before = option('--compare') && JSON.parse(readFileSync(option('--compare'), 'utf8'))
  const rows = {}
  for (const [name, figures] of Object.entries(results)) {
    if (before) rows[`${name} before`] = before[name]
    rows[before ? `${name} after` : name] = figures
  }
  console.log(`median of ${RUNS} cold loads, CPU throttled 4x`)
  console.table(rows)
  if (option('--save')) writeFileSync(option('--save'), JSON.stringify(results, null, 2))
} finally {
  await context.close()
  await rm(profile, { recursive: true, force: true })
  await server.stop()
}
