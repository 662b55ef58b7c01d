import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  backlinkSchema,
  type Backlink,
  type BacklinkPage,
  type BacklinkSummary,
} from '@localseo/shared/backlinks'
import { activities } from '../../db/schema/activities.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { createTestApp, createTestClock, stubDns, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { expectShape } from '../../testing/contract.js'
import { seedBacklinks, type SeedRow } from '../../testing/backlink-owners.js'
import { businessInput, locationInput } from '../../testing/factories.js'

type ErrorBody = { error?: { code: string; message: string; issues?: { message: string }[] } }

let t: TestApp
let token: string
let businessId: string
let locationId: string
const NOW = new Date('2026-03-10T15:00:00Z')
const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY)
const clock = createTestClock(NOW)

const call = <T>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<T & ErrorBody>(method, path, body, bearer)

async function setUp(bearer: string) {
  await call('PUT', '/api/business', businessInput, bearer)
  const res = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
    bearer,
  )
  return res.body.locations[0]!.id
}

/** Known rows straight into the table, replacing the 3 first-run samples. */
const seed = (rows: SeedRow[]) => seedBacklinks(t, businessId, rows, NOW)

beforeEach(async () => {
  clock.set(NOW)
  t = await createTestApp({ clock })
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
  locationId = await setUp(token)
  const [business] = await t.db.select({ id: businesses.id }).from(businesses)
  businessId = business!.id
})
afterEach(() => t.close())

