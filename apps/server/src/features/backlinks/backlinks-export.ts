// GET /api/backlinks/export (SPEC §9 backlinks.csv): every backlink the filters select, written in
// pages of 1,000 by keyset (created_at, id), newest first like the list. Each page is one query, so
// other requests run between pages, and at most one page is in memory.
import { and, desc, lte, sql, type SQL } from 'drizzle-orm'
import { BACKLINKS_CSV_HEADER, backlinkCsvRow } from '@localseo/shared/backlinks-csv'
import { buildCsvRows } from '@localseo/shared/csv'
import type { Db } from '../../db/client.js'
import type { Logger } from '../../lib/logger.js'
import { backlinks } from '../../db/schema/app.js'

export const EXPORT_PAGE_SIZE = 1000

/** The CSV in parts: the header, then one part per page of rows. */
export async function* backlinkCsvParts({
  db,
  condition,
  pageSize = EXPORT_PAGE_SIZE,
}: {
  db: Db
  /** From backlinkFilter: scope and filters, the business id always in it. */
  condition: SQL | undefined
  pageSize?: number
}): AsyncGenerator<string> {
  yield buildCsvRows([BACKLINKS_CSV_HEADER])
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
        url: backlinks.url,
        domain: backlinks.domain,
        anchorText: backlinks.anchorText,
        linkType: backlinks.linkType,
        quality: backlinks.quality,
        status: backlinks.status,
        firstSeen: backlinks.firstSeen,
      })
      .from(backlinks)
      .where(and(condition, keyset))
      .orderBy(desc(backlinks.createdAt), desc(backlinks.id))
      .limit(pageSize)
    if (rows.length > 0) yield buildCsvRows(rows.map(backlinkCsvRow))
    const last = rows.at(-1)
    if (!last || rows.length < pageSize) return
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/** The parts as a response body: the next page is read only when the client has taken the last. */
export function backlinkCsvStream({
  db,
  condition,
  logger,
}: {
  db: Db
  condition: SQL | undefined
  logger: Logger
}): ReadableStream<Uint8Array> {
  const parts = backlinkCsvParts({ db, condition })
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await parts.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        // The 200 and part of the file are already sent: the download ends short, and we log why.
        logger.error({ err: error }, 'backlinks export failed part way')
        controller.error(error)
      }
    },
    async cancel() {
      await parts.return(undefined)
    },
  })
}
