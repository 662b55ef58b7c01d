// GET /api/backlinks/export (docs/product.md §9 backlinks.csv): every backlink the filters select, written in
// pages of 1,000 by keyset (created_at, id), newest first like the list. Each page is one query, so
// other requests run between pages, and at most one page is in memory.
import { and, desc, lte, sql, type SQL } from 'drizzle-orm'
import { BACKLINKS_CSV_HEADER, backlinkCsvRow } from '@localseo/shared/backlinks-csv'
import { buildCsvRows } from '@localseo/shared/csv'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { backlinkColumns } from './backlink-rows.js'

const EXPORT_PAGE_SIZE = 1000

/** The CSV in parts: the header with the first page of rows, then one part per further page. */
export async function* backlinkCsvParts({
  db,
  condition,
  timeZone,
  provider,
  pageSize = EXPORT_PAGE_SIZE,
}: {
  db: Db
  /** From backlinkFilter: scope and filters, the business id always in it. */
  condition: SQL | undefined
  /** The business's time zone: First Seen is its calendar date (issue 32 item 5). */
  timeZone: string
  /** The backlink data provider's name, or null when none is configured (ADR 032). */
  provider: string | null
  pageSize?: number
}): AsyncGenerator<string> {
  // The header waits for the first page, so a failing first query fails before any byte is sent.
  let pending = buildCsvRows([BACKLINKS_CSV_HEADER])
  // created_at as text keeps its microseconds, which a JavaScript Date would lose.
  let after: { createdAt: string; id: string } | undefined
  for (;;) {
    const keyset = after
      ? and(
          // The plain bound lets the (business_id, created_at) index start at the right place.
          lte(backlinks.createdAt, sql`${after.createdAt}::timestamptz`),
          sql`(${backlinks.createdAt}, ${backlinks.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        )
      : undefined
    const rows = await db
      .select({
        id: backlinks.id,
        createdAt: sql<string>`${backlinks.createdAt}::text`,
        ...backlinkColumns,
        firstSeen: backlinks.firstSeen,
        qualityBasis: backlinks.qualityBasis,
        sample: backlinks.sample,
        domainAuthority: backlinks.domainAuthority,
        spamScore: backlinks.spamScore,
        metricsSource: backlinks.metricsSource,
        metricsCheckedAt: backlinks.metricsCheckedAt,
      })
      .from(backlinks)
      .where(and(condition, keyset))
      .orderBy(desc(backlinks.createdAt), desc(backlinks.id))
      .limit(pageSize)
    yield pending + buildCsvRows(rows.map((row) => backlinkCsvRow(row, { timeZone, provider })))
    pending = ''
    const last = rows.at(-1)
    if (!last || rows.length < pageSize) return
    after = { createdAt: last.createdAt, id: last.id }
  }
}
