import { describe, expect, test } from 'vitest'
import { BUSINESS_CATEGORIES } from './business.js'
import { categoryTerms } from './category-terms.js'
import { formatChange, positionChange } from './position-change.js'
import {
  defaultChartKeywords,
  defaultRankKeywords,
  positionAxis,
  keywordKey,
  needsImprovement,
  normalizeKeyword,
  rangeDays,
  rankHistoryQuerySchema,
  rankOverview,
  summarizeRankings,
  toRankingEntry,
  topPerformers,
  trackKeywordInputSchema,
  trendBarHeight,
  trendPoints,
  type RankHistoryKeyword,
  keywordPoints,
} from './rank-tracker.js'

const days = rangeDays('2026-03-10', 5)

/** null here is a failed check. */
function keyword(name: string, positions: (number | null)[]): RankHistoryKeyword {
  return {
    id: name,
    keyword: name,
    createdAt: '2026-03-01T00:00:00.000Z',
    sample: false,
    volume: 300,
    checks: positions.map((p) => p ?? 'failed'),
  }
}

const entry = (name: string, positions: (number | null)[]) =>
  toRankingEntry(keyword(name, positions), days)

describe('default keywords', () => {
  test('docs/product.md §9 templates filled with what people type for the category, and the city', () => {
    expect(defaultRankKeywords({ name: 'Bright Smile', category: 'Dental' }, 'Austin')).toEqual([
      'dentist in Austin',
      'best dentist near me',
      'affordable dentist Austin',
      'teeth cleaning Austin',
      'emergency dentist Austin',
    ])
    expect(defaultRankKeywords({ name: 'Smith & Sons', category: 'Home Services' }, '')).toEqual([
      'plumber near me',
      'best plumber near me',
      'affordable plumber',
      'drain cleaning near me',
      'emergency plumber',
    ])
  })

  test.each(BUSINESS_CATEGORIES)('%s: the defaults are grammatical searches', (category) => {
    for (const keyword of defaultRankKeywords({ name: 'Smith & Sons', category }, 'Austin')) {
      const words = keyword.toLowerCase().split(' ')
      // No word twice in a row ('services services'), and the category's label only where it is
      // what people type ('real estate agent'), never in its place ('best dental near me').
      expect(
        words.some((word, i) => word === words[i + 1]),
        keyword,
      ).toBe(false)
      const label = category.toLowerCase()
      if (category !== 'Other' && !categoryTerms(category).noun.includes(label)) {
        expect(keyword.toLowerCase(), keyword).not.toContain(label)
      }
    }
  })
})

