// The measured Local SEO Score (issue 11 items 5 and 6): 72 before any audit, a measured score with
// its breakdown after an audit of a fixture site, and a failed local check turned into a task once.
import { mkdir } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'
import { fixtureOrigin, serveFixtureSite, type FixtureSite } from './fixture-site'
import { callApiAs, signUpWithBusiness, sunriseDental } from './journeys'

const SHOTS = process.env.E2E_SCREENSHOTS_DIR

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ['gentle', 'family', 'dental', 'care', 'smile'][i % 5]).join(
    ' ',
  )

/** A home page that passes most local checks but has no tap-to-call link and no map. */
function homePage(origin: string) {
  const d = sunriseDental
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Dentist',
    name: d.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: d.address,
      addressLocality: d.city,
      addressRegion: d.state,
      postalCode: d.zip,
      addressCountry: 'US',
    },
    telephone: d.phone,
    url: `${origin}/`,
    geo: { '@type': 'GeoCoordinates', latitude: 30.26715, longitude: -97.74306 },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday'],
        opens: '08:00',
        closes: '17:00',
      },
    ],
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Sunrise Dental | Dentist in Austin, TX</title>
<meta name="description" content="Sunrise Dental is a family dentist in Austin, Texas: cleanings, whitening and emergency dental care near Congress Ave.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><h1>Dental care in Austin</h1><p>${words(240)}</p>
<a href="/services">Our dental services in Austin</a>
<footer><p>${d.name}, ${d.address}, ${d.city}, ${d.state} ${d.zip}. Phone ${d.phone}</p></footer>
</body></html>`
}

const servicesPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dental services | Sunrise Dental Austin</title>
<meta name="description" content="Cleanings, fillings, whitening and emergency visits at Sunrise Dental in Austin: what to expect and how to book.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Dental services</h1><p>${words(230)}</p><a href="/">Sunrise Dental home</a></body></html>`

let fixture: FixtureSite | undefined
let browser: Browser | undefined

beforeAll(async () => {
  const pages: Record<string, string> = { '/': homePage(fixtureOrigin), '/services': servicesPage }
  fixture = await serveFixtureSite((pathname) => pages[pathname])
})

afterAll(async () => {
  await fixture?.close()
})

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

async function waitForAudit(page: Browser['page']) {
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    const runs = await callApiAs(page, 'GET', '/api/site-audit/runs', undefined)
    const latest = (runs.body as { runs: { id: string; status: string }[] }).runs[0]
    if (latest && latest.status !== 'running') return latest
    await page.waitForTimeout(500)
  }
  throw new Error('the site audit did not finish within 45 s')
}

describe('measured Local SEO Score journey', () => {
  test('72 before an audit, a measured score with its parts after, and a local issue becomes a task', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, {
      prefix: 'score',
      website: `${fixtureOrigin}/`,
    })

    // Before any audit: the product's 72 and an invitation to run one.
    await page.goto(url('/dashboard'))
    const card = page.getByRole('region', { name: 'Local SEO Score' })
    await card.getByRole('meter', { name: 'Local SEO Score' }).waitFor()
    expect(await card.getByText('72', { exact: true }).isVisible()).toBe(true)
    await card.getByRole('link', { name: 'Run a site audit' }).click()
    await page.waitForURL(url('/dashboard/audit'))

    await page.getByRole('button', { name: 'Run site audit' }).click()
    const run = await waitForAudit(page)
    expect(run.status).toBe('done')

    // After the audit: a measured score with five explained parts.
    await page.goto(url('/dashboard'))
    const breakdown = card.getByRole('list', { name: 'Score breakdown' })
    await breakdown.waitFor()
    if (SHOTS) {
      // Screenshots for review (not assertions): the dashboard as it opens, 1280 and 390 px wide.
      await mkdir(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
    }
    await card.getByRole('button', { name: 'Explain each part' }).click()
    const parts = await breakdown.getByRole('listitem').allTextContents()
    expect(parts.map((p) => p.split(/\d/)[0])).toEqual([
      'Website health',
      'Local signals on your website',
      'Backlinks',
      'Listings consistency',
      'Business profile',
    ])
    expect(parts[1]).toMatch(/local checks? failed/)
    const score = await card
      .getByRole('meter', { name: 'Local SEO Score' })
      .getAttribute('aria-valuenow')
    expect(Number(score)).toBeGreaterThan(0)
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/dashboard-explained-1280.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${SHOTS}/dashboard-explained-390.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
    }

    // A failed local check becomes a task once.
    await page.goto(url('/dashboard/audit'))
    await page.getByRole('button', { name: /Phone number is not tap-to-call/ }).click()
    await page
      .getByRole('button', { name: 'Add to my tasks: Phone number is not tap-to-call' })
      .click()
    await page.getByText('Added to your tasks.').waitFor()
    await page.reload()
    await page.getByRole('button', { name: /Phone number is not tap-to-call/ }).click()
    await page.getByText('Already in your tasks.').waitFor()
    await page.goto(url('/recommendations'))
    await page.getByText('Make your phone number tap-to-call').first().waitFor()

    expect(problems).toEqual([])
  })
})
