import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Location } from '@localseo/shared/business'
import type {
  AnalyticsData,
  GoogleConnections,
  SearchConsoleData,
} from '@localseo/shared/integrations'
import { activities } from '../../db/schema/activities.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { simulateAnalytics, simulateSearchConsole, type GoogleDataProvider } from './google-data.js'

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

interface Body {
  connections: GoogleConnections
  success: boolean
  message: string
  data: SearchConsoleData & AnalyticsData
  simulated: boolean
  period: { from: string; to: string; days: number }
  locations: Location[]
  error: { code: string; message: string }
}

const call = (method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<Body>(method, path, body, bearer)

async function setUpBusiness(bearer = token) {
  await call('PUT', '/api/business', businessInput, bearer)
  const { body } = await call(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
    bearer,
  )
  return body.locations[0]!.id
}

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
})
afterEach(() => t.close())

describe('connecting Google services', () => {
  test('a new user has no connections', async () => {
    expect((await call('GET', '/api/integrations')).body).toEqual({
      connections: { searchConsole: false, analytics: false },
      google: { status: 'simulated' },
    })
  })

  test('connecting returns the result text and is remembered on the server', async () => {
    const res = await call('POST', '/api/integrations/analytics/connect')
    expect(res.body).toEqual({
      success: true,
      message:
        'Simulated Google Analytics turned on: no Google sign-in took place, and its figures are samples worked out from your keyword estimates.',
      connections: { searchConsole: false, analytics: true },
    })
    expect((await call('GET', '/api/integrations')).body.connections).toEqual({
      searchConsole: false,
      analytics: true,
    })
  })

  test('a connection made with a business is written to the activity log', async () => {
    await setUpBusiness()
    await call('POST', '/api/integrations/search-console/connect')
    const log = await t.db.select().from(activities)
    expect(log.map((a) => a.message)).toContain('Connected Google Search Console')
  })

  test('a failed connection leaves the service disconnected and passes on the message', async () => {
    await t.close()
    const failing: GoogleDataProvider = {
      connect: () => Promise.resolve({ success: false, message: 'Google said no' }),
      searchConsole: () => Promise.reject(new Error('unused')),
      analytics: () => Promise.reject(new Error('unused')),
    }
    t = await createTestApp({ clock, google: failing })
    token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
    const res = await call('POST', '/api/integrations/search-console/connect')
    expect(res.body).toMatchObject({ success: false, message: 'Google said no' })
    expect(res.body.connections).toEqual({ searchConsole: false, analytics: false })
  })

  test('disconnecting clears the flag', async () => {
    await call('POST', '/api/integrations/analytics/connect')
    const res = await call('DELETE', '/api/integrations/analytics')
    expect(res.body.connections).toEqual({ searchConsole: false, analytics: false })
  })

  test('an unknown service is a 422', async () => {
    expect((await call('POST', '/api/integrations/facebook/connect')).status).toBe(422)
  })
})

describe('simulated Google data', () => {
  test('data needs the service connected first', async () => {
    await setUpBusiness()
    const res = await call('GET', '/api/integrations/analytics/data')
    expect(res.status).toBe(409)
    expect(res.body.error.message).toBe('Connect Google Analytics in Settings first.')
  })

  test('the same business, location and day always give the same figures', async () => {
    await setUpBusiness()
    await call('POST', '/api/integrations/search-console/connect')
    const a = await call('GET', '/api/integrations/search-console/data')
    const b = await call('GET', '/api/integrations/search-console/data?location=main')
    expect(a.status).toBe(200)
    expect(a.body).toEqual(b.body)
    expect(a.body.simulated).toBe(true)
    const data: SearchConsoleData = a.body.data
    expect(data.keywords).toHaveLength(5)
    expect(data.keywords.map((k) => k.query)).toContain('dentist austin')
    const { mobile, desktop, tablet } = data.devices
    expect(mobile + desktop + tablet).toBe(100)
  })

  test('a non-main location sees its own city first in the visitor map', async () => {
    const locationId = await setUpBusiness()
    await call('POST', '/api/integrations/analytics/connect')
    const res = await call('GET', `/api/integrations/analytics/data?location=${locationId}`)
    const data: AnalyticsData = res.body.data
    expect(data.locations[0]?.city).toBe('Round Rock')
    const { organic, direct, referral, social } = data.traffic
    expect(organic + direct + referral + social).toBe(100)
  })

  test('impressions are a share of the searches the planner estimates, over the last 28 days (issue 32 item 3)', async () => {
    await setUpBusiness()
    await call('POST', '/api/integrations/search-console/connect')
    const res = await call('GET', '/api/integrations/search-console/data')
    expect(res.body.period).toEqual({ from: '2026-02-10', to: '2026-03-09', days: 28 })
    const planned = await call('POST', '/api/planner/search', {})
    const volumes = new Map(
      (
        planned.body as unknown as { keywords: { keyword: string; volume: number | null }[] }
      ).keywords.map((k) => [k.keyword, k.volume]),
    )
    const rows = res.body.data.keywords
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const monthly = volumes.get(row.query)
      expect(monthly, row.query).toBeTypeOf('number')
      // 28 days of a monthly estimate is the most Google could have shown the website.
      expect(row.impressions, row.query).toBeLessThanOrEqual(Math.ceil((monthly! * 28 * 12) / 365))
      expect(row.clicks).toBeLessThanOrEqual(row.impressions)
    }
  })

  test('positions are the Rank Tracker simulation averaged over the period', () => {
    const request = {
      businessId: 'b1',
      cities: ['Austin'],
      location: { id: 'main', isMain: true, city: 'Austin', name: 'Main' } as never,
      day: '2026-03-10',
      period: { from: '2026-02-10', to: '2026-03-09', days: 28 },
    }
    const [row] = simulateSearchConsole({
      ...request,
      searches: [
        { query: 'dentist austin', monthlyVolume: 900, positions: Array<number>(28).fill(4) },
      ],
    }).keywords
    expect(row).toMatchObject({ query: 'dentist austin', position: 4 })
    expect(row!.impressions).toBeLessThanOrEqual(Math.ceil((900 * 28 * 12) / 365))
    // A search without an estimate, or never shown, is not in the report; visitors follow clicks.
    const none = {
      ...request,
      searches: [{ query: 'zz', monthlyVolume: null, positions: Array<number>(28).fill(4) }],
    }
    expect(simulateSearchConsole(none).keywords).toEqual([])
    expect(simulateAnalytics(none).visitors.total).toBe(0)
  })

  test("another owner's location id is a 404, never that owner's data", async () => {
    const locationId = await setUpBusiness()
    const intruder = (await signUp(t.app, { email: 'intruder@example.com' })).accessToken
    await setUpBusiness(intruder)
    await call('POST', '/api/integrations/analytics/connect', undefined, intruder)
    const res = await call(
      'GET',
      `/api/integrations/analytics/data?location=${locationId}`,
      undefined,
      intruder,
    )
    expect(res.status).toBe(404)
  })

  test('the figures change from one day to the next', async () => {
    await setUpBusiness()
    await call('POST', '/api/integrations/analytics/connect')
    const today = (await call('GET', '/api/integrations/analytics/data')).body
    clock.advance(86_400)
    const tomorrow = (await call('GET', '/api/integrations/analytics/data')).body
    expect(tomorrow).not.toEqual(today)
  })
})
