// Page budgets (issue 19 item 5), read from the build instead of a browser, so they are exact and
// the same on every machine: the JavaScript the landing page and a returning owner's dashboard load
// (bytes of the brotli copies the server sends), and the requests the dashboard needs. Its own
// vitest project, run by `npm test` after the build (`npm run test:budgets`). The timings (LCP,
// CLS) are measured in Chromium by bench/web-load/run.mjs, which also lists each request.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

/** Issue 19's targets, which the build meets (docs/decisions/019-compressed-assets-and-preloading.md). */
const BUDGETS = { landingJsKb: 100, dashboardJsKb: 125, dashboardRequests: 12 }

/**
 * The requests of a returning owner's dashboard besides its files (app/preload.ts and the screens'
 * prefetch): the session check, the business, the dashboard's own three, the header's bell and the
 * person's role (the viewer's note). The journey e2e/dashboard-weight.e2e.ts counts them on the page
 * a real owner gets (two more places, an alert); the cards below the first screen load on scrolling.
 */
const DASHBOARD_API_CALLS = [
  '/auth/v1/user',
  '/api/business',
  '/api/dashboard',
  '/api/integrations',
  '/api/site-audit/runs',
  '/api/alerts',
  '/api/membership',
]

/**
 * The signed-in screens that show no chart and no address form, and the most JavaScript each may
 * load with the entry (issue 36 item 2): the phone and address rules (libphonenumber's metadata)
 * and the chart library are for the screens that use them (vite.config.ts `addresses`, `charts`;
 * docs/decisions/019-compressed-assets-and-preloading.md).
 */
const LIGHT_SCREENS = [
  'features/competitors/components/competitors-screen.tsx',
  'features/site-audit/components/site-audit-screen.tsx',
  'features/keywords/components/keywords-screen.tsx',
  // Its intent chart and CSV writer load after its keywords (intent-chart.tsx, planner-screen.tsx).
  'features/planner/components/planner-screen.tsx',
  // Its trend lines, map-pack chart and CSV writer likewise (ranking-trends-chart.tsx).
  'features/rank-tracker/components/rank-tracker-screen.tsx',
  'features/geo-grid/components/geo-grid-screen.tsx',
  'features/backlinks/components/backlinks-screen.tsx',
  'features/business-profile/components/reviews-screen.tsx',
  'features/business-profile/components/posts-screen.tsx',
  'app/routes/reports.tsx',
]
const LIGHT_SCREEN_JS_KB = 210

/** The code-split parts a returning owner's dashboard loads after the entry (app/router.tsx). */
const DASHBOARD_PARTS = [
  // The dashboard's screen and start-up preload share one named chunk (vite.config.ts).
  { chunkName: 'dashboard' },
  // The signed-in layout with what it and the dashboard import, and the business module (the
  // start-up check's and the stored user's, lib/user-storage.ts): vite.config.ts `signed-in`.
  { chunkName: 'signed-in' },
]

interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

const dist = fileURLToPath(new URL('../dist', import.meta.url))
const manifestFile = path.join(dist, '.vite', 'manifest.json')

function readManifest(): Record<string, ManifestChunk> {
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: run \`npm run build\` before the budgets test`)
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
}

/** The bytes a browser that accepts brotli receives: the .br copy, or the file when it has none. */
function wireBytes(file: string): number {
  const full = path.join(dist, file)
  return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** The files a page loads for the given manifest entries: each with its static imports and CSS. */
function filesFor(manifest: Record<string, ManifestChunk>, keys: string[]) {
  const seen = new Set<string>()
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest has no ${key}`)
    scripts.add(chunk.file)
    chunk.css?.forEach((file) => styles.add(file))
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  const jsBytes = [...scripts].reduce((sum, file) => sum + wireBytes(file), 0)
  return { scripts: [...scripts], styles: [...styles], jsKb: kb(jsBytes) }
}

function keyOf(manifest: Record<string, ManifestChunk>, part: { chunkName: string }): string {
  const key = Object.keys(manifest).find(
    (k) => k.startsWith('_') && manifest[k]?.name === part.chunkName,
  )
  if (!key) throw new Error(`the build has no ${part.chunkName}`)
  return key
}

describe('page budgets of the built app', () => {
  const manifest = readManifest()
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('the build manifest has no entry')

  test('the landing page loads at most the budget of JavaScript', () => {
    const landing = filesFor(manifest, [entry])
    const what = `landing page scripts (budget ${BUDGETS.landingJsKb} KB): ${landing.scripts.join(', ')}`
    expect(landing.jsKb, what).toBeLessThanOrEqual(BUDGETS.landingJsKb)
  })

  test("a returning owner's dashboard loads at most the budget of JavaScript, in at most 12 requests", () => {
    const dashboard = filesFor(manifest, [
      entry,
      ...DASHBOARD_PARTS.map((part) => keyOf(manifest, part)),
    ])
    const what = `dashboard scripts (budget ${BUDGETS.dashboardJsKb} KB): ${dashboard.scripts.join(', ')}`
    expect(dashboard.jsKb, what).toBeLessThanOrEqual(BUDGETS.dashboardJsKb)
    // The page itself, its scripts and styles, and its API calls.
    const requests =
      1 + dashboard.scripts.length + dashboard.styles.length + DASHBOARD_API_CALLS.length
    expect(requests, `${what}; styles: ${dashboard.styles.join(', ')}`).toBeLessThanOrEqual(
      BUDGETS.dashboardRequests,
    )
  })

  test.each(LIGHT_SCREENS)(
    '%s loads neither the charts nor the address rules, and at most its budget',
    (screen) => {
      const key = `src/${screen}`
      expect(manifest[key], `the build manifest has no ${key}`).toBeDefined()
      const page = filesFor(manifest, [entry, key])
      const what = `${screen} scripts (budget ${LIGHT_SCREEN_JS_KB} KB): ${page.scripts.join(', ')}`
      const chunks = [
        keyOf(manifest, { chunkName: 'charts' }),
        keyOf(manifest, { chunkName: 'addresses' }),
      ]
      for (const chunk of chunks) expect(page.scripts, what).not.toContain(manifest[chunk]!.file)
      expect(page.jsKb, what).toBeLessThanOrEqual(LIGHT_SCREEN_JS_KB)
    },
  )
})