describe('adding a backlink (docs/product.md §5)', () => {
  test('prepends https://, strips www. for the domain, defaults anchor and type, and is Not rated with no figures', async () => {
    const res = await call<Backlink>('POST', '/api/backlinks', {
      url: 'www.austinnews.com/best',
      // The owner cannot set a quality: it is measured (issue 32 item 4).
      quality: 'high',
    })
    expect(res.status).toBe(201)
    expectShape(backlinkSchema, res.body)
    expect(res.body).toMatchObject({
      url: 'https://www.austinnews.com/best',
      domain: 'austinnews.com',
      anchorText: 'austinnews.com',
      linkType: 'dofollow',
      quality: 'unrated',
      qualityBasis: {
        ratedAt: null,
        reasons: ['Not rated: not checked yet. Verify it to rate it.'],
      },
      metrics: null,
      status: 'active',
      isLocationSpecific: false,
      locationId: null,
      firstSeen: NOW.toISOString(),
    })
    const [stored] = await t.db.select().from(backlinks).where(eq(backlinks.id, res.body.id))
    // No made-up domain authority or spam score is stored (issue 32 item 4).
    expect([stored?.domainAuthority, stored?.spamScore]).toEqual([null, null])
    const log = await t.db.select().from(activities).where(eq(activities.kind, 'backlink_added'))
    expect(log.map((a) => a.message)).toEqual(['Backlink added from austinnews.com'])
  })

  test('the same page twice is refused with a clear message; totals stay true (issue 15 item 6)', async () => {
    await seed([])
    const first = await call<Backlink>('POST', '/api/backlinks', {
      url: 'https://www.news.example/best/',
    })
    expect(first.status).toBe(201)
    for (const again of [
      'https://www.news.example/best/',
      'http://news.example/best',
      'NEWS.example/best#reviews',
      'https://www.news.example/best',
    ]) {
      const res = await call('POST', '/api/backlinks', { url: again })
      expect(res.status, again).toBe(409)
      expect(res.body.error).toEqual({
        code: 'conflict',
        message: 'This backlink is already in your list.',
      })
    }
    // Another page of the same site, or the same path with another query, is another backlink.
    expect((await call('POST', '/api/backlinks', { url: 'news.example/best?page=2' })).status).toBe(
      201,
    )
    expect((await call('POST', '/api/backlinks', { url: 'news.example/other' })).status).toBe(201)
    const summary = await call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(summary.body.total).toBe(3)
  })

  test('two adds of the same page at once: one is stored, the other refused', async () => {
    await seed([])
    const results = await Promise.all(
      [1, 2].map(() => call('POST', '/api/backlinks', { url: 'https://race.example/page' })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    const rows = await t.db.select().from(backlinks).where(eq(backlinks.businessId, businessId))
    expect(rows).toHaveLength(1)
  })

  test('a non-main location makes it location-specific; a foreign location is a 404', async () => {
    const res = await call<Backlink>('POST', '/api/backlinks', {
      url: 'roundrockblog.com',
      anchorText: 'Dentist in Round Rock',
      linkType: 'nofollow',
      location: locationId,
    })
    expect(res.body).toMatchObject({
      isLocationSpecific: true,
      locationId,
      anchorText: 'Dentist in Round Rock',
      linkType: 'nofollow',
      quality: 'unrated',
    })
    expect((await call('POST', '/api/backlinks', { url: 'a.com', location: 'nope' })).status).toBe(
      404,
    )
  })

  test.each(['not a url', 'javascript:alert(1)', '', 'ftp://example.com'])(
    'refuses %j with the exact message and writes nothing',
    async (url) => {
      const before = await t.db.select().from(backlinks)
      const res = await call('POST', '/api/backlinks', { url })
      expect(res.status).toBe(422)
      expect(res.body.error?.issues?.[0]?.message).toBe('Invalid URL. Please enter a valid URL.')
      expect(await t.db.select().from(backlinks)).toHaveLength(before.length)
    },
  )

  test('refuses over-long fields and unknown enums', async () => {
    expect(
      (await call('POST', '/api/backlinks', { url: 'a.com', anchorText: 'x'.repeat(301) })).status,
    ).toBe(422)
    expect((await call('POST', '/api/backlinks', { url: 'a.com', linkType: 'great' })).status).toBe(
      422,
    )
    expect(
      (await call('POST', '/api/backlinks', { url: `a.com/${'x'.repeat(2000)}` })).status,
    ).toBe(422)
  })

  // security-tests §1f: what Verify must never fetch is refused when it is submitted.
  test.each([
    'http://127.0.0.1:8080/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
    'http://100.64.0.1/',
    'http://10.0.0.7/',
    'http://192.168.1.1/admin',
    'http://app.localhost/',
    'https://example.com:8443/page',
    // IPv4-compatible and NAT64 spellings of private IPv4 (issue 14 item 6).
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::a9fe:a9fe]/latest/meta-data/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b::10.0.0.7]/',
    // Names that are private whatever DNS says.
    'http://localhost./',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://nas.home.arpa/',
  ])('refuses %s as url_not_allowed and stores nothing', async (url) => {
    const before = await t.db.select().from(backlinks)
    const res = await call('POST', '/api/backlinks', { url })
    expect(res.status).toBe(422)
    expect(res.body.error?.code).toBe('url_not_allowed')
    expect(await t.db.select().from(backlinks)).toHaveLength(before.length)
  })

  test('a name that resolves to a private address is refused; unresolvable and public names are kept', async () => {
    const dns = stubDns({
      'intranet.example.com': ['10.0.0.5'],
      'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
      'v6.example.com': ['::ffff:192.168.1.1'],
      'partner.example.com': ['93.184.216.34', '2606:4700:4700::1111'],
    })
    const app = await createTestApp({ clock, resolve: dns })
    try {
      const owner = (await signUp(app.app, { email: 'dns@example.com' })).accessToken
      const as = apiCaller(app.app, () => owner)<Backlink & ErrorBody>
      await as('PUT', '/api/business', businessInput)
      for (const url of [
        'https://intranet.example.com/',
        'http://rebind.example.com/links',
        'v6.example.com/page',
      ]) {
        const res = await as('POST', '/api/backlinks', { url })
        expect([res.status, res.body.error?.code], url).toEqual([422, 'url_not_allowed'])
      }
      expect((await as('POST', '/api/backlinks', { url: 'partner.example.com/a' })).status).toBe(
        201,
      )
      // Down or not registered yet: saved, and Verify checks the address when it connects.
      expect((await as('POST', '/api/backlinks', { url: 'new-site.example/' })).status).toBe(201)
    } finally {
      await app.close()
    }
  })

  test('a host named in FETCH_ALLOW_HOSTS may be added (test fixtures, intranet sites)', async () => {
    const allowed = await createTestApp({ clock, env: { FETCH_ALLOW_HOSTS: '127.0.0.1:8080' } })
    const owner = (await signUp(allowed.app, { email: 'intranet@example.com' })).accessToken
    await apiCaller(allowed.app, () => owner)('PUT', '/api/business', businessInput)
    const res = await apiCaller(allowed.app, () => owner)('POST', '/api/backlinks', {
      url: 'http://127.0.0.1:8080/partners',
    })
    expect(res.status).toBe(201)
    await allowed.close()
  })
})

