// The geo-grid journey (issue 17 items 3 and 4, issue 34 items 2 and 4): the owner sets the
// business's map position in Settings, opens the Geo-grid from the Rank Tracker, runs a 5x5 scan,
// reads the heat map and its figures, opens a point's pack and compares with a 9x9 scan; then, on a
// second server whose MAP_TILE_URL points at a tiny tile server on 127.0.0.1, the pin map and the
// heat map draw on tiles the CSP lets through.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { baseUrl, journeySteps } from './browser'
import { signUpWithBusiness } from './journeys'
import { startServer } from './own-server'
import { snap } from './screenshots'
import { startTileServer } from './tile-server'

/** Settings → Map position: types the coordinates (or clicks the map) and saves. */
async function setPin(page: Page, origin: string, { click = false } = {}) {
  await page.goto(new URL('/settings', origin).toString())
  const card = page.getByRole('region', { name: 'Map position' })
  await card.waitFor()
  if (click) {
    // The map's region is drawn before Leaflet (its own file) has made the map and listens for clicks.
    await card.locator('.leaflet-container').waitFor()
    await card.getByRole('region', { name: /Map: the pin of/ }).click()
    await expect.poll(() => card.getByLabel('Latitude').inputValue()).not.toBe('')
  }
  await card.getByLabel('Latitude').fill('30.2672')
  await card.getByLabel('Longitude').fill('-97.7431')
  await card.getByRole('button', { name: 'Save map position' }).click()
  await card.getByText('Map position saved for Sunrise Dental (Main).').waitFor()
  return card
}

/** From the Rank Tracker to the Geo-grid, a 5x5 scan 1 km apart, run to its end. */
async function runScan(page: Page, origin: string) {
  await page.goto(new URL('/rank-tracker', origin).toString())
  await page.getByRole('link', { name: 'Geo-grid' }).click()
  await page.getByRole('heading', { name: 'Geo-grid', level: 1 }).waitFor()
  const form = page.getByRole('region', { name: 'New scan' })
  await form.getByLabel('Grid').selectOption('5')
  await form.getByLabel('Spacing').selectOption('1')
  expect(await form.getByTestId('scan-cost').textContent()).toContain('This scan costs 25 queries')
  await form.getByRole('button', { name: 'Run scan' }).click()
  await page.getByText('Average rank').first().waitFor({ timeout: 30_000 })
  return page.getByRole('region', { name: /around Sunrise Dental \(Main\)/ })
}

