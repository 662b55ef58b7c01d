// The rankings export (docs/product.md §9 "{product}-rankings.csv": keyword, current position, change, the
// estimated monthly searches every screen shows (issue 15 item 1), then the
// daily positions), written by the one CSV builder of csv.ts.
import { buildCsv } from './csv.js'
import { toRankingEntry, type RankHistory } from './rank-tracker.js'

export const RANKINGS_CSV_FILENAME = 'localseo-ai-rankings.csv'

/** A failed check is written as such, never as a position (issue 7). */
export const FAILED_CHECK_CELL = 'failed'
/** A real provider's 'not in the first 100 results' (issue 17): an answer, never 0. */
const NOT_IN_TOP_100_CELL = 'not in top 100'

export function buildRankingsCsv(history: Pick<RankHistory, 'days' | 'keywords'>): string {
  const header = [
    'Keyword',
    'Current Position',
    'Change',
    'Monthly Searches (estimate)',
    ...history.days,
  ]
  const rows = history.keywords.map((keyword) => {
    const entry = toRankingEntry(keyword, history.days)
    return [
      entry.keyword,
      entry.currentPosition ?? '',
      entry.change ?? '',
      entry.volume ?? 'no estimate',
      ...history.days.map((_, i) => {
        const check = keyword.checks[i] ?? null
        if (check === 'absent') return NOT_IN_TOP_100_CELL
        return check === 'failed' ? FAILED_CHECK_CELL : (check ?? '')
      }),
    ]
  })
  return buildCsv(header, rows)
}

/** True when there is something to export (docs/product.md §5: exports are disabled when there is no data). */
export function hasRankingData(history: Pick<RankHistory, 'keywords'> | undefined): boolean {
  return Boolean(history?.keywords.some((k) => k.checks.some((check) => check !== null)))
}
