import { describe, expect, test } from 'vitest'
import { rateBacklink, type QualityFacts } from './backlink-quality.js'

const found: QualityFacts = {
  status: 'active',
  outcome: 'link-found',
  checkedAt: '2026-11-28T09:00:00.000Z',
  note: 'Link found and followed by search engines.',
  linkType: 'dofollow',
  pageUrl: 'https://www.austinnews.example/best',
  citationSite: null,
  metrics: null,
}

describe('rateBacklink (issue 32 item 4: quality from measured signals only)', () => {
  test('a link no check has found is Not rated, with the reason, never Medium by default', () => {
    const unchecked = rateBacklink({ ...found, outcome: null, checkedAt: null, note: null })
    expect(unchecked.quality).toBe('unrated')
    expect(unchecked.basis).toEqual({
      ratedAt: null,
      reasons: ['Not rated: not checked yet. Verify it to rate it.'],
    })
    const silent = rateBacklink({ ...found, status: 'unreachable', outcome: 'unreachable' })
    expect(silent.quality).toBe('unrated')
    expect(silent.basis.reasons[0]).toMatch(/did not answer.*counts against the Quality Score/)
    const blocked = rateBacklink({
      ...found,
      status: 'unverifiable',
      outcome: 'blocked',
      note: 'The site shows a bot check, so the link could not be checked.',
    })
    expect(blocked.basis.reasons).toEqual([
      'Not rated: The site shows a bot check, so the link could not be checked.',
    ])
  })

  test('a broken link is Low, from the check or from the owner', () => {
    expect(
      rateBacklink({ ...found, status: 'broken', outcome: 'page-error', note: 'HTTP 404.' }),
    ).toEqual({
      quality: 'low',
      basis: { ratedAt: found.checkedAt, reasons: ['Broken at the last check: HTTP 404.'] },
    })
    expect(rateBacklink({ ...found, status: 'broken', markedBroken: true }).basis.reasons).toEqual([
      'You marked it broken, so it passes no value.',
    ])
  })

  test('a found link is rated on what was measured, each signal named', () => {
    // Followed and https: Medium.
    const plain = rateBacklink(found)
    expect(plain.quality).toBe('medium')
    expect(plain.basis.reasons).toEqual([
      'Link found at the last check.',
      'Followed by search engines.',
      'The page uses https.',
    ])
    // And a listing site the business is on: High.
    expect(rateBacklink({ ...found, citationSite: 'Yelp' }).quality).toBe('high')
    // Nofollow over http: Low.
    expect(
      rateBacklink({ ...found, linkType: 'nofollow', pageUrl: 'http://blog.example/' }).quality,
    ).toBe('low')
  })

  test("the provider's domain rank counts and a high spam score makes it Low, with the source named", () => {
    const strong = rateBacklink({
      ...found,
      metrics: { domainRank: 62, spamScore: 4, source: 'DataForSEO' },
    })
    expect(strong.quality).toBe('high')
    expect(strong.basis.reasons).toContain('Domain rank 62/100 (DataForSEO).')
    expect(strong.basis.reasons).toContain('Spam score 4% (DataForSEO).')
    expect(
      rateBacklink({
        ...found,
        citationSite: 'Yelp',
        metrics: { domainRank: 62, spamScore: 45, source: 'DataForSEO' },
      }).quality,
    ).toBe('low')
  })
})
