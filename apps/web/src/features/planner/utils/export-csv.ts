// docs/product.md §9: the planner export, {product}-keywords.csv with the eight columns, formula cells escaped.
import { buildCsv } from '@localseo/shared/csv'
import {
  PLANNER_CSV_HEADER,
  plannerCsvRows,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import { downloadCsv } from '@/lib/download-file'

const KEYWORDS_CSV_FILENAME = 'localseo-ai-keywords.csv'

function keywordsCsv(keywords: readonly PlannerKeyword[]): string {
  return buildCsv(PLANNER_CSV_HEADER, plannerCsvRows(keywords))
}

export function downloadKeywordsCsv(keywords: readonly PlannerKeyword[]) {
  downloadCsv(KEYWORDS_CSV_FILENAME, keywordsCsv(keywords))
}
