// Every screen at a phone's size (issue 21 items 1 and 3): 390 x 844, the page never scrolls sideways
// (the keyword, backlink and listing tables become card lists), and axe finds no
// serious or critical violation.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { openBrowser, url, type Browser } from './browser'
import { signUpWithBusiness } from './journeys'

let browser: Browser | undefined

afterAll(async () => {
  await browser?.close()
  browser = undefined
})

const SCREENS: [path: string, heading: string][] = [
  ['/dashboard', 'Dashboard'],
  ['/recommendations', 'SEO Recommendations'],
  ['/keywords', 'Keyword Analysis'],
  ['/keyword-planner', 'Keyword Planner'],
  ['/rank-tracker', 'Rank Tracker'],
  ['/rank-tracker/grid', 'Geo-grid'],
  ['/backlinks', 'Backlink Monitor'],
  ['/listings', 'Local Listings'],
  ['/settings', 'Settings'],
  ['/dashboard/audit', 'Site Audit'],
  ['/competitors', 'Competitors'],
]

/** Tables shown as card lists below 640 px, by screen. */
const STACKED_TABLES: Record<string, string[]> = {
  '/keywords': ['Current Keyword Rankings', 'Suggested Keywords'],
  '/keyword-planner': ['Search results'],
  '/rank-tracker': ['Keyword Rankings'],
  '/backlinks': ['Backlinks'],
}

describe('phone journey: every screen fits 390 px and passes axe', () => {
  // One owner for all screens; a screen per test, so each has the journey's whole time.
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 })
    await signUpWithBusiness(browser.page, { prefix: 'phone' })
  })

  test.for(SCREENS)('%s', async ([path, heading]) => {
    const { page, problems } = browser!
    await page.goto(url(path))
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
    // Let the screen's data arrive (the Rank Tracker waits 1.5 s by design).
    await page.waitForLoadState('networkidle')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect({ path, width }).toEqual({ path, width: 390 })
    // These tables are card lists here: nothing to scroll sideways inside their card either.
    for (const name of STACKED_TABLES[path] ?? []) {
      const table = page.getByRole('table', { name })
      const fits = await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))
      expect({ path, name, fits }).toEqual({ path, name, fits: true })
    }
    await expectAccessible(page, `${path} at 390 px`)
    expect(problems).toEqual([])
  })
})
