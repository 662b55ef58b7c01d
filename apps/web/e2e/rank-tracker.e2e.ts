import { afterEach, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { downloadText, openBrowser, url, type Browser } from './browser'
import { callApiAs, signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('rank tracker journey', () => {
  test('add a keyword, switch range and location, refresh, export the CSV', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'rank' })
    // One extra location, through the API the Settings screen uses.
    const location = await callApiAs(page, 'POST', '/api/business/locations', {
      name: 'Sunrise Dental - Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
    })
    expect(location.status).toBe(201)

    await page.goto(url('/rank-tracker'))
    await page.getByRole('heading', { name: 'Rank Tracker' }).waitFor()
    await page.getByText('Tracking rankings for: Sunrise Dental (Main)').waitFor()
    const table = page.getByRole('table', { name: 'Keyword Rankings' })
    await table.getByRole('rowheader', { name: 'dentist in Austin' }).waitFor()
    expect(await table.getByRole('row').count()).toBe(6)
    expect(await page.getByRole('button', { name: '30 Days' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    // The chart is drawn: recharts renders one path per keyword line. Not "visible": a keyword at #1
    // every day draws a flat line, whose box has no height, and Playwright calls that hidden.
    await page.locator('.recharts-line-curve').first().waitFor({ state: 'attached' })
    const curves = await page
      .locator('.recharts-line-curve')
      .evaluateAll((paths) => paths.map((path) => path.getAttribute('d') ?? ''))
    // One line per keyword: the five rows under the header.
    expect(curves).toHaveLength(5)
    for (const d of curves) expect(d).toMatch(/^M[\d.]+,[\d.]+/)
    const surface = await page.locator('.recharts-wrapper > svg.recharts-surface').boundingBox()
    expect(surface?.width).toBeGreaterThan(200)
    expect(surface?.height).toBeGreaterThan(200)

    // Add a keyword (trimmed); it arrives with history.
    await page.getByLabel('Keyword to track').fill('  teeth whitening austin  ')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await table.getByRole('rowheader', { name: 'teeth whitening austin' }).waitFor()
    const added = table.getByRole('row').filter({ hasText: 'teeth whitening austin' })
    expect(await added.textContent()).toMatch(/#\d+/)

    // Switch the range.
    await page.getByRole('button', { name: '7 Days' }).click()
    await page.getByText(/^Daily positions over the last 7 days/).waitFor()

    // Switch the location: its own defaults, from its city.
    await page
      .getByRole('combobox', { name: 'Location', exact: true })
      .selectOption({ label: 'Sunrise Dental - Round Rock' })
    await page.getByText('Tracking rankings for: Sunrise Dental - Round Rock').waitFor()
    await table.getByRole('rowheader', { name: 'dentist in Round Rock' }).waitFor()
    expect(await table.getByRole('rowheader', { name: 'teeth whitening austin' }).count()).toBe(0)

    // Refresh re-checks today.
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText(/^Re-checked 5 keywords for today/).waitFor()
    await table.getByRole('rowheader', { name: 'dentist in Round Rock' }).waitFor()

    // Export the CSV and check what was downloaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('localseo-ai-rankings.csv')
    const csv = await downloadText(download)
    const lines = csv.trimEnd().split('\r\n')
    const header = lines[0]!.split(',')
    expect(header.slice(0, 6)).toEqual([
      'Keyword',
      'Current Position',
      'Change since the check before',
      'Monthly Searches (estimate)',
      'Position Source',
      'Sample Data',
    ])
    expect(header.slice(6)).toHaveLength(7)
    for (const day of header.slice(6)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(lines).toHaveLength(6)
    expect(lines.some((line) => line.startsWith('dentist in Round Rock,'))).toBe(true)
    for (const line of lines.slice(1)) {
      const cells = line.split(',')
      expect(cells).toHaveLength(13)
      expect(cells[3]).toMatch(/^(\d+|no estimate)$/)
      // Simulated positions and sample rows say so (issue 32 item 9).
      expect(cells[4]).toBe('simulated')
      expect(cells[5]).toBe('yes')
      // The journeys' server runs with NODE_ENV=test, where simulated checks never fail (issue 30).
      for (const cell of cells.slice(6)) expect(cell).toMatch(/^\d{1,3}$/)
    }

    expect(problems).toEqual([])
  })

  test('one change, one definition: the same change in the same words on every screen', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'change' })
    const rankings = page.getByRole('table', { name: 'Keyword Rankings' })
    // One change, one definition (issue 32 item 1): each top keyword shows the same change in the
    // same words on the Dashboard, Keyword Analysis and the Rank Tracker, at desktop and phone width.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      const changes = await topKeywordChanges(page)
      expect(changes.length).toBeGreaterThan(0)
      await snap(page, 'dashboard-top-keywords', page.getByRole('list', { name: 'Top keywords' }))
      await page.goto(url('/keywords'))
      const analysis = page.getByRole('region', { name: 'Current Keyword Rankings' })
      for (const [keyword, change] of changes) {
        expect(await changeOfRow(analysis, keyword)).toBe(change)
      }
      await snap(page, 'analysis-rankings', analysis)
      await page.goto(url('/rank-tracker'))
      for (const [keyword, change] of changes) {
        expect(await changeOfRow(rankings, keyword)).toBe(change)
      }
      await snap(page, 'rank-tracker-table', rankings)
      await snap(page, 'rank-tracker-chart', page.getByRole('heading', { name: 'Ranking Trends' }))
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    expect(problems).toEqual([])
  })
})

/** Each Top Keyword of the dashboard with its change as read aloud: '+2 (improved since the check before)'. */
async function topKeywordChanges(page: Page): Promise<[string, string][]> {
  await page.goto(url('/dashboard'))
  const top = page.getByRole('list', { name: 'Top keywords' })
  await top.getByRole('listitem').first().waitFor()
  await page.getByText('Arrows: change since the check before.').waitFor()
  const items = await top.getByRole('listitem').all()
  const changes: [string, string][] = []
  for (const item of items) {
    const keyword = await item.locator('span[title]').first().getAttribute('title')
    const change = await changeIn(item).textContent()
    expect(change).toMatch(/since the check before/)
    changes.push([keyword!, change!])
  }
  return changes
}

/** The change of the keyword's row in a table, as read aloud. */
async function changeOfRow(where: Locator, keyword: string) {
  const row = where
    .getByRole('row')
    .filter({ has: where.page().getByRole('rowheader', { name: keyword }) })
    .filter({ hasText: new RegExp(`^${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
  await row.first().waitFor()
  expect(await row.count()).toBe(1)
  return changeIn(row).textContent()
}

/** The change figure (PositionChange): the outer span holding its words for screen readers. */
function changeIn(where: Locator) {
  const words = where.page().locator('.sr-only', { hasText: 'since the check before' })
  return where.locator('span', { has: words }).first()
}
