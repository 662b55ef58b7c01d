import { describe, expect, test } from 'vitest'
import { buildRankingsCsv, hasRankingData, RANKINGS_CSV_FILENAME } from './rank-csv.js'
import type { RankHistory } from './rank-tracker.js'

const days = ['2026-03-08', '2026-03-09', '2026-03-10']

const history: Pick<RankHistory, 'days' | 'keywords'> = {
  days,
  keywords: [
    {
      id: 'k1',
      keyword: 'dental in Austin',
      createdAt: '2026-03-01T00:00:00.000Z',
      sample: false,
      volume: 880,
      checks: [12, 10, 9],
    },
    {
      id: 'k2',
      keyword: 'best, "cheap" dentist',
      createdAt: '2026-03-01T00:00:00.000Z',
      sample: false,
      volume: null,
      checks: [4, 7, 'failed'],
    },
  ],
}

const lines = (csv: string) => csv.trimEnd().split('\r\n')

describe('rankings CSV', () => {
  test('is named localseo-ai-rankings.csv', () => {
    expect(RANKINGS_CSV_FILENAME).toBe('localseo-ai-rankings.csv')
  })

  test('keyword, current position, change, the estimated searches, then one column per day; failed checks say so', () => {
    expect(lines(buildRankingsCsv(history))).toEqual([
      'Keyword,Current Position,Change,Monthly Searches (estimate),2026-03-08,2026-03-09,2026-03-10',
      'dental in Austin,9,3,880,12,10,9',
      '"best, ""cheap"" dentist",7,-3,no estimate,4,7,failed',
    ])
  })

  test('text cells that begin with = + - @ tab or CR are escaped; numbers stay numbers', () => {
    const evil = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']
    const csv = buildRankingsCsv({
      days,
      keywords: evil.map((keyword, i) => ({
        ...history.keywords[1]!,
        id: `e${i}`,
        keyword,
      })),
    })
    const cells = lines(csv)
      .slice(1)
      .map((line) => line.replace(/,7,-3,no estimate,4,7,failed$/, ''))
    expect(cells).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `'+1+1`,
      `'-2+3`,
      `'@SUM(A1)`,
      `'\tcmd`,
      `"'\rcmd"`,
    ])
    expect(csv).toContain(',-3,') // a negative change is a number, not a formula
  })

  test('has no data without keywords or checks', () => {
    expect(hasRankingData(undefined)).toBe(false)
    expect(hasRankingData({ keywords: [] })).toBe(false)
    expect(hasRankingData({ keywords: [{ ...history.keywords[0]!, checks: [null] }] })).toBe(false)
    expect(hasRankingData(history)).toBe(true)
  })
})
