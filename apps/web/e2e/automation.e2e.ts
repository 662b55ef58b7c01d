// Work that runs by itself (issue 16): the Rank Tracker says when the next automatic check runs, and
// Settings → Automatic checks changes how often, which the Rank Tracker then shows; Settings → Alerts
// keeps the topics chosen; the header's bell opens the notification list.
import { afterEach, describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { openBrowser, url, type Browser } from './browser'
import { signUpWithBusiness } from './journeys'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('automatic checks journey', () => {
  test('the next check shows on the Rank Tracker; Settings turns it weekly, then off', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'automation' })

    await page.goto(url('/rank-tracker'))
    await page.getByRole('heading', { name: 'Rank Tracker' }).waitFor()
    // A new business's first run comes at once; the screen names the next one in words.
    await page.getByText(/^Next automatic check: (in a moment|today|tomorrow)/).waitFor()
    await page.getByRole('link', { name: 'Change in Settings' }).click()

    const card = page.getByRole('region', { name: 'Automatic checks' })
    await card.getByRole('heading', { name: 'Rank checks' }).waitFor()
    await card.getByText('Next check:').first().waitFor()
    await expectAccessible(page, 'settings with automatic checks')
    const frequency = card.getByRole('combobox', { name: 'How often: Rank checks' })
    expect(await frequency.inputValue()).toBe('daily')

    await frequency.selectOption({ label: 'Every week' })
    await expect.poll(() => frequency.inputValue()).toBe('weekly')
    await frequency.selectOption({ label: 'Off' })
    await card.getByText('off', { exact: true }).waitFor()

    // The choice is stored: a reload keeps it, and the Rank Tracker says the checks are off.
    await page.reload()
    await expect
      .poll(() => card.getByRole('combobox', { name: 'How often: Rank checks' }).inputValue())
      .toBe('off')
    // Settings → Alerts: every topic is on; one unticked stays so after a reload.
    const alerts = page.getByRole('region', { name: 'Alerts' })
    const listings = alerts.getByRole('checkbox', { name: 'Listings that stop matching' })
    await listings.waitFor()
    expect(await listings.isChecked()).toBe(true)
    await listings.uncheck()
    await alerts.getByText('Saved.').waitFor()
    await page.reload()
    await alerts.getByRole('checkbox', { name: 'Keyword moves' }).waitFor()
    expect(await alerts.getByRole('checkbox', { name: 'Keyword moves' }).isChecked()).toBe(true)
    expect(await listings.isChecked()).toBe(false)
    await expectAccessible(page, 'settings with alert topics')

    await page.goto(url('/rank-tracker'))
    await page.getByText('Automatic checks are off.').waitFor()

    // The bell in the header opens the notification list; nothing has happened yet.
    await page.getByRole('button', { name: 'Notifications' }).click()
    const panel = page.getByRole('region', { name: 'Notifications', exact: true })
    await panel.getByText(/^Nothing new/).waitFor()
    await expectAccessible(page, 'notification list')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(problems).toEqual([])
  })
})
