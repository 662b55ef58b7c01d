// Issue 35 item 4: the owner downloads a month's report as a PDF from the Reports screen, and sets
// the report's title and who gets it by email.
import { describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { journeySteps, url } from './browser'
import { signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

describe('reports journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'reports' })
  })

  test('Reports is in the menu; Download PDF saves the month picked as a PDF', async () => {
    const { page } = browser()
    // A fresh load: the business was saved through the API after the app had read it.
    await page.goto(url('/reports'))
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor()
    const menu = page.getByRole('navigation', { name: 'Main' })
    expect(await menu.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe(
      'page',
    )
    const download = page.getByRole('button', { name: 'Download PDF' })
    await expect.poll(() => download.isEnabled()).toBe(true)
    await snap(page, 'reports-download', page.getByRole('heading', { name: 'Reports', level: 1 }))
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toMatch(/^local-seo-report-.+-\d{4}-\d{2}\.pdf$/)
    const chunks: Buffer[] = []
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('the title and recipients are saved', async () => {
    const { page, problems } = browser()
    await page.getByRole('textbox', { name: 'Report title' }).fill('Sunrise monthly')
    await page
      .getByRole('textbox', { name: 'Email the monthly report to' })
      .fill('boss@example.com\nteam@example.com')
    const save = page.getByRole('button', { name: 'Save report settings' })
    await save.click()
    await page.getByText('Report settings saved.').waitFor()
    await snap(page, 'reports-settings', save)
    await expectAccessible(page, 'reports')
    await page.reload()
    await page.getByRole('textbox', { name: 'Report title' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Report title' }).inputValue()).toBe(
      'Sunrise monthly',
    )
    expect(problems).toEqual([])
  })
})
