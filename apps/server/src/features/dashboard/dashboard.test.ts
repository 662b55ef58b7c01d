import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { businesses, keywords } from '../../db/schema/app.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let owner: { accessToken: string; userId: string }
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

interface Dashboard {
  score: number | null
  topKeywords: { keyword: string; position: number }[]
  issues: { id: string; severity: string }[]
  recentActivity: { message: string }[]
}

const call = <T = Dashboard>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

const business = businessInput

beforeEach(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
})
afterEach(() => t.close())

describe('GET /api/dashboard', () => {
  test('needs a signed-in user', async () => {
    expect((await t.app.request('/api/dashboard')).status).toBe(401)
  })

  test('without a business there is no score and nothing to show', async () => {
    expect((await call('GET', '/api/dashboard')).body).toEqual({
      score: null,
      topKeywords: [],
      issues: [],
      recentActivity: [],
    })
  })

  test('with a business: score 72, the three best keywords, real issues and activity newest first', async () => {
    await call('PUT', '/api/business', business)
    clock.advance(60)
    await call('POST', '/api/business/locations', {
      name: 'Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
    })
    const [row] = await t.db.select().from(businesses)
    await t.db.delete(keywords) // the first-run keywords; this test sets its own
    await t.db.insert(keywords).values(
      [12, 3, 27, 8, null].map((position, i) => ({
        businessId: row!.id,
        keyword: `keyword ${i}`,
        position,
        searchVolume: 100,
      })),
    )

    const { body } = await call('GET', '/api/dashboard')
    expect(body.score).toBe(72)
    expect(body.topKeywords.map((k) => k.position)).toEqual([3, 8, 12])
    expect(body.issues.map((i) => i.id)).toEqual([
      'website-missing',
      expect.stringMatching(/^location-phone-missing:loc_/),
    ])
    expect(body.recentActivity.map((a) => a.message)).toEqual([
      'Location added: Round Rock',
      'Business information saved',
    ])
  })

  test("another owner's dashboard never shows this owner's keywords or activity", async () => {
    await call('PUT', '/api/business', business)
    const [row] = await t.db.select().from(businesses)
    await t.db.insert(keywords).values({ businessId: row!.id, keyword: 'secret', position: 1 })
    expect((await call('GET', '/api/dashboard')).body.topKeywords[0]?.keyword).toBe('secret')
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...business, name: 'Other' }, other.accessToken)
    const { body } = await call('GET', '/api/dashboard', undefined, other.accessToken)
    expect(body.topKeywords.map((k) => k.keyword)).not.toContain('secret')
    expect(body.recentActivity.map((a) => a.message)).toEqual(['Business information saved'])
  })
})
