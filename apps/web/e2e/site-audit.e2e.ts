// The site audit journey (issue 11): a fixture website on 127.0.0.1 (run.mjs lets the server fetch
// this one port through FETCH_ALLOW_HOSTS), saved as the website in Settings with a location page;
// the dashboard's Issues to Fix card leads to the audit; the audit finds the issues, one opens to its
// pages and fix, and the history keeps both runs with what is new and fixed.
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'
import { fixtureOrigin, serveFixtureSite, type FixtureSite } from './fixture-site'
import { signUpThroughLanding } from './journeys'
import { expectAccessible } from './a11y'

const origin = fixtureOrigin
/** Set E2E_SCREENSHOT_DIR to keep screenshots of the audit screen at 1280 and 390 px. */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR

const words = (seed: string) =>
  Array.from({ length: 240 }, (_, i) => ['smile', 'care', seed, 'family', 'gentle', 'visit'][i % 6])
    .join(' ')
    .trim()

function page(title: string, h1: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="Family and emergency dentist in Austin, TX. Gentle cleanings, whitening and implants. Book online today.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${h1 ? `<h1>${h1}</h1>` : ''}${body}</body></html>`
}

const footer = (address: string, city: string, zip: string, phone: string, digits: string) =>
  `<footer><p>Sunrise Dental</p><p>${address}, ${city}, TX ${zip}</p><p><a href="tel:+1${digits}">${phone}</a></p>
<a href="https://www.google.com/maps/dir/?api=1&destination=Sunrise+Dental">Directions to our office</a></footer>`

/** What the fixture site serves; the second run sees the broken link fixed. */
let linkToGone = true
function site(pathname: string): string | undefined {
  if (pathname === '/') {
    return page(
      'Dentist in Austin, TX | Sunrise Dental',
      'Austin Dentist',
      `<nav><a href="/services">Our dental services</a>${linkToGone ? '<a href="/old-offer">Old offer</a>' : ''}</nav>
<p>${words('austin')}</p>${footer('100 Congress Ave', 'Austin', '78701', '(512) 555-0100', '5125550100')}`,
    )
  }
  if (pathname === '/services') {
    // No H1: one alert to find.
    return page('Dental services in Austin | Sunrise Dental', '', `<p>${words('services')}</p>`)
  }
  if (pathname === '/round-rock') {
    return page(
      'Dentist in Round Rock, TX | Sunrise Dental',
      'Round Rock Dentist',
      `<p>${words('roundrock')}</p>${footer('5 Main St', 'Round Rock', '78664', '(512) 555-0142', '5125550142')}`,
    )
  }
  return undefined
}

let fixture: FixtureSite | undefined
let browser: Browser | undefined

beforeAll(async () => {
  fixture = await serveFixtureSite(site)
})

