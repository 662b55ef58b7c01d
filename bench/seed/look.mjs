// Opens the seeded account's screens once in headless Chromium (issue 36 item 1): the built server
// on a copy of a DATA_DIR that bench/seed/run.ts wrote, signed in as its owner, each screen at
// 1280 and 390 px, a screenshot of the top of each, and the /api requests each screen made with
// their status and time. An empty screen or a failed request means the seed's shape is wrong.
// Build first: `npm run build`.
// Usage: node bench/seed/look.mjs DATA_DIR [SHOTS_DIR]   (EMAIL, PASSWORD as given to the seed)
import { cpSync, mkdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startServer } from '../lib/server.mjs'

const [dataDir, shotsDir = '/tmp/shots/seed'] = process.argv.slice(2)
if (!dataDir) {
  console.error('Usage: node bench/seed/look.mjs DATA_DIR [SHOTS_DIR]')
  process.exit(2)
}
const email = process.env.EMAIL ?? 'seed-owner@example.com'
const password = process.env.PASSWORD ?? 'seed password 1'
const SCREENS = [
  ['dashboard', '/dashboard'],
  ['rank-tracker', '/rank-tracker'],
  ['keyword-planner', '/keyword-planner'],
  ['backlinks', '/backlinks'],
  ['competitors', '/competitors'],
  ['reviews', '/reviews'],
  ['keywords', '/keywords'],
  ['listings', '/listings'],
  ['recommendations', '/recommendations'],
]
const chromiumArgs = JSON.parse(
  readFileSync(new URL('../../apps/web/e2e/chromium-args.json', import.meta.url), 'utf8'),
)

mkdirSync(shotsDir, { recursive: true })
// A copy: the server runs its queued jobs (the first checks the API asked for) on what it opens.
const copy = await mkdtemp(path.join(os.tmpdir(), 'localseo-seed-look-data-'))
cpSync(dataDir, copy, { recursive: true })
const server = await startServer({ dataDir: copy, env: { SIMULATED_DELAYS: 'false' } })
const profile = await mkdtemp(path.join(os.tmpdir(), 'localseo-seed-look-'))
const context = await chromium.launchPersistentContext(profile, {
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
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(`${server.url}/`)
  await page.evaluate(
    (value) => localStorage.setItem('supabase.auth.token', value),
    JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in }),
  )
  const requests = []
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/api/')) return
    const response = await request.response()
    const timing = request.timing()
    requests.push({
      request: `${url.pathname}${url.search}`,
      status: response?.status(),
      ms: Math.round(timing.responseEnd),
    })
  })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    for (const [name, route] of SCREENS) {
      requests.length = 0
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(800)
      // The top of long lists is enough to see their shape (a 400-row table is 30,000 px).
      const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight)
      await page.screenshot({
        path: path.join(shotsDir, `${name}-${width}.png`),
        fullPage: true,
        clip: { x: 0, y: 0, width, height: Math.min(height, 3000) },
      })
      if (width === 1280) {
        console.log(`${name} (${page.url().replace(server.url, '')})`)
        console.table(requests)
      }
    }
  }
  console.log(`screenshots in ${shotsDir}`)
} finally {
  await context.close()
  await rm(profile, { recursive: true, force: true })
  await server.stop()
  await rm(copy, { recursive: true, force: true })
}
