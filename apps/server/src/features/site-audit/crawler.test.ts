// The crawler's bounds: budget, depth, watchdog, cancel, progress, connections per host, Crawl-delay,
// per-request time limit, same-site links only. Fixture sites on 127.0.0.1 through the safe fetcher.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { createSafeFetcher } from '../../net/safe-fetch.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { createAuditFetcher } from './audit-fetcher.js'
import { crawlSite, type CrawlOptions } from './crawler.js'
import { goodPage } from './fixtures/golden-pages.js'
import { dedupeKey, siteKey } from './urls.js'

let server: FixtureServer | undefined
let closeFetcher: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeFetcher?.()
  await server?.close()
  server = undefined
})

/** An endless site: every page links to three new pages (letters only, so no URL pattern caps). */
function endlessPage(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/'
  if (path === '/robots.txt' || path.includes('sitemap')) return res.writeHead(404).end()
  const base = path === '/' ? '/p' : path
  const links = ['a', 'b', 'c'].map((x) => `<a href="${base}${x}">Page ${base}${x}</a>`).join('')
  res.writeHead(200, { 'content-type': 'text/html' }).end(goodPage(`Page ${path}`, { body: links }))
}

async function crawl(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: Partial<Omit<CrawlOptions, 'fetcher'>> = {},
) {
  server = await startFixtureServer({}, { fallback: handler })
  const fetcher = createAuditFetcher({ allowHosts: [server.hostPort] })
  closeFetcher = () => fetcher.close()
  return crawlSite({
    fetcher,
    startUrls: [{ url: `${server.origin}/`, locationId: null }],
    ...options,
  })
}

const pageRequests = () =>
  (server?.requests ?? []).filter((r) => !r.path.includes('robots') && !r.path.includes('sitemap'))

