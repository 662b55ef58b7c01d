import { describe, expect, test } from 'vitest'
import {
  countScoreInputs,
  scoreBacklinks,
  scoresFromCounts,
  type ScoredBacklink,
} from './backlink-scores.js'

const austinDentist = { city: 'Austin', state: 'TX', category: 'Dental' }

const link = (
  domain: string,
  quality: ScoredBacklink['quality'],
  anchorText = 'website',
  status = 'active',
) => ({ domain, quality, anchorText, status })

describe('scoreBacklinks (docs/product.md §9)', () => {
  test('no backlinks gives zero scores and no quality rather than dividing by zero', () => {
    expect(scoreBacklinks({ backlinks: [], ...austinDentist })).toEqual({
      qualityScore: null,
      qualityCounted: 0,
      diversityScore: 0,
      localRelevanceScore: 0,
      totalBacklinks: 0,
    })
  })

  test('quality averages High 100, Medium 50 and Low 0 over measured links (issue 32 item 4)', () => {
    const mixed = [
      link('a.com', 'high'),
      link('b.com', 'medium'),
      link('c.com', 'low'),
      link('d.com', 'low'),
    ]
    // (100 + 50) / 4 = 38: the old (3 x high + medium) / total gave 100.
    expect(scoreBacklinks({ backlinks: mixed, ...austinDentist }).qualityScore).toBe(38)
    const allHigh = [link('a.com', 'high'), link('b.com', 'high')]
    expect(scoreBacklinks({ backlinks: allHigh, ...austinDentist }).qualityScore).toBe(100)
  })

  test('broken and unreachable links count against the score; unchecked ones are left out', () => {
    // The case: 1 broken (Low) and 4 without an answer once scored 100/100.
    const silent = [
      link('gone.com', 'low', 'x', 'broken'),
      ...['a', 'b', 'c', 'd'].map((d) => link(`${d}.com`, 'unrated', 'x', 'unreachable')),
    ]
    expect(scoreBacklinks({ backlinks: silent, ...austinDentist })).toMatchObject({
      qualityScore: 0,
      qualityCounted: 5,
    })
    const unchecked = [link('a.com', 'high'), link('b.com', 'unrated'), link('c.com', 'unrated')]
    expect(scoreBacklinks({ backlinks: unchecked, ...austinDentist })).toMatchObject({
      qualityScore: 100,
      qualityCounted: 1,
    })
    const none = [link('a.com', 'unrated'), link('b.com', 'unrated', 'x', 'unverifiable')]
    expect(scoreBacklinks({ backlinks: none, ...austinDentist })).toMatchObject({
      qualityScore: null,
      qualityCounted: 0,
    })
  })

  test('diversity counts unique domains, ignoring case and www', () => {
    const links = [
      link('www.Example.com', 'low'),
      link('example.com', 'low'),
      link('other.org', 'low'),
      link('third.net', 'low'),
    ]
    expect(scoreBacklinks({ backlinks: links, ...austinDentist }).diversityScore).toBe(75)
  })

  test('local relevance counts links whose domain or anchor mentions city, state or category', () => {
    const links = [
      link('austinchamber.org', 'high'), // city in the domain
      link('directory.com', 'medium', 'Best dentist in Round Rock'), // category noun in the anchor
      link('texasdentalnews.com', 'medium'), // state name
      link('news.tx.us', 'low'), // state code as its own label
      link('textbooks.com', 'low', 'text'), // 'tx' inside a word does not count
      link('blog.example', 'low', 'click here'),
      link('shop.example', 'low', 'Dental supplies'), // category word in the anchor
      link('san-antonio-news.com', 'low'),
    ]
    expect(scoreBacklinks({ backlinks: links, ...austinDentist }).localRelevanceScore).toBe(63)
    expect(
      scoreBacklinks({
        backlinks: [link('san-antonio-news.com', 'low')],
        city: 'San Antonio',
        state: 'TX',
        category: 'Legal Services',
      }).localRelevanceScore,
    ).toBe(100)
  })

  test('a state code is read in the place’s country: WA is Western Australia in Australia', () => {
    const place = { city: 'Perth', state: 'WA', category: 'Legal Services' }
    const local = (domain: string, country?: string) =>
      countScoreInputs({ backlinks: [link(domain, 'low')], ...place, country }).local
    expect(local('westernaustralianews.com', 'AU')).toBe(1)
    expect(local('washingtonnews.com', 'AU')).toBe(0)
    expect(local('washingtonnews.com')).toBe(1)
    expect(local('westernaustralianews.com')).toBe(0)
  })

  test('generic category words such as "services" do not make a link local', () => {
    const links = [link('example.com', 'low', 'Our services')]
    expect(
      scoreBacklinks({ backlinks: links, city: 'Denver', state: 'CO', category: 'Legal Services' })
        .localRelevanceScore,
    ).toBe(0)
  })

  test('only ASCII letters are lowered, as in the SQL the server counts with', () => {
    // 'AUSTİN' (dotted capital I) and the Kelvin sign would become 'austin' and 'ky' with Unicode
    // lowering; PostgreSQL's translate() leaves them, so neither counts on either side.
    const links = [
      link('a.example', 'low', 'AUSTİN'),
      link('b.example', 'low', '\u212AY'),
      link('c.example', 'low', 'AUSTIN'),
    ]
    const kentucky = { city: 'Louisville', state: 'KY', category: 'Dental' }
    expect(countScoreInputs({ backlinks: links, ...austinDentist }).local).toBe(1)
    expect(countScoreInputs({ backlinks: links, ...kentucky }).local).toBe(0)
  })

  test('the scores follow from the counts alone', () => {
    const links = [link('a.com', 'high'), link('a.com', 'medium', 'Austin'), link('b.com', 'low')]
    const counts = countScoreInputs({ backlinks: links, ...austinDentist })
    expect(counts).toEqual({
      total: 3,
      high: 1,
      medium: 1,
      low: 1,
      unreachable: 0,
      uniqueDomains: 2,
      local: 1,
    })
    expect(scoresFromCounts(counts)).toEqual(scoreBacklinks({ backlinks: links, ...austinDentist }))
    expect(scoresFromCounts(counts)).toEqual({
      qualityScore: 50,
      qualityCounted: 3,
      diversityScore: 67,
      localRelevanceScore: 33,
      totalBacklinks: 3,
    })
  })
})
