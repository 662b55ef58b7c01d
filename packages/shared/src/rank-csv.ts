// The rankings export (docs/product.md §9 "{product}-rankings.csv": keyword, current position, change, the
// estimated monthly searches every screen shows (issue 15 item 1), where the positions came from and
// whether the row is sample data (issue 32 item 9), then the daily positions), written by the one CSV
// builder of csv.ts. The change is the one every screen shows (position-change.ts).
import { buildCsv } from './csv.js'
import { CHANGE_LABEL } from './position-change.js'
import { toRankingEntry, type RankHistory, type RankHistoryKeyword } from './rank-tracker.js'

export const RANKINGS_CSV_FILENAME = 'localseo-ai-rankings.csv'

/** A failed check is written as such, never as a position (issue 7). */
export const FAILED_CHECK_CELL = 'failed'
/** A real provider's 'not in the first 100 results' (issue 17): an answer, never 0. */
const NOT_IN_TOP_100_CELL = 'not in top 100'

/**
 * Where the keyword's positions came from: 'simulated' (never a real search), or 'measured
 * (SerpApi)' from the provider of its latest check; empty before any check.
 */
function positionSource(keyword: RankHistoryKeyword, simulated: boolean): string {
  const latest = keyword.latestCheck
  if (!latest) return keyword.checks.some((check) => check !== null) && simulated ? 'simulated' : ''
  if (latest.simulated) return 'simulated'
  return `measured (${latest.provider ?? 'search-results provider'})`
}

export function buildRankingsCsv(
  history: Pick<RankHistory, 'days' | 'keywords'> & Partial<Pick<RankHistory, 'simulated'>>,
): string {
  const header = [
    'Keyword',
    'Current Position',
    CHANGE_LABEL,
    'Monthly Searches (estimate)',
    'Position Source',
    'Sample Data',
    ...history.days,
  ]
  const rows = history.keywords.map((keyword) => {
    const entry = toRankingEntry(keyword, history.days)
    return [
      entry.keyword,
      entry.currentPosition ?? '',
      entry.change ?? '',
      entry.volume ?? 'no estimate',
      positionSource(keyword, history.simulated ?? false),
      entry.sample ? 'yes' : 'no',
      ...history.days.map((_, i) => {
        const check = keyword.checks[i] ?? null
        if (check === 'absent') return NOT_IN_TOP_100_CELL
        return check === 'failed' ? FAILED_CHECK_CELL : (check ?? '')
      }),
    ]
  })
  return buildCsv(header, rows)
}
