// A tracked keyword's Search Console average positions (issue 18 item 2, last sentence): the rows
// the daily import stored (features/integrations/search-console-import.ts), read from the database,
// never from Google. The integrations feature writes these tables; the Rank Tracker only reads them
// (docs/decisions/014-feature-dependencies.md "Consequences").
import type { SearchConsolePositions } from '@localseo/shared/rank-tracker'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { googleConnections } from '../../db/schema/google.js'
import {
  searchConsoleImports as imports,
  searchConsoleRows as rows,
} from '../../db/schema/search-console.js'

/**
 * The query as a keyword key (shared keywordKey(): trimmed, whitespace collapsed, lower case), so
 * 'Emergency  Dentist Austin' in Search Console is the tracked 'emergency dentist Austin'.
 */
const queryKey = sql<string>`lower(btrim(regexp_replace(${rows.key}, '[[:space:]]+', ' ', 'g')))`

/** [day, position, impressions]: one day, compact until it leaves the database. */
type Point = [string, number, number]

interface PositionsRow {
  key: string
  points: Point[] | string
  imported_at: Date | string
}

/**
 * The daily average positions of every keyword key asked for, over from..to, in ONE query whatever
 * the number of keywords, one row per keyword. Search Console measures the whole website, not a
 * place: the same figures belong to every location's keyword of that text. Only the property the
 * owner has chosen now and whose import completed counts; another property's rows wait for their
 * deletion by the next import. The primary key (business, dimension, day, key) bounds the scan to
 * the range's query rows; two spellings of one query on a day are one point, weighted by
 * impressions as Google averages.
 */
export async function searchConsolePositions({
  db,
  businessId,
  keywordKeys,
  from,
  to,
}: {
  db: Db
  businessId: string
  keywordKeys: readonly string[]
  from: string
  to: string
}): Promise<Map<string, SearchConsolePositions>> {
  const keys = [...new Set(keywordKeys)]
  if (keys.length === 0) return new Map()
  const { impressions, position } = rows
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    select days.key, json_agg(json_build_array(days.day, days.position, days.impressions)
      order by days.day) as points, ${imports.importedAt} as imported_at
    from (
      select ${queryKey} as key, ${rows.day}::text as day, sum(${impressions})::int as impressions,
        round(coalesce(sum(${position} * ${impressions}) / nullif(sum(${impressions}), 0),
          avg(${position}))::numeric, 2)::float8 as position
      from ${rows}
      where ${rows.businessId} = ${businessId} and ${rows.dimension} = 'query'
        and ${rows.day} between ${from} and ${to}
        and ${queryKey} in (${list})
      group by 1, 2
    ) days, ${imports}, ${googleConnections}
    where ${imports.businessId} = ${businessId} and ${imports.importedAt} is not null
      and ${googleConnections.businessId} = ${businessId}
      and ${googleConnections.searchConsoleSite} = ${imports.siteUrl}
    group by days.key, ${imports.importedAt}`)
  // Both drivers answer { rows } and parse json; Drizzle types the raw result per driver.
  const found = new Map<string, SearchConsolePositions>()
  for (const row of (result as { rows: PositionsRow[] }).rows) {
    const points = typeof row.points === 'string' ? (JSON.parse(row.points) as Point[]) : row.points
    found.set(row.key, {
      points: points.map(([day, position, impressions]) => ({ day, position, impressions })),
      importedAt: new Date(row.imported_at).toISOString(),
    })
  }
  return found
}
