import { describe, expect, test } from 'vitest'
import { emptyBusiness, type Business, type Location } from './business.js'
import {
  computeLocalSeoScore,
  profileScore,
  type LocalSeoScoreInput,
  type ScoreAuditIssue,
} from './local-seo-score.js'

const business: Business = {
  ...emptyBusiness,
  id: 'b1',
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  website: 'https://brightsmile.example.com',
}

const location: Location = {
  id: 'loc_1',
  businessId: 'b1',
  name: 'Round Rock',
  address: '5 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
  country: 'US',
  phone: '(512) 555-0101',
  pageUrl: 'https://brightsmile.example.com/round-rock',
}

const perfect: LocalSeoScoreInput = {
  audit: { pagesCrawled: 20, pagesRead: 20, issues: [] },
  backlinks: { total: 12, high: 12, medium: 0, broken: 0, referringDomains: 12 },
  citations: { listed: 10, consistent: 10, recorded: 10, platforms: 10 },
  profile: business,
}

const issue = (
  checkId: string,
  category: ScoreAuditIssue['category'],
  severity: ScoreAuditIssue['severity'],
  pageCount = 1,
): ScoreAuditIssue => ({ checkId, category, severity, pageCount })

const groupScores = (input: LocalSeoScoreInput) =>
  Object.fromEntries(computeLocalSeoScore(input).breakdown.map((p) => [p.group, p.score]))

