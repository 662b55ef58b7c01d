// SPEC §9: the planner export, {product}-keywords.csv with the eight columns, formula cells escaped.
import { buildCsv } from '@localseo/shared/csv'
import {
  PLANNER_CSV_HEADER,
  plannerCsvRows,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'

export const KEYWORDS_CSV_FILENAME = 'localseo-ai-keywords.csv'

export function keywordsCsv(keywords: readonly PlannerKeyword[]): string {
  return buildCsv(PLANNER_CSV_HEADER, plannerCsvRows(keywords))
}

export function downloadKeywordsCsv(keywords: readonly PlannerKeyword[]) {
  const blob = new Blob([keywordsCsv(keywords)], { type: 'text/csv;charset=utf-8' })
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = KEYWORDS_CSV_FILENAME
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a moment later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