describe('keyword input', () => {
  test('trims, collapses spaces and refuses empty text', () => {
    expect(trackKeywordInputSchema.parse({ keyword: '  teeth   whitening ' })).toEqual({
      keyword: 'teeth whitening',
      location: 'main',
    })
    expect(trackKeywordInputSchema.safeParse({ keyword: '   ' }).success).toBe(false)
    expect(normalizeKeyword(' a  b ')).toBe('a b')
    expect(keywordKey(' Dentist  AUSTIN')).toBe(keywordKey('dentist austin'))
  })

  test('only 7, 30 and 90 day ranges; 30 by default', () => {
    expect(rankHistoryQuerySchema.parse({}).range).toBe(30)
    expect(rankHistoryQuerySchema.parse({ range: '90' }).range).toBe(90)
    expect(rankHistoryQuerySchema.safeParse({ range: '14' }).success).toBe(false)
  })

  test('range days end today, oldest first', () => {
    expect(rangeDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02'])
  })
})

describe('ranking entries', () => {
  test('current position is the latest check; change is since the check before (issue 32 item 1)', () => {
    // Over the range this keyword gained 4; since the check before, 1: every screen shows +1.
    expect(entry('a', [12, 11, 10, 9, 8])).toMatchObject({
      currentPosition: 8,
      change: 1,
      latestCheckFailed: false,
    })
    expect(entry('b', [5, 6, 9, 9, 10]).change).toBe(-1)
  })

  test("the server's previous position wins over the range's: the check before may lie outside it", () => {
    const sent = toRankingEntry({ ...keyword('a', [null, null, null, null, 16]) }, days)
    expect(sent.change).toBe(null)
    const withPrevious = toRankingEntry(
      { ...keyword('a', [25, 25, 25, 14, 16]), previousPosition: 18 },
      days,
    )
    // 'emergency plumber Round Rock' #16: +2 on the dashboard, so +2 here, never -9 over 30 days.
    expect(withPrevious.change).toBe(2)
    expect(withPrevious.change).toBe(positionChange(16, 18))
  })

  test('a failed check is skipped, not read as a position, and flagged when it is the latest', () => {
    expect(entry('a', [null, 20, 18, 15, null])).toMatchObject({
      currentPosition: 15,
      change: 3,
      latestCheckFailed: true,
    })
    expect(entry('b', [null, null, null, null, null])).toMatchObject({
      currentPosition: null,
      change: null,
    })
  })
})

describe('summary', () => {
  test('counts, average to one decimal, improved and declined', () => {
    const entries = [
      ['a', [10, 10, 10, 10, 4]], // +6
      ['b', [3, 3, 3, 3, 5]], // -2
      ['c', [7, 7, 7, 7, 7]], // 0
      ['d', [null, null, null, null, null]], // no position
    ].map(([n, p]) => entry(n as string, p as (number | null)[]))
    expect(summarizeRankings(entries)).toEqual({
      keywordsTracked: 4,
      averagePosition: 5.3, // (4 + 5 + 7) / 3 = 5.333…
      failedChecks: 1,
      improved: 1,
      declined: 1,
    })
    expect(summarizeRankings([])).toEqual({
      keywordsTracked: 0,
      averagePosition: null,
      failedChecks: 0,
      improved: 0,
      declined: 0,
    })
  })

  test('the average leaves out keywords whose latest check failed and counts them (issue 32 item 4)', () => {
    const entries = [entry('a', [4, 4, 4, 4, 4]), entry('b', [8, 8, 8, 8, null])]
    expect(summarizeRankings(entries)).toMatchObject({ averagePosition: 4, failedChecks: 1 })
  })
})

describe('movers', () => {
  const entries = [
    ['gain 2', [12, 10]],
    ['gain 9', [20, 11]],
    ['gain 5', [30, 25]],
    ['gain 5 too', [15, 10]],
    ['loss 1', [4, 5]],
    ['loss 8', [10, 18]],
    ['loss 3', [40, 43]],
    ['loss 6', [1, 7]],
    ['flat', [9, 9]],
  ].map(([n, p]) => entry(n as string, p as (number | null)[]))

  test('Top Performers are the 3 biggest gains, best first', () => {
    expect(topPerformers(entries).map((e) => e.keyword)).toEqual(['gain 9', 'gain 5', 'gain 5 too'])
  })

  test('Needs Improvement are the 3 biggest losses, worst first', () => {
    expect(needsImprovement(entries).map((e) => e.keyword)).toEqual(['loss 8', 'loss 6', 'loss 3'])
  })

  test('unchanged keywords are in neither list', () => {
    const flat = [entry('flat', [9, 9])]
    expect(topPerformers(flat)).toEqual([])
    expect(needsImprovement(flat)).toEqual([])
  })
})

describe('overview (issue 36 item 2)', () => {
  test('the figures the screen shows, over every keyword, by the rules above', () => {
    const keywords = [
      keyword('up', [10, 10, 10, 10, 4]),
      keyword('down', [3, 3, 3, 3, 5]),
      keyword('never', [null, null, null, null, null]),
      { ...keyword('unchecked', []), checks: [null, null, null, null, null] },
    ]
    const entries = keywords.map((k) => toRankingEntry(k, days))
    expect(rankOverview(keywords, days)).toEqual({
      summary: summarizeRankings(entries),
      topPerformers: ['up'],
      needsImprovement: ['down'],
      chart: defaultChartKeywords(entries),
      checkCounts: [5, 5, 0, 0],
      hasChecks: true,
    })
  })

  test('has nothing to export without keywords or checks', () => {
    expect(rankOverview([], days).hasChecks).toBe(false)
    const unchecked = { ...keyword('unchecked', []), checks: [null, null, null, null, null] }
    expect(rankOverview([unchecked], days).hasChecks).toBe(false)
  })
})

describe('points', () => {
  test('days never checked are left out; failed checks stay failed, never position 0', () => {
    expect(keywordPoints(days.slice(0, 3), [null, 'failed', 4])).toEqual([
      { date: days[1], status: 'failed', position: null },
      { date: days[2], status: 'ok', position: 4 },
    ])
  })
})

describe('trend', () => {
  test('bar height is max(10, 100 - 5 x position) percent', () => {
    expect(trendBarHeight(1)).toBe(95)
    expect(trendBarHeight(10)).toBe(50)
    expect(trendBarHeight(18)).toBe(10)
    expect(trendBarHeight(60)).toBe(10)
  })

  test('the last 7 checks', () => {
    const long = keywordPoints(days, [1, 2, 3, 4, 5])
    expect(trendPoints(long, 3).map((p) => p.position)).toEqual([3, 4, 5])
    expect(trendPoints(long)).toHaveLength(5)
  })

  test('change reads +n or -n', () => {
    expect(formatChange(3)).toBe('+3')
    expect(formatChange(-2)).toBe('-2')
    expect(formatChange(0)).toBe('0')
  })
})

describe('not in the top 100 (issue 17)', () => {
  test('is an answer: no current position, no change, never 0, and a failure after it keeps it', () => {
    const absent = toRankingEntry(
      { id: 'k', keyword: 'k', checks: [8, 'absent'] },
      days.slice(0, 2),
    )
    expect(absent).toMatchObject({ currentPosition: null, change: null, notInTop100: true })
    const thenFailed = toRankingEntry(
      { id: 'k', keyword: 'k', checks: [8, 'absent', 'failed'] },
      days.slice(0, 3),
    )
    expect(thenFailed).toMatchObject({ notInTop100: true, latestCheckFailed: true })
    const back = toRankingEntry(
      { id: 'k', keyword: 'k', checks: [8, 'absent', 5] },
      days.slice(0, 3),
    )
    // The check before said 'Not in top 100': no number to compare with.
    expect(back).toMatchObject({ currentPosition: 5, change: null, notInTop100: false })
  })
})

describe('trends chart (issue 32 item 2)', () => {
  test('shows the keywords with the most positions first, never one without any while others have some', () => {
    const many = [
      entry('one check', [null, null, null, null, 7]),
      ...['b', 'c', 'd', 'e', 'f', 'g'].map((n) =>
        toRankingEntry({ id: n, keyword: n, checks: [null, null, null, null, null] }, days),
      ),
      entry('history', [9, 9, 8, 8, 7]),
    ]
    // Seven keywords: the only one with history and the one with a check are charted.
    expect(defaultChartKeywords(many)).toEqual(['one check', 'history'])
    const full = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n, i) =>
      entry(n, [i === 0 ? null : 3, 3, 3, 3, 3]),
    )
    expect(defaultChartKeywords(full)).toEqual(['b', 'c', 'd', 'e', 'f', 'g'])
  })

  test('the axis reaches past the worst position shown, on a tick', () => {
    expect(positionAxis(85)).toEqual({ bottom: 100, ticks: [1, 20, 40, 60, 80, 100] })
    expect(positionAxis(80)).toEqual({ bottom: 80, ticks: [1, 20, 40, 60, 80] })
    expect(positionAxis(23)).toEqual({ bottom: 30, ticks: [1, 10, 20, 30] })
    expect(positionAxis(3)).toEqual({ bottom: 10, ticks: [1, 10] })
  })
})