describe('geo-grid journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'grid' })
  })

  test('before a pin the screen says where to set it; Settings takes typed coordinates', async () => {
    const { page } = browser()
    await page.goto(new URL('/rank-tracker/grid', baseUrl).toString())
    await page.getByRole('link', { name: 'Drop a pin in Settings' }).waitFor()
    expect(await page.getByRole('button', { name: 'Run scan' }).isDisabled()).toBe(true)

    // No MAP_TILE_URL on this server: the coordinates are typed, with a note.
    const card = await setPin(page, baseUrl)
    await card.getByText('No map is set up on this server').waitFor()
    await expectAccessible(page, 'Settings, map position')
  })

  test('a 5x5 scan shows its heat map and figures', async () => {
    const { page } = browser()
    const result = await runScan(page, baseUrl)
    const grid = result.getByRole('list', { name: /Positions of '.+' on a 5x5 grid/ })
    expect(await grid.getByRole('listitem').count()).toBe(25)
    await result.getByText('In the top 3').waitFor()
    await result.getByText(/counts as 21 in the average/).waitFor()
    await result.getByRole('heading', { name: 'Who beats you most often' }).waitFor()
    expect(await result.getByText(/of 25 points$/).count()).toBeGreaterThan(0)
    await page.getByText('Sample data').first().waitFor()
    await expectAccessible(page, 'Geo-grid')
    await snap(page, 'geo-grid', result)
  })

  test('a point opens the whole local pack seen there', async () => {
    const { page } = browser()
    const result = page.getByRole('region', { name: /around Sunrise Dental \(Main\)/ })
    const centre = result.getByRole('button', { name: /^Row 3, column 3: #/ })
    await centre.click()
    const pack = result.getByRole('region', { name: /^Row 3, column 3: you are #\d+$/ })
    await pack.getByText(/^Searched .+ with Simulated/).waitFor()
    await pack.getByText('Sample').waitFor()
    expect(await pack.getByRole('row').count()).toBeGreaterThan(3)
    await pack.getByText('You', { exact: true }).waitFor()
    await expectAccessible(page, 'Geo-grid, a point opened')
    await snap(page, 'geo-grid-point', pack)
    await page.keyboard.press('Escape')
    await pack.waitFor({ state: 'detached' })
    expect(await centre.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  test('a second scan of the same keyword can be compared side by side', async () => {
    const { page, problems } = browser()
    // The second scan is 9x9: its 81 squares must fit a phone and stay tappable.
    await page.getByLabel('Grid', { exact: true }).selectOption('9')
    expect(await page.getByTestId('scan-cost').textContent()).toContain('81 queries')
    await page.getByRole('button', { name: 'Run scan' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'View' }).count()).toBe(1)
    await page.getByText('Average rank').first().waitFor({ timeout: 30_000 })
    const scan = page.getByRole('region', { name: /around Sunrise Dental \(Main\)/ })
    const nine = scan.getByRole('list', { name: /on a 9x9 grid/ })
    expect(await nine.getByRole('button').count()).toBe(81)
    await snap(page, 'geo-grid-9x9', nine)
    const compare = scan.getByLabel('Compare with')
    await compare.selectOption({ index: 1 })
    await expect.poll(() => scan.getByText('Average rank', { exact: true }).count()).toBe(2)
    expect(problems).toEqual([])
  })
})

describe('geo-grid journey on map tiles: the pin and the heat map draw on tiles the CSP allows', () => {
  let tiles: Awaited<ReturnType<typeof startTileServer>>
  let origin = ''
  const servers: (() => Promise<void>)[] = []
  const csp: string[] = []

  // The second server starts before the journey's time begins (hookTimeout: its first start).
  beforeAll(async () => {
    tiles = await startTileServer()
    servers.push(tiles.close)
    origin = await startServer(
      {
        MAP_TILE_URL: `http://127.0.0.1:${tiles.port}/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: '© Test tiles',
      },
      servers,
    )
  })
  afterAll(async () => {
    for (const cleanup of servers.splice(0)) await cleanup()
  })
  const browser = journeySteps(async ({ page }) => {
    page.on('response', (response) => {
      if (response.url() === new URL('/settings', origin).toString())
        csp.push(response.headers()['content-security-policy'] ?? '')
    })
    await signUpWithBusiness(page, { prefix: 'grid-tiles', origin })
  })

  test('the pin is set by a click on the tiled map', async () => {
    const { page } = browser()
    const card = await setPin(page, origin, { click: true })
    await card.locator('img.leaflet-tile-loaded').first().waitFor()
    await card.getByText('© Test tiles').waitFor()
    expect(csp.join()).toContain(`img-src 'self' data: http://127.0.0.1:${tiles.port};`)
    await expectAccessible(page, 'Settings, map position on tiles')
  })

  test('the heat map draws its 25 points on tiles', async () => {
    const { page, problems } = browser()
    const result = await runScan(page, origin)
    await result.locator('img.leaflet-tile-loaded').first().waitFor()
    expect(await result.locator('.leaflet-marker-icon').count()).toBe(25)
    await snap(page, 'geo-grid-tiles', result.first())
    // The circles on tiles are not focusable: a list beside the map opens any point.
    await result.getByLabel('See the local pack at a point').selectOption({ index: 1 })
    await result.getByRole('region', { name: /^Row 1, column 1: / }).waitFor()
    expect(tiles.requests()).toBeGreaterThan(0)
    await expectAccessible(page, 'Geo-grid on tiles')
    expect(problems).toEqual([])
  })
})
