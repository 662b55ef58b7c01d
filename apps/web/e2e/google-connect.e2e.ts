// Journey (issue 18 items 1 and 5): an owner connects Google from Settings → API Settings through
// Google's consent screen, played by the fake Google on 127.0.0.1, and comes back to the connected
// cards; picks the Search Console property; then disconnects. The shared journey server keeps Google simulated (other journeys use the
// simulated cards), so this one starts its own server from the same build, with the fake's URLs.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeGoogle, type FakeGoogle } from '../../server/src/testing/fake-google'
import { expectAccessible } from './a11y'
import { openBrowser, type Browser } from './browser'
import { startServer } from './own-server'
import { callApiAs, sunriseDental } from './journeys'

let fake: FakeGoogle
const cleanups: (() => Promise<void>)[] = []
let base: string
let browser: Browser | undefined

beforeAll(async () => {
  fake = await startFakeGoogle({ email: 'owner@gmail.com' })
  base = await startServer(fake.env, cleanups)
})

afterAll(async () => {
  await browser?.close()
  for (const cleanUp of cleanups.splice(0)) await cleanUp()
  await fake.close()
})

test('Connect with Google goes through the consent screen and comes back connected', async () => {
  browser = await openBrowser()
  const { page, problems } = browser
  await page.goto(`${base}/`)
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
  await page.getByLabel('Full Name').fill('Grace Hopper')
  await page.getByLabel('Email Address').fill(`e2e-google-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL(`${base}/dashboard`)
  const website = 'https://www.sunrisedental.com'
  expect(
    (await callApiAs(page, 'PUT', '/api/business', { ...sunriseDental, website })).status,
  ).toBe(200)

  await page.goto(`${base}/settings`)
  const searchConsole = page.getByRole('region', { name: 'Google Search Console' })
  await searchConsole.getByText('Not connected').waitFor()
  await searchConsole.getByRole('button', { name: 'Connect with Google' }).click()

  // The fake consent screen approves at once and Google's redirect brings the owner back.
  await page.waitForURL(`${base}/settings`)
  await page
    .getByRole('status')
    .filter({ hasText: 'Connected to Google as owner@gmail.com' })
    .waitFor()
  for (const name of ['Google Search Console', 'Google Analytics']) {
    const card = page.getByRole('region', { name })
    await card.getByText('Connected and working properly').waitFor()
    await card.getByText('Connected to Google as owner@gmail.com').waitFor()
  }
  expect(fake.calls.slice(0, 2)).toEqual([
    'GET /o/oauth2/v2/auth',
    'POST /token authorization_code',
  ])

  // The Search Console property: listed from Google, the website's own first (issue 18 item 2).
  const property = searchConsole.getByLabel('Search Console property')
  await property.waitFor()
  expect(await property.inputValue()).toBe('https://www.sunrisedental.com/')
  await searchConsole.getByRole('button', { name: 'Use this property' }).click()
  await searchConsole.getByText('Search Console property saved').waitFor()
  await expectAccessible(page, 'Settings with Google connected')

  // Disconnect revokes at Google; both cards offer to connect again.
  await page
    .getByRole('region', { name: 'Google Analytics' })
    .getByRole('button', { name: 'Disconnect' })
    .click()
  await searchConsole.getByRole('button', { name: 'Connect with Google' }).waitFor()
  expect(fake.calls).toContain('POST /revoke')
  expect(problems).toEqual([])
})
