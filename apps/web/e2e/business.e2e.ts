import { afterEach, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('business journey', () => {
  test('save the business, manage locations, pick one on the dashboard, connect Analytics', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    const email = `e2e-biz-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

    // Sign up and land on the welcome view.
    await page.goto(url('/'))
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await page.getByLabel('Full Name').fill('Ada Lovelace')
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL(url('/dashboard'))
    await page.getByRole('heading', { name: 'Welcome to LocalSEO AI' }).waitFor()
    // A short page: the side menu's background still reaches the bottom of the window (issue 32 item 9).
    const panel = await page.locator('aside').boundingBox()
    expect(panel!.y + panel!.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1)

    // Go to Settings and save the business.
    await page.getByRole('link', { name: 'Go to Settings' }).click()
    await page.waitForURL(url('/settings'))
    const form = page.getByRole('form', { name: 'Business information' })
    await form.getByLabel('Business Name').fill('Sunrise Dental')
    await form.getByLabel('Category').selectOption('Dental')
    await form.getByLabel('Address').fill('100 Congress Ave')
    await form.getByLabel('City').fill('Austin')
    await form.getByLabel('State').fill('Texas')
    await form.getByLabel('ZIP Code').fill('78701')
    await form.getByLabel('Phone').fill('512 555 0100')
    await form.getByLabel('Website').fill('sunrisedental.com')
    await form.getByRole('button', { name: 'Save Business Information' }).click()
    await form.getByText('Business information saved successfully!').waitFor()
    expect(await form.getByLabel('State').inputValue()).toBe('TX')
    expect(await form.getByLabel('Phone').inputValue()).toBe('(512) 555-0100')

    // Add two locations.
    const locations = page.getByRole('region', { name: 'Business Locations' })
    await locations.getByText('No additional locations added yet.').waitFor()
    const addLocation = async (name: string, address: string, zip: string, phone = '') => {
      await locations.getByRole('button', { name: 'Add Location' }).click()
      const newLocation = locations.getByRole('form', { name: 'New location' })
      await newLocation.getByLabel('Location Name').fill(name)
      await newLocation.getByLabel('Address').fill(address)
      await newLocation.getByLabel('City').fill('Austin')
      await newLocation.getByLabel('State').fill('TX')
      await newLocation.getByLabel('ZIP Code').fill(zip)
      if (phone) await newLocation.getByLabel('Phone').fill(phone)
      await newLocation.getByRole('button', { name: 'Add Location' }).click()
      await locations.getByRole('listitem', { name }).waitFor()
    }
    await addLocation('Sunrise Dental - Downtown', '200 Main St', '78702', '512 555 0111')
    await addLocation('Sunrise Dental - Domain', '11410 Century Oaks Ter', '78758')
    const downtown = locations.getByRole('listitem', { name: 'Sunrise Dental - Downtown' })
    const domain = locations.getByRole('listitem', { name: 'Sunrise Dental - Domain' })

    // The main address comes first and is the one Primary location; the others are not (ADR 033).
    const main = locations.getByRole('listitem', { name: 'Sunrise Dental (Main)' })
    await main.getByText('Primary', { exact: true }).waitFor()
    await main.getByText('100 Congress Ave, Austin, TX 78701').waitFor()
    expect(await main.getByRole('button').count()).toBe(0)
    for (const row of [downtown, domain]) {
      expect(await row.getByText('Primary', { exact: true }).count()).toBe(0)
      expect(await row.getByRole('button', { name: /Set as Primary/ }).count()).toBe(0)
    }

    // Edit the first one inline.
    await downtown.getByRole('button', { name: /Edit/ }).click()
    const editForm = page.getByRole('form', { name: 'Edit Sunrise Dental - Downtown' })
    await editForm.getByLabel('Location Name').fill('Sunrise Dental - Congress')
    await editForm.getByRole('button', { name: 'Save Changes' }).click()
    const congress = locations.getByRole('listitem', { name: 'Sunrise Dental - Congress' })
    await congress.waitFor()

    // Delete it, through the confirm dialog.
    await congress.getByRole('button', { name: /Delete/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this location?' })
    await dialog.getByRole('button', { name: 'Delete Location' }).click()
    await congress.waitFor({ state: 'detached' })
    await dialog.waitFor({ state: 'detached' })
    expect(await locations.getByRole('listitem').count()).toBe(2)

    // The dashboard offers the picker; choosing the location shows the banner.
    const menu = page.getByRole('navigation', { name: 'Main' })
    await menu.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL(url('/dashboard'))
    // The address changes before the dashboard's code has come: Settings is still on screen, and
    // its 'Business Profile location for …' select is a 'Location' too unless the name is exact.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    const picker = page.getByRole('combobox', { name: 'Location', exact: true })
    await picker.selectOption({ label: 'Sunrise Dental - Domain' })
    await page.getByText('Viewing data for: Sunrise Dental - Domain').waitFor()
    expect(await page.getByRole('region', { name: 'Website Analytics' }).count()).toBe(0)

    // Connect Analytics in Settings; the dashboard then shows the Website Analytics card.
    await menu.getByRole('link', { name: 'Settings' }).click()
    const analytics = page.getByRole('region', { name: 'Google Analytics' })
    await analytics.getByRole('button', { name: 'Connect with Google' }).click()
    // Without a Google client the connection is simulated and says so (issue 32 item 3).
    await analytics.getByText('Simulated: sample figures, no Google sign-in').waitFor()
    expect(await analytics.getByText('Successfully connected').count()).toBe(0)

    await menu.getByRole('link', { name: 'Dashboard' }).click()
    const card = page.getByRole('region', { name: 'Website Analytics' })
    await card.getByText('Simulated', { exact: true }).waitFor()
    await card.getByRole('list', { name: 'Top pages' }).waitFor()
    expect(await card.getByRole('list', { name: 'Top pages' }).getByRole('listitem').count()).toBe(
      3,
    )
    await page
      .getByRole('list', { name: 'Recent activity' })
      .getByText('Connected Google Analytics')
      .waitFor()

    expect(problems).toEqual([])
  })
})
