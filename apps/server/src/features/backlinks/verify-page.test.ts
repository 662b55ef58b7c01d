// Reading a linking page, without the network: rel tokens, site keys, robots directives, shells and
// bot walls, odd encodings.
import { describe, expect, test } from 'vitest'
import { inspectPage, relTokens, siteKey, websiteSiteKey } from './verify-page.js'

const inspect = (html: string, headers: Record<string, string> = {}) =>
  inspectPage({
    body: Buffer.from(html),
    pageUrl: 'https://news.example/story',
    headers: { 'content-type': 'text/html', ...headers },
    target: 'brightsmile.example',
  })

const prose = `<p>${'A long article about local dentists and their patients. '.repeat(20)}</p>`

describe('rel tokens and sites', () => {
  test('rel is split on spaces and commas and lower-cased', () => {
    expect(relTokens(' NoFollow,sponsored  UGC ,, noopener')).toEqual([
      'nofollow',
      'sponsored',
      'ugc',
      'noopener',
    ])
    expect(relTokens(undefined)).toEqual([])
  })

  test('www and apex are one site; private suffixes keep their owner; look-alikes differ', () => {
    expect(siteKey('www.brightsmile.example')).toBe('brightsmile.example')
    expect(siteKey('Book.BrightSmile.co.uk.')).toBe('brightsmile.co.uk')
    expect(siteKey('mybiz.blogspot.com')).toBe('mybiz.blogspot.com')
    expect(siteKey('brightsmile.example.evil.test')).not.toBe('brightsmile.example')
    expect(siteKey('127.0.0.1')).toBe('127.0.0.1')
  })

  test('the website may lack a scheme; empty or junk has no site', () => {
    expect(websiteSiteKey('brightsmile.example/about')).toBe('brightsmile.example')
    expect(websiteSiteKey('http://www.brightsmile.example')).toBe('brightsmile.example')
    expect(websiteSiteKey('  ')).toBeUndefined()
    expect(websiteSiteKey('http://')).toBeUndefined()
  })
})

describe('page-level nofollow', () => {
  test('meta robots "none" and googlebot nofollow count; a bot-specific header for another bot does not', () => {
    expect(
      inspect(`<meta name="robots" content="none"><a href="https://brightsmile.example">x</a>`)
        .pageNofollow,
    ).toBe(true)
    expect(
      inspect(
        `<meta name="googlebot" content="nofollow"><a href="https://brightsmile.example">x</a>`,
      ).pageNofollow,
    ).toBe(true)
    expect(
      inspect(
        `<meta name="description" content="nofollow"><a href="https://brightsmile.example">x</a>`,
      ).pageNofollow,
    ).toBe(false)
    const link = `<a href="https://brightsmile.example">x</a>`
    expect(inspect(link, { 'x-robots-tag': 'googlebot: noindex, nofollow' }).pageNofollow).toBe(
      true,
    )
    expect(inspect(link, { 'x-robots-tag': 'bingbot: nofollow' }).pageNofollow).toBe(false)
    expect(
      inspect(link, { 'x-robots-tag': 'unavailable_after: 2030-01-01, nofollow' }).pageNofollow,
    ).toBe(true)
  })
})

describe('pages without the link', () => {
  test('an SPA shell needs JavaScript; a real page with a script does not', () => {
    expect(inspect('<div id="app"></div><script src="/main.js"></script>').needsJavascript).toBe(
      true,
    )
    expect(inspect(`${prose}<script src="/analytics.js"></script>`).needsJavascript).toBe(false)
    expect(inspect('<p>Short page, no scripts.</p>').needsJavascript).toBe(false)
  })

  test('a challenge page served with 200 is a bot wall; an ordinary page is not', () => {
    expect(
      inspect('<title>Attention Required! | Cloudflare</title><p>Please enable cookies.</p>')
        .botWall,
    ).toBe(true)
    expect(inspect(`${prose}<div class="g-recaptcha"></div>`).botWall).toBe(true)
    expect(inspect(prose).botWall).toBe(false)
  })

  test('javascript:, mailto: and unparseable hrefs are skipped, not fatal', () => {
    expect(
      inspect(
        '<a href="javascript:alert(1)">a</a><a href="http://[::1">b</a><a href="mailto:x@brightsmile.example">c</a>',
      ).link,
    ).toBeNull()
  })
})

test('a charset the decoder does not know falls back to sniffing, and the link is still found', () => {
  const result = inspect('<a href="https://brightsmile.example/">Smile</a>', {
    'content-type': 'text/html; charset=x-user-defined',
  })
  expect(result.link?.anchorText).toBe('Smile')
})
