import { describe, expect, test } from 'vitest'
import { localBusinessJsonLd, BUSINESS } from './fixtures/golden-pages.js'
import {
  failingPage,
  MIXED_LANGUAGE_FLAGGED,
  mixedLanguagePage,
  passingPage,
} from './fixtures/seo-cases.js'
import { decodeHtml, extractPageFacts } from './html.js'

const origin = 'http://127.0.0.1:9'
const facts = (html: string | Buffer, url = `${origin}/`, contentType = 'text/html') =>
  extractPageFacts(Buffer.isBuffer(html) ? html : Buffer.from(html), { url, contentType })

describe('encoding sniffing', () => {
  // "Привет" in windows-1251
  const cyrillic = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2])
  const doc = (meta: string) =>
    Buffer.concat([
      Buffer.from(`<html><head>${meta}<title>`),
      cyrillic,
      Buffer.from('</title></head></html>'),
    ])

  test('a byte-order mark wins over the header and the meta tag', () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<title>Grüße</title>'),
    ])
    const result = decodeHtml(body, 'text/html; charset=windows-1251')
    expect(result.encodingSource).toBe('bom')
    expect(result.html).toContain('Grüße')
  })

  test('the Content-Type charset wins over <meta charset>', () => {
    const page = facts(
      doc('<meta charset="iso-8859-2">'),
      `${origin}/`,
      'text/html; charset=windows-1251',
    )
    expect(page.encodingSource).toBe('header')
    expect(page.titles).toEqual(['Привет'])
  })

  test('<meta charset> is used when the header names none, windows-1252 when nothing does', () => {
    const page = facts(doc('<meta charset="windows-1251">'))
    expect(page.encodingSource).toBe('meta')
    expect(page.titles).toEqual(['Привет'])
    expect(facts(doc('')).encodingSource).toBe('default')
  })
})

describe('page facts', () => {
  test('the passing page: head links only, excluded "click this" links, nothing uncrawlable', () => {
    const page = facts(passingPage(origin), `${origin}/seo/`)
    expect(page.headCanonicals).toEqual([`${origin}/seo/`])
    expect(page.headHreflangs.map((h) => h.lang)).toEqual([
      'es',
      'en-PH',
      'ru-RU',
      'zh-Hans-TW',
      'x-default',
    ])
    expect(page.genericLinks).toEqual([])
    expect(page.uncrawlableAnchors).toEqual([])
    expect(page.imagesWithoutAlt).toEqual([])
    expect(page.metaDescriptions).toHaveLength(1)
    expect(page.links).toEqual([`${origin}/seo/prices`, `${origin}/seo/faq`])
    expect(page.wordCount).toBeGreaterThan(200)
  })

  test('the failing page: 5 generic links, 3 uncrawlable anchors, 4 head hreflangs', () => {
    const page = facts(failingPage())
    expect(page.genericLinks.map((l) => l.text)).toEqual([
      'click this',
      'click this',
      'CLICK THIS',
      'klicke hier',
      'click this',
    ])
    expect(page.genericLinks[3]?.lang).toBe('de')
    expect(page.uncrawlableAnchors).toHaveLength(3)
    expect(page.uncrawlableAnchors.join(' ')).toMatch(
      /window\.open.*javascript:void\(0\).*onmousedown/,
    )
    expect(page.headHreflangs).toHaveLength(4)
    expect(page.metaRobots).toEqual([{ name: 'robots', content: 'nofollow, NOINDEX, all' }])
    expect(page.titles).toEqual([])
    expect(page.imagesWithoutAlt).toEqual(['/no-alt.png'])
  })

  test('link text is judged in the language of its text; xml:lang is ignored', () => {
    const page = facts(mixedLanguagePage(), `${origin}/mixed`)
    expect(page.genericLinks.map((l) => l.text)).toEqual(MIXED_LANGUAGE_FLAGGED)
    expect(page.genericLinks.map((l) => l.lang)).toEqual([
      'en-US',
      undefined,
      'en',
      'en',
      'de',
      'en',
      'de',
      'en',
    ])
  })

  test('an empty app shell needs JavaScript; a short real page does not', () => {
    const shell = facts(
      '<html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
    )
    expect(shell.needsJavaScript).toBe(true)
    const short = facts('<html><body><h1>Hours</h1><p>Open every day.</p></body></html>')
    expect(short.needsJavaScript).toBe(false)
  })

  test('links resolve against <base href> and skip mailto, tel and javascript', () => {
    const page = facts(
      '<html><head><base href="https://brightsmile.example/dir/"></head><body><a href="page">x</a><a href="mailto:a@b.c">m</a><a href="tel:+15125550100">t</a><a href="javascript:;">j</a></body></html>',
    )
    expect(page.links).toEqual(['https://brightsmile.example/dir/page'])
    expect(page.telLinks).toEqual(['tel:+15125550100'])
  })
})

describe('structured data', () => {
  const place = { ...BUSINESS }

  test('LocalBusiness subtypes in JSON-LD, inside @graph and behind HTML comments', () => {
    const graph = `<script type="application/ld+json"><!--
      {"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"x"},{"@type":["Dentist"],"name":"Bright Smile Dental","address":{"@type":"PostalAddress","streetAddress":"100 Congress Ave","addressLocality":"Austin","addressRegion":"TX","postalCode":"78701"}}]}
    --></script>`
    const page = facts(
      `<html><head>${graph}${localBusinessJsonLd(place)}</head><body></body></html>`,
    )
    expect(page.structuredData.localBusinesses).toHaveLength(2)
    expect(page.structuredData.localBusinesses[0]).toMatchObject({
      name: 'Bright Smile Dental',
      address: '100 Congress Ave, Austin, TX 78701',
      telephone: '',
      hasGeo: false,
    })
    expect(page.structuredData.localBusinesses[1]).toMatchObject({ hasGeo: true, hasHours: true })
  })

  test('microdata and invalid JSON-LD', () => {
    const page = facts(`<html><body>
      <div itemscope itemtype="https://schema.org/Plumber">
        <span itemprop="name">Drip Fix</span>
        <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
          <span itemprop="streetAddress">5 Main St</span>, <span itemprop="addressLocality">Round Rock</span>
          <span itemprop="addressRegion">TX</span> <span itemprop="postalCode">78664</span>
        </div>
        <a itemprop="telephone" href="tel:+15125550110">(512) 555-0110</a>
      </div>
      <script type="application/ld+json">{ not json</script></body></html>`)
    expect(page.structuredData.invalidJsonLd).toBe(1)
    expect(page.structuredData.localBusinesses).toEqual([
      expect.objectContaining({
        source: 'microdata',
        name: 'Drip Fix',
        address: '5 Main St, Round Rock, TX 78664',
        telephone: '+15125550110',
      }),
    ])
  })
})
