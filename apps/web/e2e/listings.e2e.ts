import { afterEach, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'
import { signUpWithBusiness } from './journeys'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('listings journey', () => {
  test('record a listing with a different phone: the difference is named and the count changes', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'listings' })

    await page.goto(url('/listings'))
    await page.getByRole('heading', { name: 'Local Listings' }).waitFor()
    const warning = page.getByText(/Inconsistencies detected across \d+ platforms?/)
    await warning.waitFor()
    const countOf = async () =>
      Number(/across (\d+)/.exec((await warning.textContent()) ?? '')?.[1])
    expect(await countOf()).toBe(3)

    // Record Yelp exactly as it shows the business, but with an old phone number.
    const yelpRow = page.getByRole('row').filter({ hasText: /^Yelp/ })
    // The hidden issue list is part of the row's text; a sample difference reads '… differs: …'.
    const yelpWasInconsistent = (await yelpRow.textContent())?.includes('differs:') ?? false
    await page.getByRole('button', { name: 'Edit Yelp' }).click()
    await page.getByLabel('Listing URL').fill('https://www.yelp.com/biz/sunrise-dental-austin')
    await page.getByLabel('Status').selectOption('claimed')
    await page.getByLabel('Name as shown').fill('Sunrise Dental, LLC')
    await page.getByLabel('Address as shown').fill('100 Congress Avenue, Austin, Texas 78701')
    await page.getByLabel('Phone as shown').fill('(512) 555-0199')
    await page.getByRole('button', { name: 'Save listing' }).click()

    await yelpRow.getByText('1 issue').click()
    await yelpRow
      .getByText('Phone differs: (512) 555-0199 on Yelp vs (512) 555-0100 in your profile')
      .waitFor()
    expect(await countOf()).toBe(yelpWasInconsistent ? 3 : 4)

    // Correct the phone: Yelp is consistent now and the count drops by one.
    await page.getByRole('button', { name: 'Edit Yelp' }).click()
    await page.getByLabel('Phone as shown').fill('512-555-0100')
    await page.getByRole('button', { name: 'Save listing' }).click()
    await yelpRow.getByText('0 issues').waitFor()
    expect(await countOf()).toBe(yelpWasInconsistent ? 2 : 3)

    expect(problems).toEqual([])
  })
})
