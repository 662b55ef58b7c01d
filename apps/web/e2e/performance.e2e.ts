// Issue 33 item 5: the dashboard's Business Profile card with the main place linked to a sample
// profile (the journeys' server has no Google client): sample figures labelled Sample, the four
// figures against the 28 days before, the views by Maps/Search, the chart and the searches.
// Accessible, fits 1280 and 390 px, and screenshots of both.
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { expectAccessible } from './a11y'
import { journeySteps, url } from './browser'
import { callApiAs, scrollUntilShown, signUpWithBusiness } from './journeys'
import { expectFitsWidth } from './fits'
import { snap } from './screenshots'

/** The card once the import the link queued has stored the sample figures. */
async function openCard(page: Page) {
  const card = page.getByRole('region', { name: 'Google Business Profile' })
  const figures = card.getByText('Profile views', { exact: true }).first()
  // The link queues the import as a job: reload until it has run (a few seconds at most).
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(url('/dashboard'))
    await scrollUntilShown(page, card)
    await figures.waitFor({ timeout: 5_000 }).catch(() => {})
    if (await figures.isVisible()) return card
    await page.waitForTimeout(1500)
  }
  throw new Error('The sample performance was never imported.')
}

describe('performance journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'performance' })
    const linked = await callApiAs(page, 'PUT', '/api/business-profile/links/main', {
      googleLocation: 'locations/sample-main',
    })
    if (linked.status !== 200) throw new Error(`Linking answered ${linked.status}`)
  })

  test('the sample figures, the views by place and device, the chart and the searches', async () => {
    const { page } = browser()
    const card = await openCard(page)
    await card.getByText('Sample', { exact: true }).waitFor()
    await card.getByText(/Sample figures for a sample profile/).waitFor()
    for (const figure of ['Calls', 'Direction requests', 'Website clicks']) {
      await card.getByRole('term').filter({ hasText: figure }).waitFor()
    }
    await card.getByRole('table', { name: 'Where people saw your profile' }).waitFor()
    await card.getByRole('table', { name: /^Searches that showed your profile/ }).waitFor()
    await card.getByText(/^< 15/).first().waitFor()
    await card.getByRole('tab', { name: 'Calls' }).click()
    await card.getByText(/^Calls: [\d,]+ over the 90 days/).waitFor()
    for (const width of [1280, 390]) await expectFitsWidth(page, width)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectAccessible(page, 'dashboard with the Business Profile card')
    await snap(page, 'performance-card', card)
  })
})
