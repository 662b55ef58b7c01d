// The Methods page (issue 34 item 3): a link to one formula opens the page on that section, readable
// and accessible at desktop and phone widths.
import { afterEach, describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { openBrowser, url, type Browser } from './browser'
import { signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('methods journey', () => {
  test('a link to the share of local voice opens the Methods page on that section', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'methods' })

    await page.goto(url('/methods#share-of-local-voice'))
    await page.getByRole('heading', { name: 'How LocalSEO AI computes its figures' }).waitFor()
    const section = page.locator('#share-of-local-voice')
    await section.getByRole('heading', { name: 'Share of local voice' }).waitFor()
    await expect.poll(() => section.isVisible()).toBe(true)
    expect(await section.textContent()).toContain('Weighted: (1 + 0.8 + 0.2 + 0 + 0) ÷ 5 = 40%')
    await expectAccessible(page, 'the Methods page')
    await snap(page, 'methods-solv', section)
    await snap(page, 'methods-score', page.locator('#local-seo-score'))
    await snap(page, 'methods-competitors', page.locator('#competitor-figures'))

    expect(problems).toEqual([])
  })
})
