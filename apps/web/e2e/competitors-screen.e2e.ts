// The Competitors screen at desktop and phone widths (issue 34 item 1): after a simulated geo-grid
// scan, the screen lists the sample competitors, a follow sticks, and it reads well and passes axe
// at 1280 and 390 px; the followed competitor then has its column in a point of the scan.
import { describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { baseUrl, journeySteps, url } from './browser'
import { expectFitsWidth } from './fits'
import { signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

/** Tracked after the pin: its daily checks searched the map. */
const MAP_KEYWORD = 'dental implants austin'

describe('competitors screen', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'rivals' })
    await page.goto(url('/settings'))
    const card = page.getByRole('region', { name: 'Map position' })
    await card.getByLabel('Latitude').fill('30.2672')
    await card.getByLabel('Longitude').fill('-97.7431')
    await card.getByRole('button', { name: 'Save map position' }).click()
    await card.getByText('Map position saved for Sunrise Dental (Main).').waitFor()
    // A keyword tracked once the pin is set arrives with 90 days of daily map checks too.
    await page.goto(url('/rank-tracker'))
    // Added at once, while the screen's first load is under way: the table still gets it.
    await page.getByLabel('Keyword to track').fill(MAP_KEYWORD)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('rowheader', { name: MAP_KEYWORD }).waitFor()
    await page.goto(new URL('/rank-tracker/grid', baseUrl).toString())
    const form = page.getByRole('region', { name: 'New scan' })
    await form.getByLabel('Grid').selectOption('5')
    await form.getByRole('button', { name: 'Run scan' }).click()
    await page.getByText('Average rank').first().waitFor({ timeout: 30_000 })
  })

  test('from the scan to the Competitors screen, a follow, at both widths', async () => {
    const { page, problems } = browser()
    await page.getByRole('link', { name: 'See who outranks you' }).click()
    await page.getByRole('heading', { name: 'Competitors', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'Who shows up beside you' })
    await table.waitFor()
    expect(await table.getByText('Sample').count()).toBeGreaterThan(0)
    const follow = table.getByRole('button', { name: /^Follow / }).first()
    const name = ((await follow.textContent()) ?? '').replace(/^Follow\s*/, '')
    await follow.click()
    await table.getByRole('button', { name: `Following ${name}` }).waitFor()
    await page.getByText('Following 1 of 10').waitFor()
    await expectAccessible(page, 'Competitors')
    await snap(page, 'competitors', page.getByRole('group', { name: 'Period' }))
    await expectFitsWidth(page, 390)
    await expectAccessible(page, 'Competitors at 390 px')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.goto(url('/rank-tracker/grid'))
    await page.getByRole('button', { name: /^Row 3, column 3: / }).click()
    const followed = page.getByRole('table', { name: 'Followed competitors at row 3, column 3' })
    await followed.getByRole('columnheader', { name }).waitFor()
    await snap(page, 'competitors-point', followed)

    // The Rank Tracker links here with its location, and its chart has a Map pack view.
    await page.goto(url('/rank-tracker'))
    const link = page.getByRole('link', { name: 'Competitors' })
    expect(await link.getAttribute('href')).toBe('/competitors?location=main')
    await page.getByRole('button', { name: 'Map pack' }).click()
    const keyword = page.getByLabel('Keyword', { exact: true })
    await keyword.waitFor()
    await keyword.selectOption(MAP_KEYWORD)
    // The followed competitor has its line, named in the legend, beside the business's own.
    const chart = page.getByRole('figure', { name: `Map-pack positions for ${MAP_KEYWORD}` })
    await chart.getByText(name, { exact: true }).waitFor()
    await chart.getByText('You', { exact: true }).waitFor()
    expect(await chart.locator('path.recharts-curve[stroke-dasharray="6 4"]').count()).toBe(1)
    await expectAccessible(page, 'Rank Tracker, map pack')
    await snap(page, 'competitors-rank-tracker-header', link)
    await snap(page, 'competitors-map-chart', keyword)
    expect(problems).toEqual([])
  })
})