describe('listing backlinks', () => {
  beforeEach(() =>
    seed([
      { domain: 'austinchamber.org', quality: 'high', firstSeen: daysAgo(2) },
      { domain: 'yelp.com', linkType: 'nofollow', quality: 'high', firstSeen: daysAgo(60) },
      { domain: 'dentalguide.com', quality: 'low', firstSeen: daysAgo(120) },
      { domain: 'oldblog.net', firstSeen: daysAgo(300), status: 'broken' },
      { domain: 'ancient.org', firstSeen: daysAgo(500), locationId, isLocationSpecific: true },
    ]),
  )

  const domains = async (query: string) => {
    const res = await call<BacklinkPage>('GET', `/api/backlinks${query}`)
    expect(res.status).toBe(200)
    return res.body.items.map((b) => b.domain)
  }

  test('main lists all, newest created first; a location lists its own', async () => {
    const res = await call<BacklinkPage>('GET', '/api/backlinks')
    expect(res.body).toMatchObject({ page: 1, pageSize: 20, total: 5 })
    expect(res.body.items.map((b) => b.domain)).toEqual([
      'austinchamber.org',
      'yelp.com',
      'dentalguide.com',
      'oldblog.net',
      'ancient.org',
    ])
    expect(await domains(`?location=${locationId}`)).toEqual(['ancient.org'])
    expect(await domains('?location=main')).toHaveLength(5)
  })

  test('filters by domain text, type and quality', async () => {
    expect(await domains('?domain=CHAMBER')).toEqual(['austinchamber.org'])
    expect(await domains('?domain=.org')).toEqual(['austinchamber.org', 'ancient.org'])
    expect(await domains('?domain=%25')).toEqual([])
    expect(await domains('?type=nofollow')).toEqual(['yelp.com'])
    expect(await domains('?quality=low')).toEqual(['dentalguide.com'])
    expect(await domains('?quality=high&type=dofollow')).toEqual(['austinchamber.org'])
  })

  test('the time range filters by first seen, against the clock', async () => {
    expect(await domains('?timeRange=30d')).toEqual(['austinchamber.org'])
    expect(await domains('?timeRange=90d')).toHaveLength(2)
    expect(await domains('?timeRange=6m')).toHaveLength(3)
    expect(await domains('?timeRange=1y')).toHaveLength(4)
    expect(await domains('?timeRange=all')).toHaveLength(5)
    // First seen, not created: moving first seen back 31 days takes a link out of '30d'.
    await t.db
      .update(backlinks)
      .set({ firstSeen: daysAgo(31) })
      .where(eq(backlinks.domain, 'austinchamber.org'))
    expect(await domains('?timeRange=30d')).toEqual([])
  })

  test('paginates with bounds on page and page size', async () => {
    const second = await call<BacklinkPage>('GET', '/api/backlinks?page=2&pageSize=2')
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 5 })
    expect(second.body.items.map((b) => b.domain)).toEqual(['dentalguide.com', 'oldblog.net'])
    expect((await call<BacklinkPage>('GET', '/api/backlinks?page=9')).body.items).toEqual([])
    for (const bad of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'page=x',
      'type=ugc',
      'timeRange=2y',
    ]) {
      expect((await call('GET', `/api/backlinks?${bad}`)).status).toBe(422)
    }
  })
})

