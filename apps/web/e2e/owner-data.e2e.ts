// Issue 35 item 6: the owner downloads everything of their business as one archive, deletes the
// business after typing its name, and lands on the first run, where they can start again.
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { expectAccessible } from './a11y'
import { journeySteps, url } from './browser'
import { saveBusinessInSettings, signUpWithBusiness, sunriseDental } from './journeys'
import { snap } from './screenshots'

describe('your data journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'owner-data' })
  })

  test('Download everything saves a ZIP of the business, with a README', async () => {
    const { page } = browser()
    await page.goto(url('/settings'))
    const card = page.getByRole('region', { name: 'Your data' })
    await card.waitFor()
    await snap(page, 'your-data-card', card)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download everything' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('localseo-export.zip')
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)))
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['business.json', 'keywords.csv', 'backlinks.csv', 'README.txt']),
    )
    expect(strFromU8(files['README.txt']!)).toContain(sunriseDental.name)
    expect(strFromU8(files['keywords.csv']!).split('\r\n').length).toBeGreaterThan(2)
  })

  test('deleting asks for the name, then the app is back at its first run', async () => {
    const { page, problems } = browser()
    const card = page.getByRole('region', { name: 'Your data' })
    await card.getByRole('button', { name: 'Delete this business' }).click()
    const dialog = page.getByRole('alertdialog', { name: `Delete ${sunriseDental.name}?` })
    await dialog.waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete this business' })
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel(`Type ${sunriseDental.name} to confirm`).fill(sunriseDental.name)
    expect(await confirm.isEnabled()).toBe(true)
    await snap(page, 'delete-business-dialog', dialog)
    await expectAccessible(page, 'settings, delete the business')
    await confirm.click()
    await page.getByRole('heading', { name: 'Welcome to LocalSEO AI' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    // The account stays: a new business is one form away.
    await saveBusinessInSettings(page, { ...sunriseDental, name: 'Sunrise Dental Two' })
    expect(problems).toEqual([])
  })
})
