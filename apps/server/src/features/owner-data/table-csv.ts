// One table's rows of one business as CSV in pages (issue 35 item 6, docs/decisions/048-export-and-delete.md):
// every column under its SQL name, in pages by keyset on the primary key, so at most one page is in
// memory and each page is one query that other requests run between.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { buildCsvRows, type CsvCell } from '@localseo/shared/csv'
import type { Db } from '../../db/client.js'

const EXPORT_PAGE_SIZE = 1000

/** A stored value as a CSV cell: instants in UTC ISO 8601, lists and documents as JSON. */
function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'object') return JSON.stringify(value)
  return value as CsvCell
}

/** The columns that order the table's rows once and for all: its primary key. */
function keyColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table)
  const composite = config.primaryKeys[0]?.columns
  if (composite?.length) return composite
  const single = config.columns.filter((column) => column.primary)
  if (single.length === 0) throw new Error(`${config.name} has no primary key to page by`)
  return single
}

function businessColumn(table: PgTable): PgColumn {
  const column = getTableConfig(table).columns.find((c) => c.name === 'business_id')
  if (!column) throw new Error(`${getTableConfig(table).name} has no business_id`)
  return column
}

/** The CSV in parts: the header with the first page, then one part per further page. */
export async function* tableCsvParts({
  db,
  table,
  businessId,
  omit = [],
  pageSize = EXPORT_PAGE_SIZE,
}: {
  db: Db
  table: PgTable
  businessId: string
  /** SQL names of columns never exported (sealed secrets, token hashes). */
  omit?: readonly string[]
  pageSize?: number
}): AsyncGenerator<string> {
  const columns = Object.values(getTableColumns(table)).filter((c) => !omit.includes(c.name))
  const keys = keyColumns(table)
  const fields = Object.fromEntries(columns.map((column) => [column.name, column]))
  // The key as text, cast back to each column's own type in the next page's bound, so no value
  // loses precision on its way through JavaScript (timestamps keep their microseconds).
  const keyFields = Object.fromEntries(keys.map((key, i) => [`key${i}`, sql<string>`${key}::text`]))
  const keyTuple = sql.join(keys, sql`, `)
  const order = keys.map((key) => sql`${key}`)
  let pending = buildCsvRows([columns.map((column) => column.name)])
  let after: string[] | undefined
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${keyTuple}) > (${sql.join(
          after.map(
            (value, i) =>
              // eslint-disable-next-line no-restricted-syntax -- a key column's type from the schema, never input
              sql`${value}::${sql.raw(keys[i]?.getSQLType() ?? 'text')}`,
          ),
          sql`, `,
        )})`
      : undefined
    const rows = (await db
      .select({ ...fields, ...keyFields })
      .from(table)
      .where(and(eq(businessColumn(table), businessId), keyset))
      .orderBy(...order)
      .limit(pageSize)) as Record<string, unknown>[]
    yield pending + buildCsvRows(rows.map((row) => columns.map((c) => cell(row[c.name]))))
    pending = ''
    const last = rows.at(-1)
    if (!last || rows.length < pageSize) return
    after = keys.map((_, i) => String(last[`key${i}`]))
  }
}
