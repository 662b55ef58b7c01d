// robots.txt per RFC 9309 and sitemap discovery, against fixture servers through the safe fetcher.
import { describe, expect, test } from 'vitest'
import { startFixtureServer } from '../../testing/fixture-server.js'
import { createAuditFetcher } from './audit-fetcher.js'
import { CRAWL_AGENT } from './crawl-result.js'
import { fetchRobots, parseRobots, validateRobotsTxt } from './robots.js'
import { collectSitemapUrls } from './sitemaps.js'

const plain = (body: string, status = 200) => ({
  status,
  body,
  headers: { 'content-type': 'text/plain' },
})
const xml = (body: string) => ({ body, headers: { 'content-type': 'application/xml' } })
const urlset = (...locs: string[]) =>
  xml(`<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`)
const index = (...locs: string[]) =>
  xml(
    `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`,
  )

/** A fresh server per case: robots.txt is per origin. */
async function robotsFor(route: Parameters<typeof startFixtureServer>[0]) {
  const server = await startFixtureServer(route)
  const own = createAuditFetcher({ allowHosts: [server.hostPort] })
  try {
    const robots = await fetchRobots(own, `${server.origin}/some/page`, CRAWL_AGENT)
    return { robots, origin: server.origin }
  } finally {
    await own.close()
    await server.close()
  }
}

describe('robots.txt status semantics (RFC 9309)', () => {
  test('2xx is parsed and its rules apply', async () => {
    const { robots, origin } = await robotsFor({
      '/robots.txt': plain('User-agent: *\nDisallow: /private\n'),
    })
    expect(robots.outcome).toBe('parsed')
    expect(robots.isAllowed(`${origin}/private/x`, CRAWL_AGENT)).toBe(false)
    expect(robots.isAllowed(`${origin}/public`, CRAWL_AGENT)).toBe(true)
    expect(robots.matchingLine(`${origin}/private/x`, 'Googlebot')).toBe(2)
  })

  test('a 4xx allows everything', async () => {
    const { robots, origin } = await robotsFor({
      '/robots.txt': plain('User-agent: *\nDisallow: /', 404),
    })
    expect(robots.outcome).toBe('missing')
    expect(robots.isAllowed(`${origin}/anything`, CRAWL_AGENT)).toBe(true)
  })

  test.each([429, 500, 503])('a %i disallows everything', async (status) => {
    const { robots, origin } = await robotsFor({ '/robots.txt': plain('', status) })
    expect(robots.outcome).toBe('unreachable')
    expect(robots.status).toBe(status)
    expect(robots.isAllowed(`${origin}/`, CRAWL_AGENT)).toBe(false)
  })

  test('a server that cannot be reached disallows everything', async () => {
    const server = await startFixtureServer({})
    const origin = server.origin
    const own = createAuditFetcher({ allowHosts: [server.hostPort] })
    await server.close()
    const robots = await fetchRobots(own, `${origin}/`, CRAWL_AGENT)
    await own.close()
    expect(robots.outcome).toBe('unreachable')
    expect(robots.failure).toBe('refused')
  })

  test('up to 5 redirects are followed; a redirect loop counts as no robots.txt', async () => {
    const hop = (to: string) => ({ status: 301, headers: { location: to } })
    const followed = await robotsFor({
      '/robots.txt': hop('/r1'),
      '/r1': hop('/r2'),
      '/r2': plain('User-agent: *\nDisallow: /x\n'),
    })
    expect(followed.robots.outcome).toBe('parsed')
    expect(followed.robots.isAllowed(`${followed.origin}/x`, CRAWL_AGENT)).toBe(false)
    const looped = await robotsFor({ '/robots.txt': hop('/loop'), '/loop': hop('/robots.txt') })
    expect(looped.robots.outcome).toBe('missing')
  })

  test('only the first 500 KiB are read', async () => {
    const padding = `# ${'x'.repeat(1000)}\n`.repeat(520)
    const { robots, origin } = await robotsFor({
      '/robots.txt': plain(`User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n`),
    })
    expect(robots.isAllowed(`${origin}/early`, CRAWL_AGENT)).toBe(false)
    expect(robots.isAllowed(`${origin}/late`, CRAWL_AGENT)).toBe(true)
  })
})

