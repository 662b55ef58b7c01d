import { describe, expect, test } from 'vitest'
import {
  INVALID_BACKLINK_URL,
  backlinkInputSchema,
  backlinkQuerySchema,
  normalizeBacklinkUrl,
} from './backlinks.js'

describe('normalizeBacklinkUrl (docs/product.md §5)', () => {
  test('prepends https:// when there is no scheme and strips www. from the domain', () => {
    expect(normalizeBacklinkUrl('www.example.com/page')).toEqual({
      url: 'https://www.example.com/page',
      domain: 'example.com',
    })
  })

  test('keeps an http:// or https:// scheme', () => {
    expect(normalizeBacklinkUrl('http://blog.example.org')?.url).toBe('http://blog.example.org/')
    expect(normalizeBacklinkUrl('HTTPS://Example.com/a')?.domain).toBe('example.com')
  })

  test.each([
    'not a url',
    'javascript:alert(1)',
    '',
    '   ',
    'https://',
    'ftp://example.com',
    'example',
  ])('refuses %j', (input) => {
    expect(normalizeBacklinkUrl(input)).toBeUndefined()
  })

  test('refuses a URL longer than 2000 characters', () => {
    expect(normalizeBacklinkUrl(`https://example.com/${'a'.repeat(2000)}`)).toBeUndefined()
  })
})

describe('backlinkInputSchema', () => {
  test('defaults the anchor to the domain and dofollow; takes no quality and no made-up figures (issue 32 item 4)', () => {
    const parsed = backlinkInputSchema.parse({ url: 'www.localnews.com/story' })
    expect(parsed).toMatchObject({
      url: 'https://www.localnews.com/story',
      domain: 'localnews.com',
      anchorText: 'localnews.com',
      linkType: 'dofollow',
    })
    expect(parsed).not.toHaveProperty('quality')
    expect(parsed).not.toHaveProperty('domainAuthority')
    expect(parsed).not.toHaveProperty('spamScore')
  })

  test('an invalid URL gives the exact message', () => {
    const result = backlinkInputSchema.safeParse({ url: 'javascript:alert(1)' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(INVALID_BACKLINK_URL)
  })

  test('caps the anchor text at 300 characters', () => {
    expect(
      backlinkInputSchema.safeParse({ url: 'a.com', anchorText: 'x'.repeat(301) }).success,
    ).toBe(false)
  })
})

describe('backlinkQuerySchema', () => {
  test('defaults to page 1 of 20, all time, and caps the page size at 100', () => {
    expect(backlinkQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20, timeRange: 'all' })
    expect(backlinkQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false)
    expect(backlinkQuerySchema.safeParse({ page: '0' }).success).toBe(false)
  })
})