describe('GET /api/backlinks/summary', () => {
  test('counts, percentages, top domains and anchors, growth and quality from known rows', async () => {
    await seed([
      { domain: 'a.com', quality: 'high', anchorText: 'dentist', firstSeen: daysAgo(1) },
      { domain: 'a.com', quality: 'high', anchorText: 'dentist', firstSeen: daysAgo(40) },
      { domain: 'a.com', linkType: 'nofollow', anchorText: 'smile', firstSeen: daysAgo(100) },
      { domain: 'b.com', quality: 'low', status: 'broken', firstSeen: daysAgo(200) },
      ...['c', 'd', 'e', 'f', 'g'].map((d) => ({ domain: `${d}.com`, firstSeen: daysAgo(400) })),
      { domain: 'b.com', locationId, isLocationSpecific: true, firstSeen: daysAgo(10) },
    ])
    const res = await call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      total: 10,
      dofollow: 9,
      nofollow: 1,
      highQuality: 2,
      highQualityPercent: 20,
      broken: 1,
      topDomains: [
        { domain: 'a.com', count: 3 },
        { domain: 'b.com', count: 2 },
        { domain: 'c.com', count: 1 },
        { domain: 'd.com', count: 1 },
        { domain: 'e.com', count: 1 },
      ],
      topAnchors: [
        { anchorText: 'dentist', count: 2 },
        { anchorText: 'b.com', count: 2 },
        { anchorText: 'c.com', count: 1 },
        { anchorText: 'd.com', count: 1 },
        { anchorText: 'e.com', count: 1 },
      ].sort((x, y) => y.count - x.count || x.anchorText.localeCompare(y.anchorText)),
      growth: { last30Days: 2, last90Days: 3, last180Days: 4 },
      qualityDistribution: { high: 2, medium: 7, low: 1, unrated: 0 },
      metricsProvider: null,
    })
    const branch = await call<BacklinkSummary>(
      'GET',
      `/api/backlinks/summary?location=${locationId}`,
    )
    expect(branch.body).toMatchObject({
      total: 1,
      highQualityPercent: 0,
      topDomains: [{ domain: 'b.com', count: 1 }],
    })
  })

  test('an empty business answers zeros', async () => {
    await seed([])
    const res = await call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(res.body).toMatchObject({
      total: 0,
      highQualityPercent: 0,
      topDomains: [],
      topAnchors: [],
    })
  })
})

describe('changing status and deleting', () => {
  test('marks broken and active again, then deletes', async () => {
    const added = await call<Backlink>('POST', '/api/backlinks', { url: 'a.com' })
    const broken = await call<Backlink>('PATCH', `/api/backlinks/${added.body.id}`, {
      status: 'broken',
    })
    expect(broken.body.status).toBe('broken')
    expect((await call<BacklinkSummary>('GET', '/api/backlinks/summary')).body.broken).toBe(1)
    const active = await call<Backlink>('PATCH', `/api/backlinks/${added.body.id}`, {
      status: 'active',
    })
    expect(active.body.status).toBe('active')
    expect(
      (await call('PATCH', `/api/backlinks/${added.body.id}`, { status: 'gone' })).status,
    ).toBe(422)
    const del = await t.app.request(`/api/backlinks/${added.body.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(del.status).toBe(204)
    expect((await call('DELETE', `/api/backlinks/${added.body.id}`)).status).toBe(404)
    expect((await call('DELETE', '/api/backlinks/not-a-uuid')).status).toBe(404)
  })

  test('needs a business and a session', async () => {
    const fresh = (await signUp(t.app, { email: 'new@example.com' })).accessToken
    expect((await call('GET', '/api/backlinks', undefined, fresh)).status).toBe(404)
    expect((await t.app.request('/api/backlinks')).status).toBe(401)
  })
})

describe('tenant isolation', () => {
  test("another owner cannot see, change or delete this owner's backlinks or use its location", async () => {
    const added = await call<Backlink>('POST', '/api/backlinks', {
      url: 'secret.com',
      location: locationId,
    })
    const before = await t.db.select().from(backlinks).orderBy(backlinks.id)
    const intruder = (await signUp(t.app, { email: 'intruder@example.com' })).accessToken
    await setUp(intruder)
    const id = added.body.id
    expect(
      (await call('PATCH', `/api/backlinks/${id}`, { status: 'broken' }, intruder)).status,
    ).toBe(404)
    expect((await call('DELETE', `/api/backlinks/${id}`, undefined, intruder)).status).toBe(404)
    expect(
      (await call('GET', `/api/backlinks?location=${locationId}`, undefined, intruder)).status,
    ).toBe(404)
    expect(
      (await call('GET', `/api/backlinks/summary?location=${locationId}`, undefined, intruder))
        .status,
    ).toBe(404)
    expect(
      (await call('POST', '/api/backlinks', { url: 'x.com', location: locationId }, intruder))
        .status,
    ).toBe(404)
    const list = await call<BacklinkPage>('GET', '/api/backlinks?pageSize=100', undefined, intruder)
    expect(list.body.items.some((b) => b.domain === 'secret.com' || b.id === id)).toBe(false)
    const summary = await call<BacklinkSummary>(
      'GET',
      '/api/backlinks/summary',
      undefined,
      intruder,
    )
    expect(summary.body.topDomains.some((d) => d.domain === 'secret.com')).toBe(false)
    const after = await t.db
      .select()
      .from(backlinks)
      .where(eq(backlinks.businessId, businessId))
      .orderBy(backlinks.id)
    expect(after).toEqual(before)
  })
})
