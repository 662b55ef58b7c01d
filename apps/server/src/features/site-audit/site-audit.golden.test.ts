// Golden fixture sites on 127.0.0.1, crawled through the SSRF-safe fetcher: each case asserts the
// exact issues the audit reports (issue 11 item 7).
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { AUDIT_NOW, profileWith, runAudit, text, xml } from './fixtures/audit-harness.js'
import {
  BUSINESS,
  DIRECTIONS_LINK,
  goodPage,
  localBusinessJsonLd,
  localPage,
} from './fixtures/golden-pages.js'
import {
  FAILING_HEADERS,
  failingPage,
  MIXED_LANGUAGE_FLAGGED,
  mixedLanguagePage,
  passingPage,
} from './fixtures/seo-cases.js'

const ALLOW_ALL = text('User-agent: *\nDisallow:\n')
const home = (links: string) => localPage(BUSINESS, { extraBody: links })
const MISSING_MAIN = 'Bright Smile Dental: no page shows 100 Congress Ave, Austin, TX 78701'

describe('golden pages', () => {
  test('a passing site reports nothing but the plain-http fixture server', async () => {
    const { summary, crawl } = await runAudit((origin) => ({
      '/robots.txt': ALLOW_ALL,
      '/': home('<a href="/seo/">Teeth whitening in Austin</a>'),
      '/seo/': {
        body: passingPage(origin),
        headers: { link: `<${origin}/seo/>; rel="canonical"` },
      },
      '/seo/prices': goodPage('Whitening prices'),
      '/seo/faq': goodPage('Whitening questions'),
    }))
    expect(crawl.endReason).toBe('done')
    expect(summary).toEqual({ 'not-https': ['/', '/seo/', '/seo/faq', '/seo/prices'] })
  })

  test('a failing page reports each of its problems exactly', async () => {
    const { summary } = await runAudit({
      '/': { body: failingPage(), headers: FAILING_HEADERS },
    })
    expect(summary).toEqual({
      noindex: ['/ — <meta name="robots" content="nofollow, NOINDEX, all">; X-Robots-Tag: none'],
      'canonical-conflict': ['/ — https://example.com/other, https://example.com/'],
      // 4 from the head, 1 from the Link header; body links are never read.
      'hreflang-invalid': [
        '/ — " x-default" is not a language code',
        '/ — "/example.html" is not a full URL',
        '/ — "xx" is not a language code',
        '/ — "xx" is not a language code',
        '/ — no href',
      ],
      'not-https': ['/'],
      'title-missing': ['/ — no <title>'],
      'meta-description-missing': ['/ — no meta description'],
      'h1-missing': ['/'],
      'image-alt-missing': ['/ — 1 image: /no-alt.png'],
      'generic-link-text': [
        '/ — "CLICK THIS" → https://example.org/three',
        '/ — "click this" → https://example.org/one',
        '/ — "click this" → https://example.org/svg',
        '/ — "click this" → https://example.org/two',
        '/ — "klicke hier" → https://example.org/de',
      ],
      // The anchor whose parent has the handler, and <a id> without href, are not reported.
      'uncrawlable-anchors': [
        '/ — <a href="javascript:void(0)">Menu</a>',
        `/ — <a onclick="window.open('https://example.org/popup')">Open our offer</a>`,
        '/ — <a onmousedown="go()">Next page</a>',
      ],
      'thin-content': ['/ — 23 words'],
      'viewport-missing': ['/'],
      'lang-missing': ['/'],
      'local-schema-missing': ['/'],
      'nap-not-visible': ['/ — not found: name, address, phone'],
      'tel-link-missing': ['/ — no tel: link'],
      'map-missing': ['/'],
      'city-category-missing': [
        '/ — title lacks the city "Austin"; title lacks a service such as "dentist"; H1 lacks the city "Austin"; H1 lacks a service such as "dentist"',
      ],
      'location-page-missing': [`/ — ${MISSING_MAIN}`],
    })
  })

  test('a 403 page is a broken page and nothing on it is checked', async () => {
    const { summary } = await runAudit({
      '/robots.txt': ALLOW_ALL,
      '/': { status: 403, body: failingPage(), headers: FAILING_HEADERS },
    })
    expect(summary).toEqual({
      'broken-page': ['/ — HTTP 403'],
      'location-page-missing': [`/ — ${MISSING_MAIN}`],
    })
  })
})

