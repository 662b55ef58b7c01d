// Work that runs by itself (issue 16): the Rank Tracker says when the next automatic check runs, and
// Settings → Automatic checks changes how often, which the Rank Tracker then shows; Settings → Alerts
// keeps the topics chosen; the header's bell opens the notification list.
import { describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { journeySteps, url } from './browser'
import { signUpWithBusiness } from './journeys'

describe('automatic checks journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'automation' })
  })
  const card = () => browser().page.getByRole('region', { name: 'Automatic checks' })
  const alerts = () => browser().page.getByRole('region', { name: 'Alerts' })

  test('the Rank Tracker names the next check and links to Settings', async () => {
    const { page } = browser()
    await page.goto(url('/rank-tracker'))
    await page.getByRole('heading', { name: 'Rank Tracker' }).waitFor()
    // A new business's first run comes at once; the screen names the next one in words.
    await page.getByText(/^Next automatic check: (in a moment|today|tomorrow)/).waitFor()
    await page.getByRole('link', { name: 'Change in Settings' }).click()
    await card().getByRole('heading', { name: 'Rank checks' }).waitFor()
    await card().getByText('Next check:').first().waitFor()
    await expectAccessible(page, 'settings with automatic checks')
  })

  test('Settings turns the rank checks weekly, then off, and keeps it', async () => {
    const { page } = browser()
    const frequency = card().getByRole('combobox', { name: 'How often: Rank checks' })
    expect(await frequency.inputValue()).toBe('daily')
    await frequency.selectOption({ label: 'Every week' })
    await expect.poll(() => frequency.inputValue()).toBe('weekly')
    await frequency.selectOption({ label: 'Off' })
    await card().getByText('off', { exact: true }).waitFor()
    await page.reload()
    await expect.poll(() => frequency.inputValue()).toBe('off')
  })

  test('Settings → Alerts: every topic is on; one unticked stays so after a reload', async () => {
    const { page } = browser()
    const listings = alerts().getByRole('checkbox', { name: 'Listings that stop matching' })
    await listings.waitFor()
    expect(await listings.isChecked()).toBe(true)
    await listings.uncheck()
    await alerts().getByText('Saved.').waitFor()
    await page.reload()
    await alerts().getByRole('checkbox', { name: 'Keyword moves' }).waitFor()
    expect(await alerts().getByRole('checkbox', { name: 'Keyword moves' }).isChecked()).toBe(true)
    expect(await listings.isChecked()).toBe(false)
    await expectAccessible(page, 'settings with alert topics')
  })

  test('the Rank Tracker says the checks are off; the bell opens the notifications', async () => {
    const { page, problems } = browser()
    await page.goto(url('/rank-tracker'))
    await page.getByText('Automatic checks are off.').waitFor()
    // Nothing has happened yet.
    await page.getByRole('button', { name: 'Notifications' }).click()
    const panel = page.getByRole('region', { name: 'Notifications', exact: true })
    await panel.getByText(/^Nothing new/).waitFor()
    await expectAccessible(page, 'notification list')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(problems).toEqual([])
  })
})
