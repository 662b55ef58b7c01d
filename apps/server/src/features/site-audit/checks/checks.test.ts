// The checks as pure functions over crawl results built by hand (no network).
import { describe, expect, test } from 'vitest'
import type { CrawledPage, CrawlResult } from '../crawl-result.js'
import { extractPageFacts } from '../html.js'
import { runChecks } from './run-checks.js'
import { isValidHreflang } from './indexability.js'
import { characters } from './content.js'
import { profileWith } from '../fixtures/audit-harness.js'

const NOW = new Date('2026-11-22T12:00:00Z')

function pageOf(path: string, html: string, extra: Partial<CrawledPage> = {}): CrawledPage {
  const url = `https://brightsmile.example${path}`
  return {
    url,
    finalUrl: url,
    depth: 1,
    status: 200,
    redirects: [],
    truncated: false,
    startFor: [],
    facts: extractPageFacts(Buffer.from(html), { url, contentType: 'text/html; charset=utf-8' }),
    ...extra,
  }
}

function crawlOf(pages: CrawledPage[]): CrawlResult {
  return {
    startUrls: [],
    pages,
    robots: [],
    robotsBlocked: [],
    sitemaps: [],
    sitemapUrls: 0,
    traps: [],
    endReason: 'done',
    budget: 200,
    durationMs: 0,
  }
}

const idsFor = (pages: CrawledPage[], only: string[]) =>
  Object.fromEntries(
    runChecks(crawlOf(pages), profileWith(), NOW)
      .filter((i) => only.includes(i.id))
      .map((i) => [
        i.id,
        i.pages.map((p) => `${new URL(p.url).pathname}${p.detail ? ` — ${p.detail}` : ''}`),
      ]),
  )

describe('noindex', () => {
  test('meta for robots or Googlebot, X-Robots-Tag for all or googlebot, a past unavailable_after', () => {
    const meta = (name: string, content: string) =>
      `<html><head><meta name="${name}" content="${content}"></head></html>`
    const result = idsFor(
      [
        pageOf('/generic', meta('robots', 'noindex')),
        pageOf('/google', meta('Googlebot', 'none')),
        pageOf('/bing-only', meta('bingbot', 'noindex')),
        pageOf('/nofollow-only', meta('robots', 'nofollow')),
        pageOf('/expired', meta('robots', 'unavailable_after: 2025-01-01')),
        pageOf('/future', meta('robots', 'unavailable_after: 2030-01-01')),
        pageOf('/header', '<html></html>', { xRobotsTag: 'googlebot: noindex' }),
        pageOf('/other-bot-header', '<html></html>', { xRobotsTag: 'otherbot: noindex' }),
      ],
      ['noindex'],
    )
    expect(result).toEqual({
      noindex: [
        '/generic — <meta name="robots" content="noindex">',
        '/google — <meta name="googlebot" content="none">',
        '/expired — <meta name="robots" content="unavailable_after: 2025-01-01">',
        '/header — X-Robots-Tag: googlebot: noindex',
      ],
    })
  })
})

describe('canonical', () => {
  const withCanonical = (href: string) =>
    `<html><head><link rel="canonical" href="${href}"></head></html>`
  test('relative, invalid, to the root from a deeper page, head and header disagreeing', () => {
    const result = idsFor(
      [
        pageOf('/relative', withCanonical('/relative')),
        pageOf('/invalid', withCanonical('http://exa mple.com/')),
        pageOf('/deep/page', withCanonical('https://brightsmile.example/')),
        pageOf('/', withCanonical('https://brightsmile.example/')),
        pageOf('/both', withCanonical('https://brightsmile.example/both'), {
          linkHeader: '<https://brightsmile.example/other>; rel="canonical"',
        }),
        pageOf('/agree', withCanonical('https://brightsmile.example/agree'), {
          linkHeader: '<https://brightsmile.example/agree>; rel=canonical',
        }),
      ],
      ['canonical-invalid', 'canonical-relative', 'canonical-conflict', 'canonical-to-root'],
    )
    expect(result).toEqual({
      'canonical-relative': ['/relative — /relative'],
      'canonical-invalid': ['/invalid — http://exa mple.com/'],
      'canonical-to-root': ['/deep/page — https://brightsmile.example/'],
      'canonical-conflict': [
        '/both — https://brightsmile.example/both, https://brightsmile.example/other',
      ],
    })
  })
})

describe('content', () => {
  test('lengths count characters, not bytes', () => {
    expect(characters('Zahnarzt in Köln – schöne Zähne 😀👍🏽')).toBe(34)
    const title = 'Zähnärztliche Praxis in Düsseldorf-Östlich – schöne Zähne 😀'
    const result = idsFor(
      [pageOf('/de', `<html><head><title>${title}</title></head></html>`)],
      ['title-length'],
    )
    expect(Buffer.byteLength(title)).toBeGreaterThan(60)
    expect(result).toEqual({})
  })

  test('an empty description is reported as empty; duplicates across pages are reported on each', () => {
    const page = (path: string, title: string) =>
      pageOf(
        path,
        `<html><head><title>${title}</title><meta name="description" content="  "></head></html>`,
      )
    const result = idsFor(
      [page('/a', 'Same title for both pages'), page('/b', 'Same title for both pages')],
      ['meta-description-missing', 'title-duplicate'],
    )
    expect(result).toEqual({
      'meta-description-missing': [
        '/a — Description text is empty',
        '/b — Description text is empty',
      ],
      'title-duplicate': [
        '/a — "Same title for both pages" is used on 2 pages',
        '/b — "Same title for both pages" is used on 2 pages',
      ],
    })
  })

  test('a JavaScript shell is never thin content', () => {
    const shell = pageOf(
      '/app',
      '<html><body><div id="app"></div><script src="/a.js"></script></body></html>',
    )
    const result = idsFor([shell], ['thin-content', 'needs-javascript', 'title-missing'])
    expect(result).toEqual({ 'needs-javascript': ['/app'] })
  })
})

test('hreflang codes: registered languages and x-default only', () => {
  for (const ok of ['en', 'EN-us', 'zh-Hans-TW', 'x-default', 'X-Default', 'fil'])
    expect(isValidHreflang(ok)).toBe(true)
  for (const bad of ['xx', 'nonsense', ' x-default', 'en_US', '', 'x'])
    expect(isValidHreflang(bad)).toBe(false)
})
