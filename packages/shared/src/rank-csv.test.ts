import { describe, expect, test } from 'vitest'
import { buildRankingsCsv, RANKINGS_CSV_FILENAME } from './rank-csv.js'
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
      previousPosition: 4,
    },
    {
      id: 'k3',
      keyword: 'dentist near me',
      createdAt: '2026-03-01T00:00:00.000Z',
      sample: true,
      volume: 90,
      checks: [null, null, 30],
      latestCheck: {
        provider: 'Simulated',
        checkedAt: '2026-03-10T04:10:00.000Z',
        simulated: true,
        map: null,
      },
    },
    {
      id: 'k4',
      keyword: 'dentist austin',
      createdAt: '2026-03-01T00:00:00.000Z',
      sample: false,
      volume: 90,
      checks: [null, 'absent', 21],
      latestCheck: {
        provider: 'SerpApi',
        checkedAt: '2026-03-10T04:10:00.000Z',
        simulated: false,
        map: null,
      },
    },
  ],
}

const lines = (csv: string) => csv.trimEnd().split('\r\n')

describe('rankings CSV', () => {
  test('is named localseo-ai-rankings.csv', () => {
    expect(RANKINGS_CSV_FILENAME).toBe('localseo-ai-rankings.csv')
  })

  test('keyword, current position, change since the check before, the estimated searches, source, sample, then one column per day; failed checks say so', () => {
    expect(lines(buildRankingsCsv({ ...history, simulated: true }))).toEqual([
      'Keyword,Current Position,Change since the check before,Monthly Searches (estimate),Position Source,Sample Data,2026-03-08,2026-03-09,2026-03-10',
      'dental in Austin,9,1,880,simulated,no,12,10,9',
      '"best, ""cheap"" dentist",7,-3,no estimate,simulated,no,4,7,failed',
      'dentist near me,30,,90,simulated,yes,,,30',
      'dentist austin,21,,90,measured (SerpApi),no,,not in top 100,21',
    ])
  })

  test('text cells that begin with = + - @ tab or CR are escaped; numbers stay numbers', () => {
    const evil = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']
    const csv = buildRankingsCsv({
      days,
      keywords: evil.map((keyword, i) => ({
        ...history.keywords[1]!,
        previousPosition: 4,
        id: `e${i}`,
        keyword,
      })),
    })
    const cells = lines(csv)
      .slice(1)
      .map((line) => line.replace(/,7,-3,no estimate,,no,4,7,failed$/, ''))
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
})