describe('robots.txt rules', () => {
  test('Crawl-delay is honoured up to 10 seconds', () => {
    const slow = parseRobots(
      'https://a.example/robots.txt',
      'User-agent: *\nCrawl-delay: 100\n',
      CRAWL_AGENT,
    )
    expect(slow.crawlDelayMs).toBe(10_000)
    const ours = parseRobots(
      'https://a.example/robots.txt',
      'User-agent: LocalSEO-AI\nCrawl-delay: 2\n\nUser-agent: *\nCrawl-delay: 5\n',
      CRAWL_AGENT,
    )
    expect(ours.crawlDelayMs).toBe(2_000)
  })

  test('a URL of another origin is never blocked by this file (robots-parser says undefined)', () => {
    const robots = parseRobots(
      'https://a.example/robots.txt',
      'User-agent: *\nDisallow: /\n',
      CRAWL_AGENT,
    )
    expect(robots.isAllowed('https://a.example/x', CRAWL_AGENT)).toBe(false)
    expect(robots.isAllowed('https://www.a.example/x', CRAWL_AGENT)).toBe(true)
    expect(robots.isAllowed('http://a.example/x', CRAWL_AGENT)).toBe(true)
  })

  test('Googlebot and * are evaluated separately', () => {
    const robots = parseRobots(
      'https://a.example/robots.txt',
      'User-agent: Googlebot\nDisallow: /no-google\n\nUser-agent: *\nDisallow: /no-one\n',
      CRAWL_AGENT,
    )
    expect(robots.isAllowed('https://a.example/no-google', 'Googlebot')).toBe(false)
    expect(robots.isAllowed('https://a.example/no-google', CRAWL_AGENT)).toBe(true)
    expect(robots.isAllowed('https://a.example/no-one', 'Googlebot')).toBe(true)
    expect(robots.isAllowed('https://a.example/no-one', CRAWL_AGENT)).toBe(false)
  })

  test('syntax: every line search engines cannot understand, and nothing else', () => {
    const errors = validateRobotsTxt(
      [
        'Disallow: /before',
        'User-agent: *',
        'Disallow:',
        'Allow: /ok$',
        'Allow: /bad$/x',
        'Sitemap: /relative.xml',
        'Sitemap: https://a.example/sitemap.xml',
        'User-agent:',
        'no colon here',
        'Crawl-delay: 5 # comment',
        'Content-Signal: search=yes',
      ].join('\n'),
    )
    expect(errors.map((e) => e.line)).toEqual([1, 5, 6, 8, 9])
    expect(validateRobotsTxt('')).toEqual([])
  })
})

describe('sitemaps', () => {
  test('robots.txt sitemaps first; relative <loc> values resolve; duplicates count once', async () => {
    const server = await startFixtureServer({
      '/s.xml': urlset('/a', '/b', '/a'),
      '/sitemap.xml': urlset('/never'),
    })
    const own = createAuditFetcher({ allowHosts: [server.hostPort] })
    const result = await collectSitemapUrls({
      fetcher: own,
      siteUrl: `${server.origin}/`,
      fromRobots: [`${server.origin}/s.xml`],
    })
    await own.close()
    await server.close()
    expect(result.urls).toEqual([`${server.origin}/a`, `${server.origin}/b`])
    expect(result.sitemaps).toEqual([{ url: `${server.origin}/s.xml`, status: 200, urls: 2 }])
  })

  test('without Sitemap lines: /sitemap.xml, then /sitemap_index.xml; none at all is no problem', async () => {
    const server = await startFixtureServer({
      '/sitemap_index.xml': index('/inner.xml'),
      '/inner.xml': urlset('/p'),
    })
    const own = createAuditFetcher({ allowHosts: [server.hostPort] })
    const found = await collectSitemapUrls({
      fetcher: own,
      siteUrl: `${server.origin}/`,
      fromRobots: [],
    })
    await own.close()
    await server.close()
    expect(found.urls).toEqual([`${server.origin}/p`])
    expect(found.sitemaps.map((r) => [new URL(r.url).pathname, r.problem])).toEqual([
      ['/sitemap_index.xml', undefined],
      ['/inner.xml', undefined],
    ])
    const empty = await startFixtureServer({})
    const emptyFetcher = createAuditFetcher({ allowHosts: [empty.hostPort] })
    const missing = await collectSitemapUrls({
      fetcher: emptyFetcher,
      siteUrl: `${empty.origin}/`,
      fromRobots: [],
    })
    await emptyFetcher.close()
    await empty.close()
    expect(missing).toEqual({ urls: [], sitemaps: [] })
  })

  test('indexes nest at most 3 deep and the URL cap holds', async () => {
    const server = await startFixtureServer({
      '/i1.xml': index('/i2.xml'),
      '/i2.xml': index('/i3.xml'),
      '/i3.xml': index('/i4.xml'),
      '/i4.xml': urlset('/deep'),
      '/big.xml': urlset('/1', '/2', '/3', '/4', '/5'),
    })
    const own = createAuditFetcher({ allowHosts: [server.hostPort] })
    const deep = await collectSitemapUrls({
      fetcher: own,
      siteUrl: server.origin,
      fromRobots: [`${server.origin}/i1.xml`],
    })
    const capped = await collectSitemapUrls({
      fetcher: own,
      siteUrl: server.origin,
      fromRobots: [`${server.origin}/big.xml`],
      maxUrls: 3,
    })
    await own.close()
    await server.close()
    expect(deep.urls).toEqual([])
    expect(deep.sitemaps.map((s) => s.problem)).toEqual([
      undefined,
      undefined,
      undefined,
      'too-deep',
    ])
    expect(capped.urls).toHaveLength(3)
    expect(capped.sitemaps[0]?.problem).toBe('url-cap')
  })
})
