import { afterEach, describe, expect, test } from 'vitest'
import { downloadText, openBrowser, url, type Browser } from './browser'
import { callApiAs, signUpWithBusiness } from './journeys'

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
    await page.getByText('Change is measured over the last 7 days.').waitFor()

    // Switch the location: its own defaults, from its city.
    await page
      .getByRole('combobox', { name: 'Location' })
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
    expect(header.slice(0, 4)).toEqual([
      'Keyword',
      'Current Position',
      'Change',
      'Monthly Searches (estimate)',
    ])
    expect(header.slice(4)).toHaveLength(7)
    for (const day of header.slice(4)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(lines).toHaveLength(6)
    expect(lines.some((line) => line.startsWith('dentist in Round Rock,'))).toBe(true)
    for (const line of lines.slice(1)) {
      const cells = line.split(',')
      expect(cells).toHaveLength(11)
      expect(cells[3]).toMatch(/^(\d+|no estimate)$/)
      // The journeys' server runs with NODE_ENV=test, where simulated checks never fail (issue 30).
      for (const cell of cells.slice(4)) expect(cell).toMatch(/^\d{1,3}$/)
    }

    expect(problems).toEqual([])
  })
})
