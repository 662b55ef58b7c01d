// Journey (issue 17): an owner chooses SerpApi in Settings → API Settings, pastes the key, tests the
// connection, then tracks a keyword and reads on the Rank Tracker the real adapter's position with
// its source and the map pack, and after a Refresh 'Not in top 100' for the others. SerpApi is played by the fake
// provider on 127.0.0.1 (testing/fake-serp.ts): this journey starts its own server from the same
// build with SERP_BASE_URL pointing there, so nothing leaves the machine. Settings then counts the
// month's queries and their cost (issue 34 item 4).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeSerp, type FakeSerp } from '../../server/src/testing/fake-serp'
import { expectAccessible } from './a11y'
import { journeySteps } from './browser'
import { startServer } from './own-server'
import { snap } from './screenshots'
import { callApiAs, signUpWithBusiness, sunriseDental } from './journeys'

const KEY = 'e2e-serpapi-key-9876WXYZ'
let fake: FakeSerp
const cleanups: (() => Promise<void>)[] = []
let base: string

beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
  base = await startServer({ SERP_BASE_URL: fake.origin }, cleanups)
})

afterAll(async () => {
  for (const cleanUp of cleanups.splice(0)) await cleanUp()
  await fake.close()
})

describe('SerpApi in Settings, then the Rank Tracker shows its positions with their source', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, {
      prefix: 'serp',
      origin: base,
      business: { ...sunriseDental, name: 'Bright Smile Dental' },
      website: 'https://www.brightsmiledental.com',
    })
    const pinned = await callApiAs(page, 'PUT', '/api/business/coordinates', {
      lat: 30.2672,
      lng: -97.7431,
    })
    expect(pinned.status).toBe(200)
  })
  const table = () => browser().page.getByRole('table', { name: 'Keyword Rankings' })

  test('Settings saves the key and tests the connection, never showing the key', async () => {
    const { page } = browser()
    await page.goto(`${base}/settings`)
    const card = page.getByRole('region', { name: 'Search results provider' })
    await card.getByText('Simulated positions (sample data)').waitFor()
    await card.getByLabel('Provider').selectOption('serpapi')
    await card.getByLabel('API key').fill(KEY)
    await card.getByRole('button', { name: 'Save' }).click()
    await card.getByText('Saved key ending in WXYZ. Paste a new one to replace it.').waitFor()
    await card.getByRole('button', { name: 'Test connection' }).click()
    await card.getByText('Connected. The test cost 1 query.').waitFor()
    await card.getByText(/^Connected \(checked/).waitFor()
    expect(await page.content()).not.toContain(KEY)
    await expectAccessible(page, 'Settings with a search-results provider')
    await snap(page, 'settings-provider', card)
  })

  test('a new keyword shows its SerpApi position and map pack', async () => {
    const { page } = browser()
    const added = await callApiAs(page, 'POST', '/api/rank-tracker/keywords', {
      keyword: 'dentist austin',
      location: 'main',
    })
    expect(added.status).toBe(201)
    await page.goto(`${base}/rank-tracker`)
    const row = table()
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'dentist austin', exact: true }) })
    await row.getByText('#14', { exact: true }).waitFor()
    await row.getByText('Map pack #3', { exact: true }).waitFor()
    await row
      .getByText(/SerpApi, checked/)
      .first()
      .waitFor()
  })

  // The default keywords were first checked by the simulation, before the key was saved (their
  // check is queued with the business); Refresh checks every tracked keyword again with SerpApi.
  test('Refresh checks every keyword again with SerpApi', async () => {
    const { page, problems } = browser()
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await page
      .getByRole('status')
      .getByText(/^Re-checked 6 keywords for today\.$/)
      .waitFor()
    await table().getByText('Not in top 100').first().waitFor()
    await expectAccessible(page, 'Rank Tracker with measured positions')
    await snap(page, 'rank-tracker-provider', table())
    expect(problems).toEqual([])
  })

  // Issue 34 item 4: the month's queries per use, the test connection's included, with their cost.
  test("Settings → Search queries and cost counts the month's real queries and their price", async () => {
    const { page, problems } = browser()
    await page.goto(`${base}/settings`)
    const card = page.getByRole('region', { name: 'Search queries and cost' })
    const ledger = card.getByRole('table', { name: /^Search queries in / })
    const row = (name: string) =>
      ledger.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    await row('Connection tests').getByRole('cell', { name: '1', exact: true }).waitFor()
    await row('Rank checks').getByText(/^\$/).waitFor()
    await card.getByText("SerpApi: $0.015 a query, SerpApi's list price (May 2026).").waitFor()
    await card.getByText(/^By the end of the month: about [\d,]+ queries, \$/).waitFor()
    await expectAccessible(page, 'Settings with the search queries and their cost')
    await snap(page, 'settings-query-ledger', card)
    expect(problems).toEqual([])
  })
})
