import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { dashboardResponseSchema } from '@localseo/shared/dashboard'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { keywords } from '../../db/schema/keywords.js'
import { insertKeyword } from '../../testing/keywords.js'
import { createAuditRun } from '../../testing/audit-runs.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { expectShape } from '../../testing/contract.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let owner: { accessToken: string; userId: string }
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

interface Dashboard {
  score: number | null
  measured: boolean
  scoreSource: { kind: string; at?: string } | null
  breakdown: { group: string; weight: number; score: number; explanation: string }[]
  scoreNote: string
  scoreAudit: { runId: string; finishedAt: string } | null
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
      measured: false,
      scoreSource: null,
      breakdown: [],
      scoreNote: '',
      scoreAudit: null,
      topKeywords: [],
      keywordsNotChecked: 0,
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
    for (const [i, position] of [12, 3, 27, 8, null].entries()) {
      await insertKeyword(t.db, {
        businessId: row!.id,
        keyword: `dentist ${i}`,
        positions: [position],
        now: clock.now(),
      })
    }

    const { body } = await call('GET', '/api/dashboard')
    expectShape(dashboardResponseSchema, body)
    expect(body.score).toBe(72)
    expect(body.measured).toBe(false)
    expect(body.scoreSource).toEqual({ kind: 'estimate' })
    expect(body.breakdown).toEqual([])
    expect(body.topKeywords.map((k) => k.position)).toEqual([3, 8, 12])
    expect(body.issues.map((i) => i.id)).toEqual([
      'website-missing',
      expect.stringMatching(/^location-phone-missing:loc_/),
      // The sample listings' differences, named as sample data (issue 32 item 8).
      'listings-sample-inconsistent',
    ])
    expect(body.recentActivity.map((a) => a.message)).toEqual([
      'Location added: Round Rock',
      'Business information saved',
    ])
  })

  test('a keyword about another business is never a top keyword, however well it ranks (issue 32 item 7)', async () => {
    await call('PUT', '/api/business', business)
    const [row] = await t.db.select().from(businesses)
    await t.db.delete(keywords)
    for (const [keyword, position] of [
      ['emergency plumber near me', 1],
      ['dentist austin', 4],
      ['dental implants', 9],
    ] as const) {
      await insertKeyword(t.db, {
        businessId: row!.id,
        keyword,
        positions: [position],
        now: clock.now(),
      })
    }
    const { body } = await call('GET', '/api/dashboard')
    expect(body.topKeywords.map((k) => k.keyword)).toEqual(['dentist austin', 'dental implants'])
  })

  test("another owner's dashboard never shows this owner's keywords or activity", async () => {
    await call('PUT', '/api/business', business)
    const [row] = await t.db.select().from(businesses)
    await insertKeyword(t.db, {
      businessId: row!.id,
      keyword: 'secret dentist',
      positions: [1],
      now: clock.now(),
    })
    const mine = (await call('GET', '/api/dashboard')).body.topKeywords
    expect(mine.map((k) => k.keyword)).toContain('secret dentist')
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...business, name: 'Other' }, other.accessToken)
    const { body } = await call('GET', '/api/dashboard', undefined, other.accessToken)
    expect(body.topKeywords.map((k) => k.keyword)).not.toContain('secret dentist')
    expect(body.recentActivity.map((a) => a.message)).toEqual(['Business information saved'])
  })
})