describe("the owner's services (issue 15 item 5)", () => {
  const profile = {
    ...profileWith(),
    name: 'Lopez Plumbing',
    category: 'Home Services',
    services: ['Plumbing'],
  }

  test("title and H1 are checked for the owner's services, not the category's other trades", async () => {
    const other = await runAudit(
      { '/robots.txt': ALLOW_ALL, '/': goodPage('Electrician in Austin') },
      { profile },
    )
    expect(other.summary['city-category-missing']).toEqual([
      '/ — title lacks a service such as "plumber"; H1 lacks a service such as "plumber"',
    ])
    const own = await runAudit(
      { '/robots.txt': ALLOW_ALL, '/': goodPage('Plumbing in Austin') },
      { profile },
    )
    expect(own.summary['city-category-missing']).toBeUndefined()
  })
})

describe("the words of the place's country (issue 32 items 6 and 7)", () => {
  const base = profileWith()
  const profile = {
    ...base,
    name: 'Harbourside Legal',
    category: 'Legal Services',
    places: base.places.map((place) => ({ ...place, country: 'GB' })),
  }

  test('a UK law firm is asked for a solicitor in its title and H1, and a lawyer still counts', async () => {
    const other = await runAudit(
      { '/robots.txt': ALLOW_ALL, '/': goodPage('Electrician in Austin') },
      { profile },
    )
    expect(other.summary['city-category-missing']).toEqual([
      '/ — title lacks a service such as "solicitor"; H1 lacks a service such as "solicitor"',
    ])
    for (const topic of ['Solicitor in Austin', 'Lawyer in Austin']) {
      const own = await runAudit({ '/robots.txt': ALLOW_ALL, '/': goodPage(topic) }, { profile })
      expect(own.summary['city-category-missing'], topic).toBeUndefined()
    }
  })
})

