// Issue 35 item 5: the owner downloads a month's report, shares it with a link, the link opens in a
// fresh browser with no account and shows the report's figures, the owner turns it off and the same
// browser then sees that the link no longer works. The dashboard's 'Share' dialog makes a link too.
import { afterAll, describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { journeySteps, openBrowser, url, type Browser } from './browser'
import { signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

describe('share links journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'share' })
  })
  /** Someone the owner sent the link to: a browser of their own, never signed in. */
  let stranger: Browser | undefined
  let reportLink = ''
  afterAll(async () => {
    await stranger?.close()
  })

  test('the owner downloads the month as a PDF and makes a link to it', async () => {
    const { page } = browser()
    await page.goto(url('/reports'))
    const download = page.getByRole('button', { name: 'Download PDF' })
    await expect.poll(() => download.isEnabled()).toBe(true)
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toMatch(/\.pdf$/)

    const card = page.getByRole('region', { name: 'Share this report' })
    await card.getByRole('button', { name: '30 days' }).click()
    await card.getByRole('textbox', { name: 'Label (optional)' }).fill('For our marketer')
    await card.getByRole('button', { name: 'Create link' }).click()
    const link = card.getByRole('textbox', { name: 'Your link' })
    await link.waitFor()
    reportLink = await link.inputValue()
    expect(reportLink).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/)
    await card.getByText(/Opened 0 times/).waitFor()
    await snap(page, 'share-report-card', card.getByRole('button', { name: 'Create link' }))
    await expectAccessible(page, 'reports with a share link')
  })

  test('the link opens in a fresh browser without an account and shows the figures', async () => {
    stranger = await openBrowser()
    const { page, problems } = stranger
    await page.goto(reportLink)
    await page.getByRole('heading', { name: 'Sunrise Dental', level: 1 }).waitFor()
    await page.getByText(/Shared by Sunrise Dental · read-only · until/).waitFor()
    await page.getByText('Local SEO Score').waitFor()
    await page
      .getByText(/Source: /)
      .first()
      .waitFor()
    // The PDF of that month, by the link alone.
    const pdf = await page.request.get(
      `${reportLink.replace('/shared/', '/api/shared/')}/report.pdf`,
    )
    expect(pdf.status()).toBe(200)
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(
      /^\/api\/shared\/.+\/report\.pdf$/,
    )
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    // No menu, no sign-in: nothing of the app but this view.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)
    await snap(page, 'shared-report', page.getByRole('heading', { level: 1 }))
    await expectAccessible(page, 'a shared report')
    expect(problems).toEqual([])
  })

  test("the dashboard's Share dialog makes a link to the live dashboard", async () => {
    const { page } = browser()
    await page.goto(url('/dashboard'))
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share the dashboard' })
    await dialog.getByRole('button', { name: 'Create link' }).click()
    const link = await dialog.getByRole('textbox', { name: 'Your link' }).inputValue()
    await snap(page, 'share-dialog', dialog.getByRole('heading', { name: 'Share the dashboard' }))
    await expectAccessible(page, 'the share dialog')
    await dialog.getByRole('button', { name: 'Close' }).click()

    const { page: other } = stranger!
    await other.goto(link)
    await other.getByRole('heading', { name: /^Dashboard · / }).waitFor()
    await other.getByText('out of 100').first().waitFor()
    await snap(other, 'shared-dashboard', other.getByRole('heading', { level: 1 }))
  })

  test('turned off, the link shows that it no longer works', async () => {
    const { page } = browser()
    await page.goto(url('/reports'))
    await page.getByRole('button', { name: 'Turn off For our marketer' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Turn off this link?' })
    await confirm.getByRole('button', { name: 'Turn off' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page
      .getByRole('button', { name: 'Turn off For our marketer' })
      .waitFor({ state: 'detached' })

    const { page: other, problems } = stranger!
    await other.goto(reportLink)
    await other.getByRole('heading', { name: 'This link does not work' }).waitFor()
    await other
      .getByText('This link has expired or was turned off. Ask the business for a new one.')
      .waitFor()
    await snap(other, 'shared-gone', other.getByRole('heading', { level: 1 }))
    // The 404 the page asked for is the only failed request, and it is expected.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([])
  })
})
