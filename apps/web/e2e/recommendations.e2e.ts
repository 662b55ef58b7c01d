import { describe, expect, test } from 'vitest'
import { journeySteps, url } from './browser'
import { saveBusinessInSettings, signUpThroughLanding } from './journeys'
import { expectAccessible } from './a11y'

describe('SEO recommendations journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpThroughLanding(page, { fullName: 'Grace Hopper', prefix: 'reco' })
    await saveBusinessInSettings(page, {
      name: 'Harbor Plumbing',
      category: 'Home Services',
      address: '12 Dock St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '512 555 0199',
    })
  })
  const journey = () => browser().page.getByRole('region', { name: 'Your SEO Journey' })
  const level = () => journey().locator('dt:text-is("Level") + dd')
  const points = () => journey().locator('dt:text-is("Points") + dd')
  const profile = () =>
    browser()
      .page.getByRole('list', { name: 'SEO tasks' })
      .getByRole('listitem', { name: 'Complete your Google Business Profile' })
  const dialog = () => browser().page.getByRole('dialog', { name: 'Task Completed!' })
  const menu = () => browser().page.getByRole('navigation', { name: 'Main' })

  test('start a task and open its guide', async () => {
    const { page } = browser()
    await menu().getByRole('link', { name: 'SEO Recommendations' }).click()
    await page.waitForURL(url('/recommendations'))
    await journey().waitFor()
    expect(await level().textContent()).toBe('1')
    expect(await points().textContent()).toBe('0')
    const tasks = page.getByRole('list', { name: 'SEO tasks' })
    expect(await tasks.getByRole('listitem', { name: /./ }).count()).toBeGreaterThanOrEqual(9)

    // Start the Google Business Profile task.
    await profile()
      .getByRole('button', { name: 'Start: Complete your Google Business Profile' })
      .click()
    await profile().getByText('In Progress', { exact: true }).waitFor()
    await page
      .getByRole('progressbar', { name: 'In progress' })
      .and(page.locator('[aria-valuenow="11"]'))
      .waitFor()

    // The guide opens on request.
    await profile().getByRole('button', { name: 'Show implementation guide' }).click()
    await profile()
      .getByRole('list', { name: 'Implementation guide: Complete your Google Business Profile' })
      .waitFor()
  })

  test('complete it: the modal shows the points earned and the new badge', async () => {
    const { page } = browser()
    await profile()
      .getByRole('button', { name: 'Mark Complete: Complete your Google Business Profile' })
      .click()
    await dialog().getByText('+50 points').waitFor()
    await dialog().getByText('You are level 1 with 50 points.').waitFor()
    const unlocked = dialog().getByRole('list', { name: 'New achievements' })
    expect(await unlocked.textContent()).toContain('Local Hero')
    await expectAccessible(page, 'recommendations, task completed dialog')
    await dialog().getByRole('button', { name: 'Continue' }).click()
    await dialog().waitFor({ state: 'detached' })
    expect(await points().textContent()).toBe('50')
    await profile()
      .getByText(/^Completed on/)
      .waitFor()
    const badges = page.getByRole('list', { name: 'Badges' })
    expect(
      await badges.getByRole('listitem').filter({ hasText: 'Local Hero' }).textContent(),
    ).toMatch(/Earned$/)
  })

  test('a second task straight from pending crosses 100 points: level 2', async () => {
    const { page } = browser()
    await page
      .getByRole('list', { name: 'Top priority tasks' })
      .getByRole('button', { name: 'Mark Complete: Ask happy customers for Google reviews' })
      .click()
    await dialog().getByText('+75 points').waitFor()
    await dialog().getByText('Level up! You are now level 2 with 125 points.').waitFor()
    await dialog().getByRole('button', { name: 'Continue' }).click()
    await dialog().waitFor({ state: 'detached' })
    expect(await level().textContent()).toBe('2')
    expect(await points().textContent()).toBe('125')
  })

  test('reopening the first one takes its 50 points back: level 1', async () => {
    const { page } = browser()
    await profile()
      .getByRole('button', {
        name: 'Reopen: Complete your Google Business Profile (takes back 50 points)',
      })
      .click()
    await page
      .getByText('Reopened “Complete your Google Business Profile”: 50 points taken back.')
      .waitFor()
    await profile()
      .getByRole('button', { name: /^Mark Complete: Complete your Google/ })
      .waitFor()
    await journey().locator('dt:text-is("Points") + dd:text-is("75")').waitFor()
    expect(await level().textContent()).toBe('1')
  })

  test("the dashboard's Recent Activity shows both completions and the reopening", async () => {
    const { page, problems } = browser()
    await menu().getByRole('link', { name: 'Dashboard' }).click()
    const activity = page.getByRole('list', { name: 'Recent activity' })
    await activity
      .getByText('Completed SEO task: Ask happy customers for Google reviews (+75 points)')
      .waitFor()
    await activity
      .getByText('Completed SEO task: Complete your Google Business Profile (+50 points)')
      .waitFor()
    await activity
      .getByText('Reopened SEO task: Complete your Google Business Profile (-50 points)')
      .waitFor()
    expect(problems).toEqual([])
  })
})
