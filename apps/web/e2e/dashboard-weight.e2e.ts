// Issue 36 item 6: the dashboard's budgets (at most 125 KB of JavaScript on the wire, at most 12
// requests; docs/decisions/019-compressed-assets-and-preloading.md) held on the page an owner really
// gets, not only on the chunks budgets/page-budgets.test.ts assumes: signed in, a business with a
// website and two more locations, and an unread alert. Bytes and requests are counted from what
// Chromium received on a cold load (cache off), so they are the same on every machine; no timings.
import type { Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { journeySteps, url } from './browser'
import { callApiAs, scrollUntilShown, signUpWithBusiness, sunriseDental } from './journeys'
import { snap } from './screenshots'

/** The budgets of budgets/page-budgets.test.ts. */
const BUDGETS = { dashboardJsKb: 125, dashboardRequests: 12 }

interface Loaded {
  path: string
  type: string
  encoding: string
  bytes: number
}

/**
 * Opens the dashboard with the browser's cache cleared and off, and waits until it shows the
 * owner's business, the places' picker data and the bell's unread count, then for the network to be
 * idle (a chunk a component asks for after its first render is counted too).
 */
async function coldDashboard(page: Page): Promise<Loaded[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.clearBrowserCache')
  const finished: Promise<Loaded>[] = []
  const onRequest = (request: Request) => {
    finished.push(
      (async () => {
        const response = await request.response()
        const { responseBodySize } = await request.sizes()
        return {
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: (await response?.headerValue('content-encoding')) ?? 'none',
          bytes: responseBodySize,
        }
      })(),
    )
  }
  page.on('request', onRequest)
  try {
    await page.goto(url('/dashboard'), { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor()
    await page.getByText(sunriseDental.name).first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_000)
    return await Promise.all(finished)
  } finally {
    page.off('request', onRequest)
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
    await cdp.detach()
  }
}

describe("the dashboard a real owner gets stays within the page's budgets", () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'weight', website: 'https://sunrise-dental.test' })
    for (const city of ['Round Rock', 'Pflugerville']) {
      const added = await callApiAs(page, 'POST', '/api/business/locations', {
        name: `Sunrise Dental - ${city}`,
        address: '5 Main St',
        city,
        state: 'TX',
        zip: '78664',
      })
      if (added.status !== 201) throw new Error(`Adding a location answered ${added.status}`)
    }
    // An alert, as the app makes one: a listing that matched stops matching once the phone changes.
    const { profile } = (await callApiAs(page, 'GET', '/api/listings', undefined)).body as {
      profile: { name: string; address: string; phone: string }
    }
    const listing = await callApiAs(page, 'PUT', '/api/listings/records', {
      platform: 'Yelp',
      name: profile.name,
      address: profile.address,
      phone: profile.phone,
    })
    if (listing.status !== 200) throw new Error(`Adding a listing answered ${listing.status}`)
    const changed = await callApiAs(page, 'PUT', '/api/business', {
      ...sunriseDental,
      website: 'https://sunrise-dental.test',
      phone: '(512) 555-0123',
    })
    if (changed.status !== 200) throw new Error(`Saving the business answered ${changed.status}`)
    const alerts = await callApiAs(page, 'GET', '/api/alerts', undefined)
    const { unread } = alerts.body as { unread: number }
    if (!(unread > 0))
      throw new Error(`The owner has no unread alert: ${JSON.stringify(alerts.body)}`)
  })

  test('a cold load: at most 125 KB of brotli JavaScript in at most 12 requests', async () => {
    const { page } = browser()
    const loaded = await coldDashboard(page)
    const scripts = loaded.filter((entry) => entry.type === 'script')
    const jsKb = Math.round((scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024) * 10) / 10
    const what = loaded
      .map((entry) => `${entry.type} ${entry.path} ${entry.encoding} ${entry.bytes} B`)
      .join('\n')
    console.log(`dashboard: ${jsKb} KB of JavaScript, ${loaded.length} requests\n${what}`)
    // Every script comes compressed as the server sends it to a browser that accepts brotli.
    expect(
      scripts.map((s) => s.encoding).filter((e) => e !== 'br'),
      what,
    ).toEqual([])
    expect(jsKb, what).toBeLessThanOrEqual(BUDGETS.dashboardJsKb)
    expect(loaded.length, what).toBeLessThanOrEqual(BUDGETS.dashboardRequests)
  })

  test('the Business Profile card below the first screen loads as the owner scrolls to it', async () => {
    const { page } = browser()
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    const card = page.getByRole('region', { name: 'Google Business Profile' })
    expect(await card.count()).toBe(0)
    expect(asked.filter((path) => path.includes('performance'))).toEqual([])
    await scrollUntilShown(page, card)
    await card.getByRole('link', { name: 'Link this location in Settings' }).waitFor()
    expect(asked).toContain('/api/business-profile/performance')
    await snap(page, 'dashboard-weight-card', card)
  })
})
