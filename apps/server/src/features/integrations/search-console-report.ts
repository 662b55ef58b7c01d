// What the screens show of the imported Search Console data (issue 18 item 2, ADR 022), read from
// our tables only: the last 28 imported days against the 28 before, totals and per query or page.
// The periods end on the last complete day Google had, not today: its data arrives 2-3 days late.
import { addDays } from '@localseo/shared/rank-tracker'
import type {
  SearchConsoleDimension,
  SearchConsoleImport,
  SearchConsolePerformance,
  SearchConsoleRows,
  SearchMetrics,
} from '@localseo/shared/search-console'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { searchConsoleRows as t } from '../../db/schema/search-console.js'
import { AppError } from '../../lib/errors.js'
import { connectionRow } from './google-connection.js'
import { importStatus } from './search-console-import.js'

const PERIOD_DAYS = 28

function periodsEnding(lastDay: string) {
  return {
    current: { from: addDays(lastDay, -(PERIOD_DAYS - 1)), to: lastDay },
    previous: {
      from: addDays(lastDay, -(2 * PERIOD_DAYS - 1)),
      to: addDays(lastDay, -PERIOD_DAYS),
    },
  }
}

type Periods = ReturnType<typeof periodsEnding>

interface AggregateRow {
  key: string
  c_clicks: string | number
  c_impressions: string | number
  c_weighted: string | number | null
  p_clicks: string | number
  p_impressions: string | number
  p_weighted: string | number | null
  total: string | number
}

function metrics(clicks: unknown, impressions: unknown, weighted: unknown): SearchMetrics {
  const c = Number(clicks)
  const i = Number(impressions)
  return {
    clicks: c,
    impressions: i,
    ctr: i > 0 ? c / i : null,
    position: i > 0 && weighted !== null ? Number(weighted) / i : null,
  }
}

/** Keys of one dimension with impressions in the current period, most clicks first. */
async function aggregate(
  db: Db,
  businessId: string,
  dimension: 'total' | SearchConsoleDimension,
  periods: Periods,
  page: { limit: number; offset: number },
) {
  const { current: c, previous: p } = periods
  const inCurrent = sql`${t.day} between ${c.from} and ${c.to}`
  const inPrevious = sql`${t.day} between ${p.from} and ${p.to}`
  const result = await db.execute(sql`
    select ${t.key} as key,
      coalesce(sum(${t.clicks}) filter (where ${inCurrent}), 0) as c_clicks,
      coalesce(sum(${t.impressions}) filter (where ${inCurrent}), 0) as c_impressions,
      sum(${t.position} * ${t.impressions}) filter (where ${inCurrent}) as c_weighted,
      coalesce(sum(${t.clicks}) filter (where ${inPrevious}), 0) as p_clicks,
      coalesce(sum(${t.impressions}) filter (where ${inPrevious}), 0) as p_impressions,
      sum(${t.position} * ${t.impressions}) filter (where ${inPrevious}) as p_weighted,
      count(*) over () as total
    from ${t}
    where ${t.businessId} = ${businessId} and ${t.dimension} = ${dimension}
      and ${t.day} between ${p.from} and ${c.to}
    group by ${t.key}
    having coalesce(sum(${t.impressions}) filter (where ${inCurrent}), 0) > 0
    order by c_clicks desc, c_impressions desc, key
    limit ${page.limit} offset ${page.offset}`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  const { rows } = result as { rows: AggregateRow[] }
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      key: row.key,
      current: metrics(row.c_clicks, row.c_impressions, row.c_weighted),
      previous:
        Number(row.p_impressions) > 0
          ? metrics(row.p_clicks, row.p_impressions, row.p_weighted)
          : null,
    })),
  }
}

/** The chosen property and its import; 404 for a business without a Google connection. */
async function importOf(db: Db, businessId: string) {
  const connection = await connectionRow(db, businessId)
  if (!connection) throw new AppError('not_found', 'Google is not connected.')
  const siteUrl = connection.searchConsoleSite
  const row = siteUrl ? await importStatus(db, businessId) : undefined
  if (!siteUrl || !row || row.siteUrl !== siteUrl) return { siteUrl, row: undefined }
  const status: SearchConsoleImport = {
    siteUrl: row.siteUrl,
    status: row.status,
    reason: row.reason,
    lastAttemptAt: row.lastAttemptAt.toISOString(),
    importedAt: row.importedAt?.toISOString() ?? null,
    lastDay: row.lastDay,
  }
  return { siteUrl, row, status }
}

/** The previous period is shown only when the import reaches back to its first day. */
function coversPrevious(firstDay: string | null, periods: Periods) {
  return firstDay !== null && firstDay <= periods.previous.from
}

export async function searchConsolePerformance(
  db: Db,
  businessId: string,
): Promise<SearchConsolePerformance> {
  const { siteUrl, row, status } = await importOf(db, businessId)
  const empty = { siteUrl, import: status ?? null, current: null, previous: null }
  if (!row?.lastDay) return empty
  const periods = periodsEnding(row.lastDay)
  const { rows } = await aggregate(db, businessId, 'total', periods, { limit: 1, offset: 0 })
  const [totals] = rows
  if (!totals) return empty
  return {
    ...empty,
    current: { period: periods.current, totals: totals.current },
    previous: coversPrevious(row.firstDay, periods)
      ? {
          period: periods.previous,
          totals: totals.previous ?? metrics(0, 0, null),
        }
      : null,
  }
}

export async function searchConsoleTable(
  db: Db,
  businessId: string,
  query: { dimension: SearchConsoleDimension; page: number; pageSize: number },
): Promise<SearchConsoleRows> {
  const { row, status } = await importOf(db, businessId)
  const base = { dimension: query.dimension, page: query.page, pageSize: query.pageSize }
  if (!row?.lastDay) return { ...base, import: status ?? null, period: null, rows: [], total: 0 }
  const periods = periodsEnding(row.lastDay)
  const { rows, total } = await aggregate(db, businessId, query.dimension, periods, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  })
  const previousKnown = coversPrevious(row.firstDay, periods)
  return {
    ...base,
    import: status ?? null,
    period: periods.current,
    rows: previousKnown ? rows : rows.map((r) => ({ ...r, previous: null })),
    total,
  }
}