describe('golden sites', () => {
  test('links in mixed languages are judged in their own language', async () => {
    const { summary } = await runAudit(
      {
        '/robots.txt': ALLOW_ALL,
        '/': home('<a href="/mixed">Our languages</a>'),
        '/mixed': mixedLanguagePage(),
      },
      // Every other page of this site is a good page.
      {
        fallback: () => (req, res) => {
          if (req.url?.includes('sitemap')) return res.writeHead(404).end()
          const path = (req.url ?? '/').replace(/[^a-z]/g, ' ')
          res.writeHead(200, { 'content-type': 'text/html' }).end(goodPage(`Language page ${path}`))
        },
      },
    )
    expect(summary['generic-link-text']?.map((line) => /"(.*)"/.exec(line)?.[1])).toEqual(
      [...MIXED_LANGUAGE_FLAGGED].sort(),
    )
    expect(Object.keys(summary).sort()).toEqual([
      'generic-link-text',
      'h1-missing',
      'meta-description-missing',
      'not-https',
      'thin-content',
      'viewport-missing',
    ])
    expect(summary['h1-missing']).toEqual(['/mixed'])
  })

  const ROUND_ROCK = {
    id: 'loc_rr',
    name: 'Bright Smile Dental - Round Rock',
    address: '5 Main St',
    city: 'Round Rock',
    state: 'TX',
    zip: '78664',
    phone: '(512) 555-0110',
  }
  const CEDAR_PARK = {
    ...ROUND_ROCK,
    id: 'loc_cp',
    name: 'Bright Smile Dental - Cedar Park',
    address: '200 Bell Blvd',
    city: 'Cedar Park',
    zip: '78613',
    phone: '(512) 555-0120',
  }
  const PFLUGERVILLE = {
    ...ROUND_ROCK,
    id: 'loc_pf',
    name: 'Bright Smile Dental - Pflugerville',
    address: '300 Pecan St',
    city: 'Pflugerville',
    zip: '78660',
    phone: '(512) 555-0130',
  }
  const GEORGETOWN = {
    ...ROUND_ROCK,
    id: 'loc_gt',
    name: 'Bright Smile Dental - Georgetown',
    address: '400 Austin Ave',
    city: 'Georgetown',
    zip: '78626',
    phone: '(512) 555-0140',
  }

  test('local pages: correct schema, wrong phone in schema, no visible NAP, near copies, a missing page', async () => {
    const { summary } = await runAudit(
      {
        '/robots.txt': ALLOW_ALL,
        '/': home(
          '<a href="/round-rock">Round Rock office</a><a href="/cedar-park">Cedar Park office</a><a href="/pflugerville">Pflugerville office</a>',
        ),
        '/round-rock': localPage(ROUND_ROCK, {
          schema: localBusinessJsonLd(ROUND_ROCK, { telephone: '(512) 555-0199' }),
          map: DIRECTIONS_LINK,
          text: 'branch',
        }),
        '/pflugerville': localPage(PFLUGERVILLE, { map: DIRECTIONS_LINK, text: 'branch' }),
        '/cedar-park': localPage(CEDAR_PARK, {
          footer: `<footer><p>${BUSINESS.name}</p></footer>`,
        }),
      },
      {
        start: [
          ['/', null],
          ['/round-rock', ROUND_ROCK.id],
          ['/cedar-park', CEDAR_PARK.id],
          ['/pflugerville', PFLUGERVILLE.id],
        ],
        profile: profileWith([ROUND_ROCK, CEDAR_PARK, PFLUGERVILLE, GEORGETOWN]),
      },
    )
    expect(summary).toEqual({
      'not-https': ['/', '/cedar-park', '/pflugerville', '/round-rock'],
      'schema-nap-mismatch': [
        '/round-rock — Phone differs: (512) 555-0199 on your page markup vs (512) 555-0110 in your profile',
      ],
      'nap-not-visible': ['/cedar-park — not found: address, phone'],
      'tel-link-missing': ['/cedar-park — no tel: link'],
      'location-page-missing': [
        '/ — Bright Smile Dental - Cedar Park: no page shows 200 Bell Blvd, Cedar Park, TX 78613',
        '/ — Bright Smile Dental - Georgetown: no page shows 400 Austin Ave, Georgetown, TX 78626',
      ],
      'location-pages-duplicate': [
        expect.stringMatching(/^\/pflugerville — \d+% the same as \/round-rock$/),
        expect.stringMatching(/^\/round-rock — \d+% the same as \/pflugerville$/),
      ],
    })
  })

  test('schema NAP is checked on every crawled page with LocalBusiness markup, naming the differing value', async () => {
    const { summary } = await runAudit({
      '/robots.txt': ALLOW_ALL,
      '/': home('<a href="/about">About our practice</a><a href="/team">Our team</a>'),
      // Not a start page: its footer markup has an old phone number.
      '/about': goodPage('About our practice', {
        head: localBusinessJsonLd(BUSINESS, { telephone: '(512) 555-0999' }),
      }),
      // Correct markup on another page: nothing to report.
      '/team': goodPage('Our team', { head: localBusinessJsonLd(BUSINESS) }),
    })
    expect(summary['schema-nap-mismatch']).toEqual([
      '/about — Phone differs: (512) 555-0999 on your page markup vs (512) 555-0100 in your profile',
    ])
  })

  test('robots.txt: syntax errors, a blocked page and a blocked location page', async () => {
    const robots = [
      'Allow: /early',
      'User-agent: *',
      'Disallow: /private',
      'Disalow: /typo',
      'Disallow: private-no-slash',
      '',
      'User-agent: LocalSEO-AI',
      'Disallow: /private',
      'Disallow: /not-for-auditors',
    ].join('\n')
    const { summary, server } = await runAudit(
      {
        '/robots.txt': text(robots),
        '/': home(
          '<a href="/private/page">Private</a><a href="/typo">Typo page</a><a href="/not-for-auditors">Ours</a>',
        ),
        '/typo': goodPage('Typo page'),
        '/private/page': goodPage('Private page'),
      },
      {
        start: [
          ['/', null],
          ['/private/branch', ROUND_ROCK.id],
        ],
        profile: profileWith([ROUND_ROCK]),
      },
    )
    expect(summary).toEqual({
      'robots-blocks-key-page': ['/private/branch — robots.txt line 3'],
      'robots-txt-invalid': [
        '/robots.txt — line 1: "Allow: /early" (This rule comes before any User-agent line.)',
        '/robots.txt — line 4: "Disalow: /typo" (Unknown directive "disalow".)',
        '/robots.txt — line 5: "Disallow: private-no-slash" (The rule must be empty or start with "/" or "*".)',
      ],
      'not-https': ['/', '/typo'],
      'location-page-missing': [
        '/ — Bright Smile Dental - Round Rock: no page shows 5 Main St, Round Rock, TX 78664',
      ],
      'robots-blocks-pages': ['/private/page — robots.txt line 3'],
      // Googlebot may crawl it (the * group does not apply to our own group): only we were refused.
      'audit-blocked': ['/not-for-auditors — robots.txt forbids our auditor (robots.txt line 9)'],
    })
    expect(server.requests.map((r) => r.path)).not.toContain('/private/page')
  })

  test('a 5xx robots.txt disallows the whole site: nothing is crawled', async () => {
    const { summary, crawl, server } = await runAudit({
      '/robots.txt': { status: 500, body: 'oops' },
      '/': home(''),
    })
    expect(summary).toEqual({
      'robots-txt-unreachable': ['/robots.txt — HTTP 500'],
      'location-page-missing': [`/ — ${MISSING_MAIN}`],
    })
    expect(crawl.pages).toEqual([])
    expect(server.requests.map((r) => r.path)).toEqual(['/robots.txt'])
  })

  test('a sitemap index that lists itself is read once and reported', async () => {
    const { summary, crawl } = await runAudit((origin) => ({
      '/robots.txt': text(`User-agent: *\nDisallow:\nSitemap: ${origin}/sitemap-index.xml\n`),
      '/': home(''),
      '/sitemap-index.xml': xml(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-index.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
      ),
      '/sitemap-pages.xml': xml(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/from-sitemap-a</loc></url><url><loc>/from-sitemap-b</loc></url></urlset>`,
      ),
      '/from-sitemap-a': goodPage('Sitemap page A'),
      '/from-sitemap-b': goodPage('Sitemap page B'),
    }))
    expect(summary).toEqual({
      'not-https': ['/', '/from-sitemap-a', '/from-sitemap-b'],
      'sitemap-problem': ['/sitemap-index.xml — lists itself'],
    })
    expect(crawl.sitemapUrls).toBe(3)
  })

  test('a gzip bomb sitemap stops at 50 MB; a gzip bomb page stops at 5 MB', async () => {
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('<urlset>'), Buffer.alloc(60 * 1024 * 1024, ' ')]),
    )
    const pageBomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, ' '))
    const { summary } = await runAudit((origin) => ({
      '/robots.txt': text(`User-agent: *\nDisallow:\nSitemap: ${origin}/bomb.xml.gz\n`),
      '/': home('<a href="/big">A big page</a>'),
      '/bomb.xml.gz': { body: bomb, headers: { 'content-type': 'application/gzip' } },
      '/big': {
        body: pageBomb,
        headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' },
      },
    }))
    expect(bomb.length).toBeLessThan(200_000)
    expect(summary).toEqual({
      'not-https': ['/'],
      'page-too-large': ['/big'],
      'sitemap-problem': ['/bomb.xml.gz — is larger than 50 MB (gzip included)'],
    })
  })

  test('a calendar with endless "next month" links is cut off as a trap', async () => {
    const { summary, crawl } = await runAudit(
      { '/robots.txt': ALLOW_ALL, '/': home('<a href="/calendar/2026-01">Events calendar</a>') },
      {
        fallback: () => (req, res) => {
          const match = /^\/calendar\/(\d{4})-(\d{2})$/.exec(req.url ?? '')
          if (!match) return res.writeHead(404).end()
          const month = Number(match[1]) * 12 + Number(match[2])
          const next = `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`
          const body = goodPage(`Events in ${match[1]}-${match[2]}`, {
            body: `<a href="/calendar/${next}">Events next month</a>`,
          })
          res.writeHead(200, { 'content-type': 'text/html' }).end(body)
        },
        // Deep enough that the URL pattern, not the depth limit, is what stops it.
        crawl: { maxDepth: 50 },
      },
    )
    expect(crawl.pages).toHaveLength(11)
    expect(crawl.endReason).toBe('done')
    expect(Object.keys(summary).sort()).toEqual(['crawl-trap', 'not-https'])
    expect(summary['crawl-trap']).toEqual(['/calendar/2026-11 — 1 more link like this skipped'])
    expect(summary['not-https']).toHaveLength(11)
  })

  test('a redirect loop and a redirect chain', async () => {
    const hop = (location: string) => ({ status: 302, headers: { location } })
    const { summary } = await runAudit({
      '/robots.txt': ALLOW_ALL,
      '/': home(
        '<a href="/loop-a">Loop</a><a href="/old">Old page</a><a href="/moved">Moved once</a>',
      ),
      '/loop-a': hop('/loop-b'),
      '/loop-b': hop('/loop-a'),
      '/old': hop('/older'),
      '/older': hop('/new'),
      '/new': goodPage('New page'),
      '/moved': hop('/moved-here'),
      '/moved-here': goodPage('Moved page'),
    })
    expect(summary).toEqual({
      'redirect-loop': ['/loop-a — redirects in a loop'],
      'redirect-chain': ['/old — 2 redirects: /old → /older → /new'],
      'not-https': ['/', '/moved-here', '/new'],
    })
  })

  test('429, 503 and bot walls are "audit blocked", never broken; a JS shell needs JavaScript', async () => {
    const { summary, server } = await runAudit({
      '/robots.txt': ALLOW_ALL,
      '/': home(
        '<a href="/limited">A</a><a href="/busy">B</a><a href="/wall">C</a><a href="/app">D</a>',
      ),
      '/limited': { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' },
      '/busy': { status: 503, body: 'maintenance' },
      '/wall': {
        status: 403,
        headers: { 'cf-mitigated': 'challenge' },
        body: '<title>Just a moment...</title>',
      },
      '/app':
        '<html lang="en"><head><title>Booking app</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
    })
    expect(summary).toEqual({
      'audit-blocked': [
        '/busy — server busy (503)',
        '/limited — too many requests (429)',
        '/wall — bot protection page',
      ],
      'needs-javascript': ['/app'],
      'not-https': ['/', '/app'],
    })
    // Each 429 and 503 was tried three times (two retries with backoff) before giving up.
    expect(server.requests.filter((r) => r.path === '/limited')).toHaveLength(3)
    expect(server.requests.filter((r) => r.path === '/busy')).toHaveLength(3)
  })
})

test('checks run on the time given', () => {
  expect(AUDIT_NOW.toISOString()).toBe('2026-11-22T12:00:00.000Z')
})
