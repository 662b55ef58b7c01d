// docs/product.md §9: the planner export, {product}-keywords.csv with its nine columns, formula cells escaped.
import { buildCsv } from '@localseo/shared/csv'
import {
  plannerCsvHeader,
  plannerCsvRows,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import type { Money } from '@localseo/shared/money'
import { downloadCsv } from '@/lib/download-file'

const KEYWORDS_CSV_FILENAME = 'localseo-ai-keywords.csv'

/** The CPC column names its currency; the last column says where the figures came from. */
function keywordsCsv(keywords: readonly PlannerKeyword[], money: Money): string {
  return buildCsv(plannerCsvHeader(money), plannerCsvRows(keywords, money))
}

export function downloadKeywordsCsv(keywords: readonly PlannerKeyword[], money: Money) {
  downloadCsv(KEYWORDS_CSV_FILENAME, keywordsCsv(keywords, money))
}
