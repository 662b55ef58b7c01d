// The backlink data provider (issue 32 item 4, ADR 032): DataForSEO Backlinks' summary of the
// referring domain, asked when a link is checked, against a fake on 127.0.0.1 that answers as
// DataForSEO documents. Without the provider no domain figure exists anywhere.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Backlink, BacklinkSummary } from '@localseo/shared/backlinks'
import { backlinks } from '../../db/schema/backlinks.js'
import { createSafeFetcher, type SafeFetcher } from '../../net/safe-fetch.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { createOwner, seedBacklinks } from '../../testing/backlink-owners.js'
import {
  startFakeDataForSeoBacklinks,
  type FakeDataForSeoBacklinks,
} from '../../testing/fake-dataforseo-backlinks.js'
import { page, startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { BacklinkDataFailure, domainSummary } from './dataforseo-backlinks.js'

const LOGIN = 'fake-login-user'
const PASSWORD = 'password-0123456789'
const NOW = new Date('2026-03-10T15:00:00Z')

let fake: FakeDataForSeoBacklinks
let site: FixtureServer
let fetcher: SafeFetcher

beforeAll(async () => {
  fake = await startFakeDataForSeoBacklinks({ login: LOGIN, password: PASSWORD })
  site = await startFixtureServer({
    '/partners': page(
      '<!doctype html><html><head><title>Partners</title></head><body><h1>Partners</h1>' +
        `<p>${'Our partners in Austin. '.repeat(10)}</p>` +
        '<p><a href="https://brightsmile.example/">Bright Smile</a></p></body></html>',
    ),
  })
  fetcher = createSafeFetcher({
    allowHosts: [site.hostPort],
    resolve: (hostname, _options, callback) =>
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []),
  })
})
afterAll(async () => {
  await fetcher.close()
  await Promise.all([fake.close(), site.close()])
})

const options = (overrides: Partial<Parameters<typeof domainSummary>[0]> = {}) => ({
  baseUrl: fake.origin,
  login: LOGIN,
  password: PASSWORD,
  timeoutMs: 2_000,
  ...overrides,
})

describe('the DataForSEO Backlinks adapter', () => {
  test('asks the summary of the domain on the 0-100 scale and reads rank and the target spam score', async () => {
    fake.requests.length = 0
    expect(await domainSummary(options(), 'yelp.com')).toEqual({ domainRank: 71, spamScore: 3 })
    expect(fake.requests).toEqual([
      {
        path: '/v3/backlinks/summary/live',
        credentials: `${LOGIN}:${PASSWORD}`,
        body: [{ target: 'yelp.com', include_subdomains: true, rank_scale: 'one_hundred' }],
      },
    ])
    expect(await domainSummary(options(), 'spammy-links.example')).toEqual({
      domainRank: 9,
      spamScore: 58,
    })
  })

  test.each([
    ['credits.example', /could not bill the account \(HTTP 402\)/],
    ['busy.example', /too many requests were made at once \(HTTP 429\)/],
    ['broken.example', /had an error \(HTTP 500\)/],
    ['garbled.example', /not JSON/],
  ])('%s is a failure with a reason, never a figure', async (domain, reason) => {
    await expect(domainSummary(options(), domain)).rejects.toThrow(reason)
  })

  test('a wrong login and a silent server fail without the credentials in the reason', async () => {
    const refused = domainSummary(options({ password: 'wrong-secret-9876' }), 'yelp.com')
    await expect(refused).rejects.toThrow(/refused the login \(HTTP 401\)/)
    await expect(refused).rejects.not.toThrow(/wrong-secret-9876/)
    const slow = domainSummary(options({ timeoutMs: 200 }), 'slow.example')
    await expect(slow).rejects.toBeInstanceOf(BacklinkDataFailure)
    await expect(slow).rejects.toThrow('DataForSEO did not answer within 0.2 s.')
  })
})

describe('domain figures on the Backlink Monitor', () => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof createOwner>>
  const clock = createTestClock(NOW)

  const start = async (env: Record<string, string>) => {
    t = await createTestApp({ clock, fetcher, env })
    owner = await createOwner(t, { email: 'owner@example.com' })
    await seedBacklinks(t, owner.businessId, [
      { domain: '127.0.0.1', url: `${site.origin}/partners`, quality: 'unrated' },
    ])
    const [row] = await t.db
      .select({ id: backlinks.id })
      .from(backlinks)
      .where(eq(backlinks.businessId, owner.businessId))
    return row!.id
  }
  beforeEach(() => {
    clock.set(NOW)
    fake.requests.length = 0
  })
  afterEach(() => t.close())

  test('with the provider, a check stores the rank and spam score with the source and date, once a month', async () => {
    const id = await start({
      BACKLINK_DATA_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: LOGIN,
      DATAFORSEO_PASSWORD: PASSWORD,
      DATAFORSEO_URL: fake.origin,
    })
    const summary = await owner.call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(summary.body.metricsProvider).toBe('DataForSEO')
    const checked = await owner.call<Backlink>('POST', `/api/backlinks/${id}/verify`)
    expect(checked.status).toBe(200)
    expect(checked.body.metrics).toEqual({
      domainRank: 24,
      spamScore: 6,
      source: 'DataForSEO',
      checkedAt: NOW.toISOString(),
    })
    expect(checked.body.qualityBasis?.reasons).toContain('Domain rank 24/100 (DataForSEO).')
    expect(fake.requests.map((r) => r.body[0]?.target)).toEqual(['127.0.0.1'])

    const csv = await t.app.request('/api/backlinks/export', {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(await csv.text()).toContain(',24,6,"DataForSEO, 2026-03-10",')

    // A second check within the month uses the stored figures.
    clock.set(new Date(NOW.getTime() + 2 * 60_000))
    expect((await owner.call('POST', `/api/backlinks/${id}/verify`)).status).toBe(200)
    expect(fake.requests).toHaveLength(1)
  })

  test('a failing provider stores nothing and the check goes on', async () => {
    const id = await start({
      BACKLINK_DATA_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: LOGIN,
      DATAFORSEO_PASSWORD: 'not-the-password',
      DATAFORSEO_URL: fake.origin,
    })
    const checked = await owner.call<Backlink>('POST', `/api/backlinks/${id}/verify`)
    expect(checked.body).toMatchObject({ status: 'active', metrics: null })
    const [row] = await t.db.select().from(backlinks).where(eq(backlinks.id, id))
    expect([row?.domainAuthority, row?.spamScore, row?.metricsSource]).toEqual([null, null, null])
  })

  test('without a provider nothing is asked and no figure exists, in the API or the CSV', async () => {
    const id = await start({ DATAFORSEO_URL: fake.origin })
    const summary = await owner.call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(summary.body.metricsProvider).toBeNull()
    const checked = await owner.call<Backlink>('POST', `/api/backlinks/${id}/verify`)
    expect(checked.body.metrics).toBeNull()
    expect(fake.requests).toHaveLength(0)
    const csv = await t.app.request('/api/backlinks/export', {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(await csv.text()).toContain(',,,None: no backlink data provider is configured,')
  })
})
