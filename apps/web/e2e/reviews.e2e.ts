// Issue 33 items 2 and 4: the Reviews screen with a place linked to a sample profile (the journeys'
// server has no Google client): the sample reviews and their summary, labelled Sample; filters
// kept in the address across a reload; the 'Get more reviews' tab's link, texts, no-gating note,
// QR code downloads and printable card; accessible, and screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { journeySteps, url } from './browser'
import { callApiAs, signUpWithBusiness } from './journeys'
import { expectAccessible } from './a11y'
import { expectFitsWidth } from './fits'
import { snap } from './screenshots'

/** The reviews list once the import the link queued has stored the sample reviews. */
async function openReviews(page: Page) {
  const list = page.getByRole('list', { name: 'Reviews, newest first' })
  // The link queues the import as a job: reload until it has run (a few seconds at most).
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(url('/reviews'))
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor()
    await page
      .getByRole('status')
      .or(list)
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {})
    if (await list.isVisible()) return list
    await page.waitForTimeout(1500)
  }
  throw new Error('The sample reviews were never imported.')
}

describe('reviews journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'reviews' })
    const linked = await callApiAs(page, 'PUT', '/api/business-profile/links/main', {
      googleLocation: 'locations/sample-main',
    })
    if (linked.status !== 200) throw new Error(`Linking answered ${linked.status}`)
  })

  test('the sample reviews and their summary, labelled Sample', async () => {
    const { page } = browser()
    const list = await openReviews(page)
    await page.getByText('Sample reviews', { exact: true }).waitFor()
    const glance = page.getByRole('region', { name: 'Your reviews at a glance' })
    await glance.getByText('Sample', { exact: true }).waitFor()
    await glance.getByRole('list', { name: 'Reviews by stars' }).waitFor()
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await list.getByText('Sample', { exact: true }).count()).toBe(
      await list.getByRole('listitem').count(),
    )
    for (const width of [1280, 390]) await expectFitsWidth(page, width)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectAccessible(page, 'reviews')
    await snap(page, 'reviews', page.getByRole('heading', { name: 'Reviews', level: 1 }))
    await snap(page, 'reviews-list', list)

    // Over time: the months, answered and time to reply, open under the summary.
    await glance.getByText('Month by month: answered and time to reply').click()
    const months = glance.getByRole('table', { name: 'Your reviews month by month' })
    expect(await months.getByRole('row').count()).toBe(13)
    await expectAccessible(page, 'reviews month by month')
    await snap(page, 'reviews-months', months)
  })

  test('filters live in the address: a reload keeps them', async () => {
    const { page } = browser()
    await page.getByLabel('Stars', { exact: true }).selectOption('5')
    await page.waitForURL(/rating=5/)
    await page.getByLabel('Search', { exact: true }).fill('the')
    await page.waitForURL(/q=the/)
    await page.reload()
    expect(await page.getByLabel('Stars', { exact: true }).inputValue()).toBe('5')
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('the')
    const list = page.getByRole('list', { name: 'Reviews, newest first' })
    const empty = page.getByText('No reviews match these filters.')
    await list.or(empty).first().waitFor()
    if (await list.isVisible()) {
      const items = await list.getByRole('listitem').count()
      expect(await list.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(items)
    }
    await snap(page, 'reviews-filtered', page.getByRole('search', { name: 'Filter reviews' }))
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((address) => !address.search.includes('rating'))
  })

  test("'Get more reviews': the link, the texts, the no-gating note, the QR code's downloads", async () => {
    const { page, problems } = browser()
    await page.getByRole('tab', { name: 'Get more reviews' }).click()
    await page.waitForURL(/tab=requests/)
    const link = page.getByLabel('Review link')
    await link.waitFor()
    expect(await link.inputValue()).toBe(
      'https://search.google.com/local/writereview?placeid=sample-place-main',
    )
    expect(await page.getByLabel('Text message (SMS)').inputValue()).toContain(
      'Thank you for choosing Sunrise Dental!',
    )
    await page.getByText('Ask every customer the same way').waitFor()
    const card = page.getByRole('figure', { name: 'Printable review card' })
    await card.getByRole('img', { name: 'QR code of your Google review link' }).waitFor()

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ])
    expect(svg.suggestedFilename()).toBe('sunrise-dental-review-qr.svg')
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ])
    expect(png.suggestedFilename()).toBe('sunrise-dental-review-qr.png')
    const bytes: Buffer[] = []
    for await (const chunk of await png.createReadStream()) bytes.push(chunk as Buffer)
    expect(Buffer.concat(bytes).subarray(1, 4).toString('latin1')).toBe('PNG')

    // Printing shows the card alone (its print stylesheet hides the rest of the page).
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('heading', { name: 'Reviews', level: 1 }).isVisible()).toBe(false)
    expect(await card.isVisible()).toBe(true)
    await page.emulateMedia({ media: 'screen' })

    await expectAccessible(page, 'review requests')
    await snap(page, 'review-requests', page.getByRole('tab', { name: 'Get more reviews' }))
    await snap(page, 'review-card', card)
    expect(problems).toEqual([])
  })
})
