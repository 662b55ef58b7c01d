// Journey (issue 18): an owner connects Google from Settings → API Settings through Google's
// consent screen, played by the fake Google on 127.0.0.1, and comes back to the connected cards;
// picks the Search Console and Analytics properties, whose first imports run as jobs; reads the
// imported figures on the dashboard with their source; then disconnects. The shared journey server keeps Google simulated (other journeys use the
// simulated cards), so this one starts its own server from the same build, with the fake's URLs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeGoogle, type FakeGoogle } from '../../server/src/testing/fake-google'
import { expectAccessible } from './a11y'
import { journeySteps, url } from './browser'
import { startServer } from './own-server'
import { callApiAs, signUpWithBusiness, sunriseDental } from './journeys'
import { snap } from './screenshots'

let fake: FakeGoogle
const cleanups: (() => Promise<void>)[] = []
let base: string

beforeAll(async () => {
  fake = await startFakeGoogle({ email: 'owner@gmail.com' })
  // Google finalises a day's search figures 2-3 days late: the recorded days end three days ago.
  const finalDay = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
  fake.searchAnalytics.setFinalThrough(finalDay)
  base = await startServer(fake.env, cleanups)
})

afterAll(async () => {
  for (const cleanUp of cleanups.splice(0)) await cleanUp()
  await fake.close()
})

describe('Connect with Google', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, {
      prefix: 'google',
      origin: base,
      website: 'https://www.sunrisedental.com',
    })
  })
  const searchConsole = () => browser().page.getByRole('region', { name: 'Google Search Console' })
  const analytics = () => browser().page.getByRole('region', { name: 'Google Analytics' })

  test('goes through the consent screen and comes back connected', async () => {
    const { page, problems } = browser()
    await page.goto(`${base}/settings`)
    await searchConsole().getByText('Not connected').waitFor()
    await searchConsole().getByRole('button', { name: 'Connect with Google' }).click()

    // The fake consent screen approves at once and Google's redirect brings the owner back.
    await page.waitForURL(`${base}/settings`)
    await page
      .getByRole('status')
      .filter({ hasText: 'Connected to Google as owner@gmail.com' })
      .waitFor()
    for (const card of [searchConsole(), analytics()]) {
      await card.getByText('Connected and working properly').waitFor()
      await card.getByText('Connected to Google as owner@gmail.com').waitFor()
    }
    expect(fake.calls.slice(0, 2)).toEqual([
      'GET /o/oauth2/v2/auth',
      'POST /token authorization_code',
    ])
    expect(problems).toEqual([])
  })

  test('picks the Search Console and Analytics properties Google lists, the website first', async () => {
    const { page, problems } = browser()
    // The Search Console property (issue 18 item 2).
    const property = searchConsole().getByLabel('Search Console property')
    await property.waitFor()
    expect(await property.inputValue()).toBe('https://www.sunrisedental.com/')
    await searchConsole().getByRole('button', { name: 'Use this property' }).click()
    await searchConsole().getByText('Search Console property saved').waitFor()

    // The account's GA4 properties, the business's first (issue 18 item 3).
    const ga4 = analytics().getByLabel('Google Analytics property')
    await ga4.waitFor()
    expect(await ga4.inputValue()).toBe('properties/314159265')
    await analytics().getByRole('button', { name: 'Use this property' }).click()
    await analytics()
      .getByText('Property saved: the first import from Google Analytics has started.')
      .waitFor()
    await expectAccessible(page, 'Settings with Google connected')
    expect(problems).toEqual([])
  })

  test('the dashboard reads what the first imports stored, with its source', async () => {
    const { page, problems } = browser()
    // Both first imports run as jobs.
    await page.goto(`${base}/dashboard`)
    const performance = page.getByRole('region', { name: 'Search Performance' })
    const topSearches = performance.getByRole('table', { name: 'Top searches' })
    await topSearches.waitFor({ timeout: 30_000 })
    await topSearches.getByText('bright smile dental').waitFor()
    await performance
      .getByText(/^Source: Google Search Console \(https:\/\/www\.sunrisedental\.com\/\), imported/)
      .waitFor()
    const visitors = page.getByRole('region', { name: 'Website Analytics' })
    await visitors.getByText('1,842').waitFor({ timeout: 30_000 })
    await visitors
      .getByText(/^Source: Google Analytics 4 \(sunrisedental\.com - GA4\), imported/)
      .waitFor()
    for (const card of [performance, visitors]) {
      expect(await card.getByText('Sample data', { exact: true }).count()).toBe(0)
    }
    expect(fake.calls).toContain('POST searchAnalytics.query')
    await expectAccessible(page, 'Dashboard with imported Google data')
    await snap(page, 'dashboard-google', performance)

    // All the searches, on Keyword Analysis's Search queries tab (issue 18 item 2).
    await performance.getByRole('link', { name: 'See all 7 searches' }).click()
    await page.waitForURL(`${base}/keywords?tab=search-queries`)
    const queries = page.getByRole('table', { name: 'Search queries' })
    await queries.getByText('bright smile dental').waitFor()
    expect(await queries.getByRole('row').count()).toBe(8)
    await expectAccessible(page, 'Keyword Analysis, Search queries')
    await snap(page, 'search-queries', queries)
    expect(problems).toEqual([])
  })

  test('Disconnect revokes at Google, and both cards offer to connect again', async () => {
    const { page, problems } = browser()
    await page.goto(`${base}/settings`)
    // Pressed once the cards have their property lists: a list still on its way when the grant
    // ends is refused (409).
    await searchConsole().getByLabel('Search Console property').waitFor()
    await analytics().getByLabel('Google Analytics property').waitFor()
    await analytics().getByRole('button', { name: 'Disconnect' }).click()
    // Asked first, saying what goes and what stays.
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect Google?' })
    await confirm.getByText('Your posts are kept').waitFor()
    await snap(page, 'disconnect-google', confirm)
    expect(fake.calls).not.toContain('POST /revoke')
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await confirm.waitFor({ state: 'detached' })
    await searchConsole().getByRole('button', { name: 'Connect with Google' }).waitFor()
    expect(fake.calls).toContain('POST /revoke')
    expect(problems).toEqual([])
  })
})

