// Crawl benchmark (issue 11 item 8): crawls the 500-page fixture site (site.mjs, its own process) on
// loopback through the SSRF-safe fetcher with the audit's defaults except the budget (500), runs the
// checks, and reports pages per second, the time to 200 pages and the crawler process's peak RSS.
// Run: npx tsx --conditions=source bench/site-audit/run.ts   (target: 200 pages <= 30 s, RSS growth < 200 MB)
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createAuditFetcher } from '../../apps/server/src/features/site-audit/audit-fetcher.js'
import { auditProfileFrom } from '../../apps/server/src/features/site-audit/checks/local.js'
import { runChecks } from '../../apps/server/src/features/site-audit/checks/run-checks.js'
import { crawlSite } from '../../apps/server/src/features/site-audit/crawler.js'

const MB = 1024 * 1024
const site = fork(fileURLToPath(new URL('./site.mjs', import.meta.url)))
const { port, pages: sitePages } = await new Promise<{ port: number; pages: number }>((resolve) =>
  site.once('message', (m) => resolve(m as { port: number; pages: number })),
)

global.gc?.()
const baseline = process.memoryUsage().rss
let peak = baseline
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 20)

const fetcher = createAuditFetcher({ allowHosts: [`127.0.0.1:${port}`] })
const started = performance.now()
let at200: number | undefined
const crawl = await crawlSite({
  fetcher,
  startUrls: [{ url: `http://127.0.0.1:${port}/`, locationId: null }],
  budget: 500,
  maxDepth: 100,
  onProgress: ({ pagesCrawled }) => {
    if (pagesCrawled === 200) at200 = performance.now() - started
  },
})
const crawlMs = performance.now() - started
const issues = runChecks(
  crawl,
  auditProfileFrom({
    id: 'bench',
    name: 'Bench Dental',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    timeZone: 'America/Chicago',
    phone: '(512) 555-0100',
    website: `http://127.0.0.1:${port}/`,
    category: 'Dental',
    services: [],
    locations: [],
  }),
  new Date(),
)
const totalMs = performance.now() - started
peak = Math.max(peak, process.memoryUsage().rss)
clearInterval(sampler)
await fetcher.close()
site.disconnect()

console.table({
  'site pages': sitePages,
  'pages crawled': crawl.pages.length,
  'end reason': crawl.endReason,
  'crawl s': Number((crawlMs / 1000).toFixed(2)),
  'pages/s': Number((crawl.pages.length / (crawlMs / 1000)).toFixed(1)),
  'first 200 pages s': at200 === undefined ? 'n/a' : Number((at200 / 1000).toFixed(2)),
  'checks ms': Math.round(totalMs - crawlMs),
  issues: issues.length,
  'baseline RSS MB': Math.round(baseline / MB),
  'peak RSS MB': Math.round(peak / MB),
  'RSS growth MB': Math.round((peak - baseline) / MB),
})
