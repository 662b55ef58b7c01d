// Where an audit starts (issue 11 item 1): the website and each location's page, the latter read
// against that location's profile; and what it refuses to start from (security-tests.md §1f): a
// private or local address, or another port than 80/443, is 422 url_not_allowed and never fetched.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businesses, locations } from '../../db/schema/business.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { createTestApp, stubDns, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { auditStartUrls } from './audit-runs.js'
import { BUSINESS, localBusinessJsonLd, localPage } from './fixtures/golden-pages.js'

const ROUND_ROCK = {
  name: 'Bright Smile Dental Round Rock',
  address: '5 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
  country: 'US',
  phone: '(512) 555-0142',
}

interface RunBody {
  run: { id: string; status: string; startUrls: string[] }
  issues: { id: string; pages: { url: string; detail?: string }[] }[]
  pages: { url: string }[]
  error?: { code: string; message: string }
}

let t: TestApp
let token: string
const call = <T = RunBody>(method: string, path: string, body?: unknown) =>
  apiCaller(t.app, () => token)<T & { error?: { code: string; message: string } }>(
    method,
    path,
    body,
  )

/** The run once the queue has run every audit sent. */
async function finishedRun(id: string): Promise<RunBody> {
  await t.deps.jobs.whenIdle()
  const res = await call('GET', `/api/site-audit/runs/${id}`)
  expect(res.body.run.status).not.toBe('running')
  return res.body
}

describe('auditStartUrls', () => {
  const business = {
    ...BUSINESS,
    country: 'US',
    timeZone: 'America/Chicago',
    services: [],
    id: 'b1',
    website: 'example.com',
    locations: [
      { ...ROUND_ROCK, id: 'loc_1', businessId: 'b1', pageUrl: '' },
      {
        ...ROUND_ROCK,
        id: 'loc_2',
        businessId: 'b1',
        pageUrl: 'https://example.com/round-rock',
      },
    ],
  }

  test('the website first, then each location with a page, tagged with its id', () => {
    expect(auditStartUrls(business)).toEqual([
      { url: 'https://example.com/', locationId: null },
      { url: 'https://example.com/round-rock', locationId: 'loc_2' },
    ])
  })

  test('no website, no audit; an address with another scheme keeps it (and is refused later)', () => {
    expect(auditStartUrls({ ...business, website: ' ' })).toEqual([])
    expect(auditStartUrls({ ...business, website: 'file:///etc/passwd', locations: [] })).toEqual([
      { url: 'file:///etc/passwd', locationId: null },
    ])
    expect(
      auditStartUrls({ ...business, website: 'example.com:8080/x', locations: [] })[0]?.url,
    ).toBe('https://example.com:8080/x')
  })
})

describe('location pages', () => {
  let site: FixtureServer
  let pages: Record<string, string> = {}

  beforeAll(async () => {
    site = await startFixtureServer(
      {},
      {
        fallback: (req, res) => {
          const html = pages[req.url ?? '/']
          if (html === undefined) return res.writeHead(404).end()
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
        },
      },
    )
  })
  afterAll(() => site.close())
  beforeEach(async () => {
    t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: site.hostPort }, jobs: true })
    token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
    await call('PUT', '/api/business', { ...businessInput, website: site.origin })
  })
  afterEach(async () => {
    await t.deps.jobs.whenIdle()
    await t.close()
  })

  test("a location's page URL is crawled and read against that location's profile", async () => {
    // The home page does not link the branch page: only its page URL leads the crawl there. Its
    // markup carries the main phone, which is wrong for this branch.
    pages = {
      '/': localPage(BUSINESS),
      '/round-rock': localPage(ROUND_ROCK, {
        schema: localBusinessJsonLd(ROUND_ROCK, { telephone: BUSINESS.phone }),
      }),
    }
    const added = await call<{ locations: { id: string }[] }>('POST', '/api/business/locations', {
      ...ROUND_ROCK,
    })
    const locationId = added.body.locations[0]!.id

    const before = await call('POST', '/api/site-audit/runs')
    const unseen = await finishedRun(before.body.run.id)
    expect(unseen.issues.find((i) => i.id === 'location-page-missing')?.pages).toEqual([
      {
        url: site.origin,
        detail: `${ROUND_ROCK.name}: no page shows 5 Main St, Round Rock, TX 78664`,
      },
    ])

    await call('PATCH', `/api/business/locations/${locationId}`, {
      pageUrl: `${site.origin}/round-rock`,
    })
    const started = await call('POST', '/api/site-audit/runs')
    expect(started.status).toBe(202)
    const done = await finishedRun(started.body.run.id)
    expect(done.run.startUrls).toEqual([`${site.origin}/`, `${site.origin}/round-rock`])
    expect(done.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/round-rock'])
    const ids = done.issues.map((i) => i.id)
    expect(ids).not.toContain('location-page-missing')
    expect(done.issues.find((i) => i.id === 'schema-nap-mismatch')?.pages).toEqual([
      { url: `${site.origin}/round-rock`, detail: expect.stringMatching(/phone/i) as string },
    ])
  })
})