// Issue 32 item 3: on the shared journey server Google is simulated. Turning Search Console on
// involves no Google sign-in and every screen says 'Simulated', with the period; the figures come
// from the planner's estimates, so no search shows more impressions than searches.
describe('simulated Google, for a plumber with three locations', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, {
      prefix: 'google-sim',
      business: { ...sunriseDental, name: 'Lopez Plumbing', category: 'Home Services' },
    })
    for (const city of ['Round Rock', 'Pflugerville']) {
      const added = await callApiAs(page, 'POST', '/api/business/locations', {
        name: `Lopez Plumbing - ${city}`,
        address: '5 Main St',
        city,
        state: 'TX',
        zip: '78664',
      })
      expect(added.status).toBe(201)
    }
  })
  const searchConsole = () => browser().page.getByRole('region', { name: 'Google Search Console' })

  test('Settings turns the simulated Search Console on and says no Google sign-in happened', async () => {
    const { page, problems } = browser()
    await page.goto(url('/settings'))
    await searchConsole().getByText('Simulated', { exact: true }).waitFor()
    await searchConsole().getByRole('button', { name: 'Connect with Google' }).click()
    await searchConsole().getByText('Simulated: sample figures, no Google sign-in').waitFor()
    await searchConsole()
      .getByText(/no Google sign-in took place/)
      .waitFor()
    expect(await page.getByText('Connected and working properly').count()).toBe(1) // the AI card
    await snap(page, 'settings-google-simulated', searchConsole())
    expect(problems).toEqual([])
  })

  test('Search Performance is Simulated, names its period, and agrees with the planner', async () => {
    const { page, problems } = browser()
    await page.goto(url('/dashboard'))
    const performance = page.getByRole('region', { name: 'Search Performance' })
    await performance.getByText('Simulated', { exact: true }).waitFor()
    await performance.getByText(/Simulated figures for the last 28 days/).waitFor()
    const report = (
      await callApiAs(page, 'GET', '/api/integrations/search-console/data', undefined)
    ).body as { data: { keywords: { query: string; impressions: number }[] } }
    expect(report.data.keywords.length).toBeGreaterThan(0)
    // Each search's own planner figure: searched for itself, it leads the planner's ideas.
    const planned = await Promise.all(
      report.data.keywords.map(
        async (row) =>
          (await callApiAs(page, 'POST', '/api/planner/search', { q: row.query })).body as {
            keywords: { keyword: string; volume: number | null }[]
          },
      ),
    )
    for (const [i, row] of report.data.keywords.entries()) {
      const idea = planned[i]!.keywords.find((k) => k.keyword === row.query)
      expect(idea?.volume, row.query).toEqual(expect.any(Number))
      expect(row.impressions, row.query).toBeLessThanOrEqual(idea!.volume!)
    }
    await snap(page, 'dashboard-google-simulated', performance)
    expect(problems).toEqual([])
  })

  test('the Search queries tab agrees: it lists the simulated searches, at desktop and phone width', async () => {
    const { page, problems } = browser()
    await page.goto(url('/keywords?tab=search-queries'))
    const table = page.getByRole('table', { name: 'Simulated search queries' })
    await table.waitFor()
    await page.getByText(/Simulated searches for the last 28 days/).waitFor()
    expect(
      await page.getByRole('link', { name: 'Connect Google Search Console in Settings' }).count(),
    ).toBe(0)
    await expectAccessible(page, 'Search queries, simulated')
    await page.setViewportSize({ width: 390, height: 844 })
    await table.waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 391)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
    await snap(page, 'search-queries-simulated', table)
    expect(problems).toEqual([])
  })

  test('off the main location the simulated searches say they are for that location, not the whole website', async () => {
    const { page, problems } = browser()
    await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption({
      label: 'Lopez Plumbing - Round Rock',
    })
    const panel = page.getByRole('tabpanel', { name: 'Search queries' })
    await panel
      .getByRole('rowheader', { name: /round rock/ })
      .first()
      .waitFor()
    await page.getByText(/simulated figures are for this location only/).waitFor()
    expect(await page.getByText(/whole website/).count()).toBe(0)
    await snap(page, 'search-queries-simulated-round-rock', page.getByRole('main'))
    expect(problems).toEqual([])
  })
})