afterAll(async () => {
  await fixture?.close()
})

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('site audit journey', () => {
  test('save the website, run an audit from the dashboard, open an issue, see the history', async () => {
    browser = await openBrowser()
    const { page: tab, problems } = browser
    await signUpThroughLanding(tab, { fullName: 'Grace Hopper', prefix: 'site-audit' })

    // Settings: the business with its website, and a location with its own page.
    await tab.getByRole('link', { name: 'Go to Settings' }).click()
    const form = tab.getByRole('form', { name: 'Business information' })
    await form.getByLabel('Business Name').fill('Sunrise Dental')
    await form.getByLabel('Category').selectOption('Dental')
    await form.getByLabel('Address').fill('100 Congress Ave')
    await form.getByLabel('City').fill('Austin')
    await form.getByLabel('State').fill('TX')
    await form.getByLabel('ZIP Code').fill('78701')
    await form.getByLabel('Phone').fill('(512) 555-0100')
    await form.getByRole('button', { name: 'Save Business Information' }).click()
    await form.getByText('Business information saved successfully!').waitFor()
    // This journey runs every audit itself (its history counts them): the monthly audit a new
    // business gets is turned off before the business has a website to audit.
    const automatic = tab.getByRole('region', { name: 'Automatic checks' })
    await automatic
      .getByRole('combobox', { name: 'How often: Website audit' })
      .selectOption({ label: 'Off' })
    await automatic.getByText('off', { exact: true }).waitFor()
    await form.getByLabel('Website').fill(origin)
    const [saved] = await Promise.all([
      tab.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/business' &&
          response.request().method() === 'PUT',
      ),
      form.getByRole('button', { name: 'Save Business Information' }).click(),
    ])
    expect(saved.status()).toBe(200)

    await tab.getByRole('button', { name: 'Add Location' }).click()
    const added = tab.getByRole('form', { name: 'New location' })
    await added.getByLabel('Location Name').fill('Sunrise Dental - Round Rock')
    await added.getByLabel('Address').fill('5 Main St')
    await added.getByLabel('City').fill('Round Rock')
    await added.getByLabel('State').fill('TX')
    await added.getByLabel('ZIP Code').fill('78664')
    await added.getByLabel('Phone').fill('(512) 555-0142')
    await added.getByLabel(/^Location page URL/).fill(`${origin}/round-rock`)
    await added.getByRole('button', { name: 'Add Location' }).click()
    await tab.getByRole('link', { name: `${origin}/round-rock` }).waitFor()

    // The dashboard's Issues to Fix card leads to the audit.
    await tab.getByRole('link', { name: 'Dashboard' }).click()
    await tab.getByRole('heading', { name: 'Issues to Fix' }).waitFor()
    const fromAudit = tab.getByRole('region', { name: 'From your site audit' })
    await fromAudit.getByRole('link', { name: /Run a site audit/ }).click()
    await tab.waitForURL(url('/dashboard/audit'))
    await tab.getByRole('heading', { name: 'No audit yet' }).waitFor()

    // First run: the broken link and the page without an H1 are found.
    await tab.getByRole('button', { name: 'Run site audit' }).click()
    await tab.getByRole('heading', { name: /^Critical/, level: 2 }).waitFor({ timeout: 30_000 })
    const summary = tab.getByLabel('Audit summary')
    expect(await summary.textContent()).toMatch(/Pages crawled4 \/ 200/)
    const broken = tab.getByRole('button', { name: /Pages that answer with an error/ })
    expect(await broken.getAttribute('aria-expanded')).toBe('false')
    await broken.click()
    expect(await broken.getAttribute('aria-expanded')).toBe('true')
    const brokenPages = tab.getByRole('list', { name: 'Pages: Pages that answer with an error' })
    await brokenPages.getByRole('link', { name: new RegExp(`${origin}/old-offer`) }).waitFor()
    await tab.getByText('Restore the page, or redirect its address').waitFor()
    await tab.getByRole('button', { name: /Missing main heading \(H1\)/ }).waitFor()
    await expectAccessible(tab, 'site audit results')
    // The location page was read as that location's page: no "Locations without their own page".
    expect(
      await tab.getByRole('button', { name: /Locations without their own page/ }).count(),
    ).toBe(0)
    const history = tab.getByRole('list', { name: 'Audit history' })
    expect(await history.getByRole('listitem').count()).toBe(1)

    if (screenshotDir) {
      await tab.screenshot({
        path: path.join(screenshotDir, 'site-audit-1280.png'),
        fullPage: true,
      })
    }

    // Second run, after the broken link is gone: the history shows what was fixed.
    linkToGone = false
    await tab.getByRole('button', { name: 'Run site audit' }).click()
    await expect.poll(() => history.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2)
    await history.getByText('0 new · 1 fixed').waitFor({ timeout: 30_000 })
    const fixed = tab.getByRole('list', { name: 'Fixed since the previous audit' })
    await fixed.getByText('Pages that answer with an error').waitFor()
    expect(await tab.getByRole('button', { name: /Pages that answer with an error/ }).count()).toBe(
      0,
    )

    // Back on the dashboard, Issues to Fix lists the top audit issues with a link to all of them.
    await tab.getByRole('link', { name: 'Dashboard' }).first().click()
    const top = tab.getByRole('list', { name: 'Top site audit issues' })
    await top.getByText(/Pages not served over HTTPS/).waitFor()
    await fromAudit.getByRole('link', { name: /audit issues|Open the site audit/ }).waitFor()

    if (screenshotDir) {
      await tab.screenshot({ path: path.join(screenshotDir, 'dashboard-1280.png'), fullPage: true })
      await tab.setViewportSize({ width: 390, height: 844 })
      await tab.screenshot({ path: path.join(screenshotDir, 'dashboard-390.png'), fullPage: true })
      await tab.goto(url('/dashboard/audit'))
      await tab.getByRole('heading', { name: /^Alerts/, level: 2 }).waitFor()
      await tab.getByRole('button', { name: /Missing main heading \(H1\)/ }).click()
      await tab.screenshot({ path: path.join(screenshotDir, 'site-audit-390.png'), fullPage: true })
      await tab.goto(url('/settings'))
      await tab.getByRole('button', { name: /^Edit/ }).first().click()
      await tab.screenshot({ path: path.join(screenshotDir, 'settings-390.png'), fullPage: true })
    }

    expect(problems).toEqual([])
  })
})