describe('refused start addresses (security-tests §1f)', () => {
  let canary: FixtureServer
  let P: number

  beforeAll(async () => {
    canary = await startFixtureServer({}, { fallback: { body: 'canary' }, alsoIpv6: true })
    P = canary.port
  })
  afterAll(async () => {
    // The point of the whole block: nothing here ever reached the canary.
    expect(canary.hits()).toBe(0)
    await canary.close()
  })
  beforeEach(async () => {
    // FETCH_ALLOW_HOSTS names another port: the canary's stays refused.
    t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1:1' }, jobs: true })
    token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
    await call('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
  })
  afterEach(async () => {
    await t.deps.jobs.whenIdle()
    await t.close()
  })

  const targets = () => [
    `http://127.0.0.1:${P}`,
    `http://127.1:${P}`,
    `http://2130706433:${P}`,
    `http://0x7f000001:${P}`,
    `http://0177.0.0.1:${P}`,
    `http://0.0.0.0:${P}`,
    `http://[::1]:${P}`,
    `http://[::ffff:127.0.0.1]:${P}`,
    `http://[::ffff:7f00:1]:${P}`,
    `http://[::127.0.0.1]:${P}`,
    `http://[::7f00:1]:${P}`,
    'http://[::7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    `http://localhost:${P}`,
    `http://LOCALHOST.:${P}`,
    `http://user@127.0.0.1:${P}`,
    'http://169.254.169.254/',
    'http://[fd00::1]/',
    'http://100.64.0.1/',
    'http://metadata.google.internal/',
    'http://localhost./',
    'http://printer.local/',
    'http://nas.home.arpa/',
    'file:///etc/passwd',
    `gopher://127.0.0.1:${P}/`,
    'data:,x',
    'ftp://example.com/',
    `http://127.0.0.1:${P}/\r\nHost: evil`,
    `http://127.0.0.1:${P}/${'a'.repeat(10_000)}`,
    `https://example.com/${'a'.repeat(10_000)}`,
    'https://example.com:8443/',
  ]

  const runCount = async () => (await t.db.select().from(siteAuditRuns)).length

  test('each one as the website: 422 url_not_allowed, no run stored, nothing fetched', async () => {
    for (const target of targets()) {
      // Written straight to the row: the refusal must not depend on the Settings form's checks.
      await t.db.update(businesses).set({ website: target })
      const res = await call('POST', '/api/site-audit/runs')
      expect([res.status, res.body.error?.code], target).toEqual([422, 'url_not_allowed'])
      expect(res.body.error?.message).toMatch(/^Your website \(.*\) cannot be audited: /)
    }
    expect(await runCount()).toBe(0)
  })

  test('each one as a location page URL: 422 url_not_allowed, no run stored', async () => {
    await call('POST', '/api/business/locations', { ...ROUND_ROCK })
    for (const target of targets()) {
      await t.db.update(locations).set({ pageUrl: target })
      const res = await call('POST', '/api/site-audit/runs')
      expect([res.status, res.body.error?.code], target).toEqual([422, 'url_not_allowed'])
      expect(res.body.error?.message).toMatch(/^A location page URL \(.*\) cannot be audited: /)
    }
    expect(await runCount()).toBe(0)
  })

  test('through Settings, each one is refused when saved or when the audit starts', async () => {
    for (const target of targets()) {
      const saved = await call('PUT', '/api/business', { ...businessInput, website: target })
      const started = await call('POST', '/api/site-audit/runs')
      if (saved.status === 200) {
        expect([started.status, started.body.error?.code], target).toEqual([422, 'url_not_allowed'])
      } else {
        expect(saved.status, target).toBe(422)
      }
    }
    expect(await runCount()).toBe(0)
  })

  test('a website or location page whose name resolves to a private address is refused at start', async () => {
    const app = await createTestApp({
      env: { FETCH_ALLOW_HOSTS: '127.0.0.1:1' },
      resolve: stubDns({
        'intranet.brightsmile.example': ['10.0.0.5'],
        'branch.brightsmile.example': ['93.184.216.34', '::ffff:127.0.0.1'],
      }),
    })
    try {
      const owner = (await signUp(app.app, { email: 'dns@example.com' })).accessToken
      const as = apiCaller(app.app, () => owner)<RunBody & { error?: { code: string } }>
      await as('PUT', '/api/business', {
        ...businessInput,
        website: 'https://intranet.brightsmile.example',
      })
      const website = await as('POST', '/api/site-audit/runs')
      expect([website.status, website.body.error?.code]).toEqual([422, 'url_not_allowed'])
      expect(website.body.error?.message).toMatch(/^Your website \(/)

      // A website that does not resolve passes; the branch page resolving to loopback does not.
      await as('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
      await as('POST', '/api/business/locations', {
        ...ROUND_ROCK,
        pageUrl: 'https://branch.brightsmile.example/round-rock',
      })
      const page = await as('POST', '/api/site-audit/runs')
      expect([page.status, page.body.error?.code]).toEqual([422, 'url_not_allowed'])
      expect(page.body.error?.message).toMatch(/^A location page URL \(/)
      expect(await app.db.select().from(siteAuditRuns)).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  test('a host named in FETCH_ALLOW_HOSTS is audited although it is on loopback', async () => {
    const allowed = await startFixtureServer({ '/': { body: localPage(BUSINESS) } })
    const app = await createTestApp({ env: { FETCH_ALLOW_HOSTS: allowed.hostPort }, jobs: true })
    try {
      const owner = (await signUp(app.app, { email: 'intranet@example.com' })).accessToken
      const as = apiCaller(app.app, () => owner)
      await as('PUT', '/api/business', { ...businessInput, website: allowed.origin })
      const res = await as<RunBody>('POST', '/api/site-audit/runs')
      expect(res.status).toBe(202)
      await app.deps.jobs.whenIdle()
      expect(allowed.hits()).toBeGreaterThan(0)
    } finally {
      await app.close()
      await allowed.close()
    }
  })
})