// Issue 33 item 8: the Business Profile on a server with a Google client, Google played by the
// fake on 127.0.0.1. The owner connects the profile through its own consent screen, links the main
// place, reads the imported reviews, drafts a reply and sends it (one PUT at Google), and publishes a
// post (one create at Google); axe at each step, screenshots at 1280 and 390 px.
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

describe('Google Business Profile, connected', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'gbp', origin: base })
  })
  const profileCard = () => browser().page.getByRole('region', { name: 'Google Business Profile' })

  test('connects the profile through its consent screen and links the main place', async () => {
    const { page, problems } = browser()
    await page.goto(`${base}/settings`)
    await profileCard().getByRole('button', { name: 'Connect Business Profile' }).click()
    await page.waitForURL(`${base}/settings`)
    const place = profileCard().getByLabel(/^Business Profile location for Sunrise Dental/)
    await place.selectOption('locations/4815162342')
    await profileCard().getByRole('button', { name: 'Confirm' }).click()
    await profileCard().getByText('Linked to Bright Smile Dental.').waitFor()
    // The profile's own consent, then Google's list of the owner's accounts.
    expect(fake.calls).toContain('GET /gbp-accounts/v1/accounts')
    await expectAccessible(page, 'Settings with the Business Profile linked')
    await snap(page, 'business-profile-linked', profileCard())
    expect(problems).toEqual([])
  })

  test('reads the imported reviews with their source, drafts a reply and sends it to Google once', async () => {
    const { page, problems } = browser()
    // Reviewers' photos are on Google's user-content host: the fake's is a one-pixel image.
    await page.route('https://lh3.googleusercontent.com/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
    )
    const list = page.getByRole('list', { name: 'Reviews, newest first' })
    // The link queued the first import as a job: reload until it has run.
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.goto(`${base}/reviews`)
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor()
      await list.waitFor({ timeout: 3_000 }).catch(() => {})
      if (await list.isVisible()) break
      await page.waitForTimeout(1000)
    }
    await list
      .getByText('Dr. Patel fixed my cracked tooth the same day.', { exact: false })
      .waitFor()
    await page
      .getByText(/^From Google, imported/)
      .first()
      .waitFor()
    expect(await page.getByText('Sample', { exact: true }).count()).toBe(0)
    await expectAccessible(page, 'Reviews from Google')
    await snap(page, 'reviews-google', page.getByRole('main'))

    const review = list
      .getByRole('listitem')
      .filter({ hasText: 'Dr. Patel fixed my cracked tooth' })
      .first()
    await review.getByRole('button', { name: /^Reply/ }).click()
    const form = page.getByRole('form', { name: /^Reply to/ })
    await form.getByRole('button', { name: 'Draft a reply' }).click()
    await form.getByRole('status').filter({ hasText: 'Drafted by the built-in writer' }).waitFor()
    const box = form.getByRole('textbox', { name: /^Your reply to/ })
    expect(await box.inputValue()).toContain('Maria')
    await box.fill('Thank you, Maria! We are glad Dr. Patel could see you the same day.')
    await form.getByRole('button', { name: 'Send reply' }).dblclick()
    await review.getByText('Your reply', { exact: true }).waitFor()
    await review
      .getByText('We are glad Dr. Patel could see you the same day.', { exact: false })
      .waitFor()
    const puts = fake.businessProfile.replyCalls.filter((call) => call.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.comment).toBe(
      'Thank you, Maria! We are glad Dr. Patel could see you the same day.',
    )
    await expectAccessible(page, 'Reviews with a reply sent')
    await snap(page, 'review-reply-google', review)
    expect(problems).toEqual([])
  })

  test('publishes a post to the profile', async () => {
    const { page, problems } = browser()
    await page.goto(`${base}/posts`)
    const form = page.getByRole('form', { name: 'Post' })
    await form.waitFor()
    await form.getByLabel('Text').fill('Open on Saturdays from December: book a morning check-up.')
    await form.getByLabel('Button').selectOption('BOOK')
    await form.getByLabel('Button opens').fill('https://www.sunrisedental.com/book')
    await form.getByRole('button', { name: 'Publish' }).click()
    await form.getByText('Published.').waitFor()
    const creates = fake.businessProfile.localPosts.calls.filter((call) => call.method === 'POST')
    expect(creates).toHaveLength(1)
    expect(creates[0]!.body).toMatchObject({
      topicType: 'STANDARD',
      summary: 'Open on Saturdays from December: book a morning check-up.',
      callToAction: { actionType: 'BOOK', url: 'https://www.sunrisedental.com/book' },
    })
    const posts = page.getByRole('list', { name: 'Your posts' })
    await posts.getByText('Open on Saturdays from December', { exact: false }).waitFor()
    expect(await posts.getByText('Sample: not sent to Google').count()).toBe(0)
    await expectAccessible(page, 'Profile Posts with a post on Google')
    await snap(page, 'posts-google', posts)
    expect(problems).toEqual([])
  })
})