describe('computeLocalSeoScore', () => {
  test('a site with nothing to fix scores 100, weighted 23/23/33/9/12 from the 18/18/26/7/9 weights', () => {
    const result = computeLocalSeoScore(perfect)
    expect(result.score).toBe(100)
    expect(result.breakdown.map((p) => [p.group, p.weight, p.score])).toEqual([
      ['website', 23, 100],
      ['local', 23, 100],
      ['links', 33, 100],
      ['citations', 9, 100],
      ['profile', 12, 100],
    ])
  })

  test.each<[string, Partial<LocalSeoScoreInput>, Record<string, number>, number]>([
    [
      // 100 - 30 x (0.5 + 0.5 x 20/20) = 70; 100 - 15 x (0.5 + 0.5 x 1/20) = 92 (91.9 rounded)
      'a critical website problem on every page costs its full 30, an alert on one page about half of 15',
      {
        audit: {
          pagesCrawled: 20,
          pagesRead: 20,
          issues: [
            issue('noindex', 'indexability', 'critical', 20),
            issue('title-missing', 'content', 'alert', 1),
          ],
        },
      },
      { website: 62, local: 100 },
      91,
    ],
    [
      'local checks cost their full penalty: 30 + 15 + 5',
      {
        audit: {
          pagesCrawled: 20,
          pagesRead: 20,
          issues: [
            issue('schema-nap-mismatch', 'local', 'critical'),
            issue('tel-link-missing', 'local', 'alert'),
            issue('map-missing', 'local', 'warning'),
          ],
        },
      },
      { website: 100, local: 50 },
      88,
    ],
    [
      'penalties never take a group below 0',
      {
        audit: {
          pagesCrawled: 5,
          pagesRead: 5,
          issues: ['a', 'b', 'c', 'd'].map((id) => issue(id, 'local', 'critical')),
        },
      },
      { local: 0 },
      77,
    ],
    [
      'an audit that was blocked costs nothing: that is our auditor, not search engines',
      {
        audit: {
          pagesCrawled: 5,
          pagesRead: 2,
          issues: [issue('audit-blocked', 'indexability', 'alert', 3)],
        },
      },
      { website: 100 },
      100,
    ],
    [
      // 0.4 x (3 + 2/2)/10 + 0.4 x 4/10 + 0.2 x (1 - 2/10) = 0.16 + 0.16 + 0.16 = 48
      'links: quality, referring domains and working links',
      { backlinks: { total: 10, high: 3, medium: 2, broken: 2, referringDomains: 4 } },
      { links: 48 },
      83,
    ],
    [
      'no backlinks at all scores 0 for links',
      { backlinks: { total: 0, high: 0, medium: 0, broken: 0, referringDomains: 0 } },
      { links: 0 },
      67,
    ],
    [
      'citations: the share of listed platforms with a matching name, address and phone',
      { citations: { listed: 10, consistent: 7, recorded: 0, platforms: 10 } },
      { citations: 70 },
      97,
    ],
  ])('%s', (_name, overrides, groups, total) => {
    const input = { ...perfect, ...overrides }
    expect(groupScores(input)).toMatchObject(groups)
    expect(computeLocalSeoScore(input).score).toBe(total)
  })

  test('when the audit read no page, the website groups are left out and the rest renormalised', () => {
    const result = computeLocalSeoScore({
      ...perfect,
      audit: {
        pagesCrawled: 3,
        pagesRead: 0,
        issues: [issue('noindex', 'indexability', 'critical')],
      },
      backlinks: { total: 0, high: 0, medium: 0, broken: 0, referringDomains: 0 },
    })
    expect(result.breakdown.map((p) => [p.group, p.weight])).toEqual([
      ['links', 62],
      ['citations', 17],
      ['profile', 21],
    ])
    // (26 x 0 + 7 x 100 + 9 x 100) / 42 = 38.1
    expect(result.score).toBe(38)
    expect(result.note).toMatch(/could not read any page/)
  })

  test('referring domains are counted up to 1000', () => {
    const links = computeLocalSeoScore({
      ...perfect,
      backlinks: { total: 5000, high: 5000, medium: 0, broken: 0, referringDomains: 1000 },
    }).breakdown.find((p) => p.group === 'links')!
    expect(links.explanation).toBe(
      '5000 backlinks from 1000+ websites: 100% high quality, none broken.',
    )
  })

  test('explanations say where the listings figure comes from', () => {
    const explain = (citations: LocalSeoScoreInput['citations']) =>
      computeLocalSeoScore({ ...perfect, citations }).breakdown.find(
        (p) => p.group === 'citations',
      )!.explanation
    expect(explain({ listed: 8, consistent: 5, recorded: 0, platforms: 10 })).toBe(
      '5 of 8 listings show your name, address and phone exactly as your profile. Based on sample listings data: record what each platform shows in Local Listings for a real count.',
    )
    expect(explain({ listed: 8, consistent: 8, recorded: 10, platforms: 10 })).toMatch(
      /Based on the listings you recorded\.$/,
    )
    expect(explain({ listed: 8, consistent: 8, recorded: 3, platforms: 10 })).toMatch(
      /Based on 3 listings you recorded; the other 7 are sample data/,
    )
  })

  test('the website explanation counts problems by severity', () => {
    const part = computeLocalSeoScore({
      ...perfect,
      audit: {
        pagesCrawled: 4,
        pagesRead: 4,
        issues: [
          issue('noindex', 'indexability', 'critical'),
          issue('title-length', 'content', 'warning'),
          issue('lang-missing', 'content', 'warning'),
        ],
      },
    }).breakdown[0]!
    expect(part.explanation).toBe(
      '3 technical or content problems found (1 critical, 2 warning; 4 pages read). Fix them in the site audit, most severe first.',
    )
  })
})

describe('profileScore', () => {
  test.each<[string, Business, number, string]>([
    ['complete, no locations', business, 100, 'Your business details are complete'],
    // 6 points possible; the website is 2 of them.
    ['no website', { ...business, website: '' }, 67, 'Add a website in Settings.'],
    ['category Other', { ...business, category: 'Other' }, 83, 'Add a specific category'],
    ['a ZIP from another state', { ...business, zip: '10001' }, 83, 'a ZIP code that matches'],
    [
      // 8 points possible: a location without phone or page loses 2 x 2/3.
      'a location without its own phone or page',
      { ...business, locations: [{ ...location, phone: '', pageUrl: '' }] },
      83,
      'Add a phone for Round Rock and a page URL for Round Rock in Settings.',
    ],
    [
      'a complete location',
      { ...business, locations: [location] },
      100,
      'every location has its own phone and page',
    ],
  ])('%s', (_name, profile, score, text) => {
    const result = profileScore(profile)
    expect(result.score).toBe(score)
    expect(result.explanation).toContain(text)
  })
})