describe('crawl bounds', () => {
  test('stops at the page budget and says so', async () => {
    const progress: number[] = []
    const result = await crawl(endlessPage, {
      budget: 25,
      onProgress: (p) => {
        expect(p.budget).toBe(25)
        progress.push(p.pagesCrawled)
      },
    })
    expect(result.pages).toHaveLength(25)
    expect(result.endReason).toBe('budget')
    expect(pageRequests()).toHaveLength(25)
    expect(progress).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  test('follows links no deeper than maxDepth', async () => {
    const result = await crawl(endlessPage, { maxDepth: 2 })
    expect(result.endReason).toBe('done')
    expect(Math.max(...result.pages.map((p) => p.depth))).toBe(2)
    expect(result.pages).toHaveLength(1 + 3 + 9)
  })

  test('the default depth is 5 and the default budget 200', async () => {
    const result = await crawl(endlessPage)
    expect(result.budget).toBe(200)
    expect(result.pages).toHaveLength(200)
    expect(Math.max(...result.pages.map((p) => p.depth))).toBeLessThanOrEqual(5)
  })

  test('the watchdog ends a slow crawl in time with partial results', async () => {
    const slow = (req: IncomingMessage, res: ServerResponse) => {
      setTimeout(() => endlessPage(req, res), 150)
    }
    const started = Date.now()
    const result = await crawl(slow, { watchdogMs: 800 })
    const elapsed = Date.now() - started
    expect(result.endReason).toBe('timeout')
    // Without the watchdog this crawl takes 30 s (200 pages, 150 ms each); the bounds hold on a
    // machine too busy to read more than the first page in time.
    expect(elapsed).toBeLessThan(800 + 1_000)
    expect(result.pages.length).toBeGreaterThanOrEqual(1)
    expect(result.pages.length).toBeLessThan(30)
  })

  test('a running crawl can be cancelled', async () => {
    const controller = new AbortController()
    const result = await crawl(endlessPage, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.pagesCrawled === 3) controller.abort()
      },
    })
    expect(result.endReason).toBe('cancelled')
    expect(result.pages.length).toBeGreaterThanOrEqual(3)
    expect(result.pages.length).toBeLessThanOrEqual(4)
  })

  test('at most 2 requests are in flight per host', async () => {
    let inFlight = 0
    let peak = 0
    const counted = (req: IncomingMessage, res: ServerResponse) => {
      inFlight++
      peak = Math.max(peak, inFlight)
      setTimeout(() => {
        inFlight--
        endlessPage(req, res)
      }, 20)
    }
    await crawl(counted, { budget: 20 })
    expect(peak).toBe(2)
  })

  test('Crawl-delay spaces requests out (one at a time)', async () => {
    const starts: number[] = []
    const delayed = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/robots.txt') {
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nCrawl-delay: 0.2\n')
      }
      if (!req.url?.includes('sitemap')) starts.push(Date.now())
      endlessPage(req, res)
    }
    const result = await crawl(delayed, { budget: 4 })
    expect(result.robots[0]?.crawlDelayMs).toBe(200)
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!)
    expect(gaps).toHaveLength(3)
    // The delay runs from each answer, which the site sent after it saw the request: every gap
    // the site sees is the whole delay, however busy the machine.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(200)
  })

  test('a page that does not answer in time is unreachable, and the crawl goes on', async () => {
    server = await startFixtureServer({
      '/': {
        body: goodPage('Home', { body: '<a href="/hang">Hangs</a><a href="/fine">Fine</a>' }),
      },
      '/hang': () => {},
      '/fine': { body: goodPage('Fine') },
    })
    const fetcher = createSafeFetcher({ allowHosts: [server.hostPort], timeoutMs: 300 })
    closeFetcher = () => fetcher.close()
    const result = await crawlSite({
      fetcher,
      startUrls: [{ url: `${server.origin}/`, locationId: null }],
      requestTimeoutMs: 300,
    })
    const hang = result.pages.find((p) => p.url.endsWith('/hang'))
    expect(hang?.failure).toBe('timeout')
    expect(result.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/fine', '/hang'])
  })

  test('a website the SSRF guard refuses is reported as not fetchable, and nothing reaches it', async () => {
    server = await startFixtureServer({ '/': { body: goodPage('Home') } })
    const fetcher = createAuditFetcher({ allowHosts: [] })
    closeFetcher = () => fetcher.close()
    const result = await crawlSite({
      fetcher,
      startUrls: [{ url: `${server.origin}/`, locationId: null }],
    })
    expect(result.pages.map((p) => p.failure)).toEqual(['blocked-address'])
    expect(result.robots[0]).toMatchObject({ outcome: 'unreachable', failure: 'blocked-address' })
    expect(server.hits()).toBe(0)
  })

  test('a start page that redirects to another domain is audited where it now lives', async () => {
    server = await startFixtureServer({
      '/home': { body: goodPage('Home', { body: '<a href="/about">About us</a>' }) },
      '/about': { body: goodPage('About') },
    })
    const moved = server.origin
    // The old address is "localhost", another site than 127.0.0.1 to the crawler.
    const old = await startFixtureServer({
      '/': { status: 301, headers: { location: `${moved}/home` } },
    })
    const fetcher = createAuditFetcher({ allowHosts: [server.hostPort, `localhost:${old.port}`] })
    closeFetcher = async () => {
      await fetcher.close()
      await old.close()
    }
    const result = await crawlSite({
      fetcher,
      startUrls: [{ url: `http://localhost:${old.port}/`, locationId: null }],
    })
    expect(result.pages.map((p) => p.finalUrl)).toEqual([`${moved}/home`, `${moved}/about`])
  })

  test('only same-site links are followed; www and apex are one site', async () => {
    const result = await crawl((req, res) => {
      if (req.url !== '/') return res.writeHead(404).end()
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<a href="https://example.org/x">Elsewhere</a><a href="/#top">Top</a><a href="/?b=2&a=1">Q</a><a href="/?a=1&b=2">Q again</a>',
        )
    })
    expect(result.pages.map((p) => new URL(p.url).pathname + new URL(p.url).search)).toEqual([
      '/',
      '/?b=2&a=1',
    ])
    expect(siteKey(new URL('https://www.brightsmile.co.uk/'))).toBe(
      siteKey(new URL('http://brightsmile.co.uk/x')),
    )
    expect(siteKey(new URL('https://evilbrightsmile.co.uk/'))).not.toBe(
      siteKey(new URL('https://brightsmile.co.uk/')),
    )
    expect(dedupeKey('https://a.example/p/?b=1&a=2#x')).toBe(
      dedupeKey('https://a.example/p/?a=2&b=1'),
    )
    expect(dedupeKey('https://a.example/p/')).not.toBe(dedupeKey('https://a.example/p'))
  })
})