describe('the measured Local SEO Score (issue 11 item 5)', () => {
  async function ownerBusinessId(token = owner.accessToken) {
    await call(
      'PUT',
      '/api/business',
      { ...business, website: 'https://brightsmile.example' },
      token,
    )
    const rows = await t.db.select().from(businesses)
    return rows.at(-1)!.id
  }

  /** Four backlinks from three sites: 2 high, 1 medium, 1 low, 1 of them broken. */
  async function setBacklinks(businessId: string) {
    await t.db.delete(backlinks).where(eq(backlinks.businessId, businessId))
    await t.db.insert(backlinks).values(
      (
        [
          ['a.example', 'high', 'active'],
          ['b.example', 'high', 'active'],
          ['c.example', 'medium', 'broken'],
          ['c.example', 'low', 'active'],
        ] as const
      ).map(([domain, quality, status], i) => ({
        businessId,
        url: `https://${domain}/${i}`,
        domain,
        anchorText: 'Bright Smile Dental',
        linkType: 'dofollow' as const,
        quality,
        status,
        domainAuthority: 40,
        spamScore: 1,
      })),
    )
  }

  test('a running or failed audit keeps the fixed 72 until one has finished', async () => {
    const businessId = await ownerBusinessId()
    await createAuditRun(t.db, { businessId, status: 'failed' })
    await createAuditRun(t.db, {
      businessId,
      status: 'running',
      startedAt: new Date('2026-03-10T13:00:00Z'),
    })
    const { body } = await call('GET', '/api/dashboard')
    expect(body).toMatchObject({ score: 72, measured: false, breakdown: [], scoreAudit: null })
  })

  test('after an audit the score is measured from the audit, backlinks, listings and profile', async () => {
    const businessId = await ownerBusinessId()
    await setBacklinks(businessId)
    const run = await createAuditRun(t.db, {
      businessId,
      pages: ['https://brightsmile.example/', 'https://brightsmile.example/services'],
      unreadPages: 2,
      issues: [
        // 15 x (0.5 + 0.5 x 2/4) = 11.25; 30 x (0.5 + 0.5 x 1/4) = 18.75 -> website 70
        { checkId: 'title-missing', category: 'content', severity: 'alert', pageCount: 2 },
        { checkId: 'noindex', category: 'indexability', severity: 'critical', pageCount: 1 },
        // costs nothing
        { checkId: 'audit-blocked', category: 'indexability', severity: 'alert', pageCount: 2 },
        // 30 + 5 -> local 65
        { checkId: 'schema-nap-mismatch', category: 'local', severity: 'critical', pageCount: 1 },
        { checkId: 'map-missing', category: 'local', severity: 'warning', pageCount: 1 },
      ],
    })

    const { body } = await call('GET', '/api/dashboard')
    expect(body.measured).toBe(true)
    expect(body.scoreAudit).toEqual({ runId: run.id, finishedAt: '2026-03-10T12:01:00.000Z' })
    expect(body.scoreSource).toEqual({ kind: 'measured', at: '2026-03-10T12:01:00.000Z' })
    const parts = Object.fromEntries(body.breakdown.map((p) => [p.group, p]))
    expect(body.breakdown.map((p) => [p.group, p.weight])).toEqual([
      ['website', 23],
      ['local', 23],
      ['links', 33],
      ['citations', 9],
      ['profile', 12],
    ])
    expect(parts.website?.score).toBe(70)
    expect(parts.website?.explanation).toMatch(/^2 technical or content problems found/)
    expect(parts.local?.score).toBe(65)
    // 0.4 x (2 + 1/2)/4 + 0.4 x 3/10 + 0.2 x 3/4 = 0.52
    expect(parts.links?.score).toBe(52)
    expect(parts.links?.explanation).toMatch(/^4 backlinks from 3 websites: 50% high quality/)
    expect(parts.profile?.score).toBe(100)

    // The listings part is the Local Listings screen's own count (sample data here, and it says so).
    const listings = await call<{
      listings: { napConsistency: string }[]
      citations: { napConsistency: string }[]
    }>('GET', '/api/listings')
    const entries = [...listings.body.listings, ...listings.body.citations]
    const listed = entries.filter((e) => e.napConsistency !== 'n/a').length
    const consistent = entries.filter((e) => e.napConsistency === 'consistent').length
    expect(parts.citations?.score).toBe(Math.round((100 * consistent) / listed))
    expect(parts.citations?.explanation).toMatch(/Based on sample listings data/)

    const weighted =
      (18 * 70 + 18 * 65 + 26 * 52 + 7 * parts.citations!.score + 9 * 100) / (18 + 18 + 26 + 7 + 9)
    expect(body.score).toBe(Math.round(weighted))
  })

  test('the latest finished audit counts, and recorded listings replace the sample', async () => {
    const businessId = await ownerBusinessId()
    await createAuditRun(t.db, {
      businessId,
      issues: [{ checkId: 'tel-link-missing', category: 'local', severity: 'alert', pageCount: 1 }],
    })
    await createAuditRun(t.db, { businessId, startedAt: new Date('2026-03-11T12:00:00Z') })
    await call('PUT', '/api/listings/records', {
      platform: 'Yelp',
      name: business.name,
      address: '100 Congress Ave, Austin, TX 78701',
      phone: business.phone,
    })
    const { body } = await call('GET', '/api/dashboard')
    expect(body.breakdown.find((p) => p.group === 'local')?.score).toBe(100)
    expect(body.breakdown.find((p) => p.group === 'citations')?.explanation).toMatch(
      /Based on 1 listing you recorded; the other \d+ are sample data/,
    )
  })

  test('referring domains are counted from the running counts, up to 1000', async () => {
    const businessId = await ownerBusinessId()
    await t.db.delete(backlinks).where(eq(backlinks.businessId, businessId))
    await t.db.insert(backlinks).values(
      Array.from({ length: 1005 }, (_, i) => ({
        businessId,
        url: `https://site-${i}.example/`,
        domain: `site-${i}.example`,
        anchorText: 'Bright Smile Dental',
        linkType: 'dofollow' as const,
        quality: 'high' as const,
        domainAuthority: 40,
        spamScore: 1,
      })),
    )
    await createAuditRun(t.db, { businessId })
    const { body } = await call('GET', '/api/dashboard')
    const links = body.breakdown.find((p) => p.group === 'links')
    expect(links?.explanation).toMatch(/^1005 backlinks from 1000\+ websites: 100% high quality/)
    expect(links?.score).toBe(100)
  })

  test("another owner's audit never measures this owner's score", async () => {
    const businessId = await ownerBusinessId()
    await createAuditRun(t.db, { businessId })
    expect((await call('GET', '/api/dashboard')).body.measured).toBe(true)
    const other = await signUp(t.app, { email: 'other@example.com' })
    await ownerBusinessId(other.accessToken)
    const { body } = await call('GET', '/api/dashboard', undefined, other.accessToken)
    expect(body).toMatchObject({ score: 72, measured: false, breakdown: [] })
  })
})
