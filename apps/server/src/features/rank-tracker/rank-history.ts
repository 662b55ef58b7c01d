// Rank Tracker history: the stored checks of a range (Refresh is the keywords feature's
// `refreshTracked`, the one place that asks today again).
import { and, asc, inArray, sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import {
  dayOf,
  rangeDays,
  rankOverview,
  type LatestCheck,
  type RankCheck,
  type RankHistory,
  type RankHistoryKeyword,
  type RankKeywordsHistory,
  type RankRange,
} from '@localseo/shared/rank-tracker'
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { previousOk, queryBudget } from '../keywords/public.js'
import { toTracked, trackedWhere } from './rank-scope.js'
import { searchConsolePositions } from './search-console-positions.js'

interface HistoryRequest {
  db: Db
  keywordData: KeywordDataProvider
  business: Business
  location: ResolvedLocation
  range: RankRange
  now: Date
  simulated: boolean
}

/**
 * What the Rank Tracker screen shows (issue 36 item 2, docs/decisions/052-long-lists-on-screen.md):
 * the summary cards, the movers and the chart's default keywords computed over every tracked
 * keyword of the scope by the shared rules (rankOverview), and one page of the table. Only the
 * keywords sent are described and looked up in Search Console; the statements are the same for 5
 * or 500 keywords.
 */
export async function getRankHistory(
  request: HistoryRequest & {
    page: number
    limit: number
    /** The daily query budget (env SERP_DAILY_QUERY_BUDGET), shown with a real provider. */
    budgetLimit: number
  },
): Promise<RankHistory> {
  const { db, business, range, now, simulated, limit } = request
  const { days, rows } = await readTracked(request)
  const decoded = rows.map((row) => ({
    id: row.id,
    keyword: row.keyword,
    checks: decodeChecks(row.checks, range),
    previousPosition: row.previous === null ? null : Number(row.previous),
  }))
  const { checkCounts, hasChecks, summary, ...chosen } = rankOverview(decoded, days)
  const pages = Math.max(1, Math.ceil(rows.length / limit))
  const page = Math.min(request.page, pages)
  const shown = rows.slice((page - 1) * limit, page * limit)
  const wanted = new Set([
    ...shown.map((row) => row.id),
    ...chosen.topPerformers,
    ...chosen.needsImprovement,
    ...chosen.chart,
  ])
  const sent = await historyKeywords(
    request,
    rows.filter((row) => wanted.has(row.id)),
    days,
  )
  const byId = new Map(sent.map((keyword) => [keyword.id, keyword]))
  const pick = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? [])
  const budget = simulated
    ? undefined
    : await queryBudget(db, business.id, now, request.budgetLimit)
  return {
    range,
    days,
    keywords: pick(shown.map((row) => row.id)),
    total: rows.length,
    page,
    limit,
    summary,
    topPerformers: pick(chosen.topPerformers),
    needsImprovement: pick(chosen.needsImprovement),
    chart: pick(chosen.chart),
    checkCounts,
    notCheckedYet: rows.filter((row) => row.latest === null).length,
    hasChecks,
    simulated,
    ...(budget ? { budget } : {}),
  }
}

/**
 * Every tracked keyword of the scope with its checks (Export CSV), or the named ones (the chart's
 * choice; an id not tracked here is left out), in the table's order.
 */
export async function getRankKeywordsHistory(
  request: HistoryRequest & { ids?: string[] | undefined },
): Promise<RankKeywordsHistory> {
  const { days, rows } = await readTracked(request)
  const keywords = await historyKeywords(request, rows, days)
  return { range: request.range, days, keywords, simulated: request.simulated }
}

/**
 * The tracked keywords of the scope (or the named ones) with their checks over the range, in ONE
 * query whatever the number of keywords (issue 7 "Scale"). Each keyword's checks come back as one
 * compact string ("dayOffset:position|f,…") built by a correlated subquery on the (keyword_id, day)
 * primary key, so the database neither sorts 45 000 rows nor sends them one by one (3x faster on
 * PGlite).
 */
async function readTracked({
  db,
  business,
  location,
  range,
  now,
  ids,
}: HistoryRequest & { ids?: string[] | undefined }) {
  const days = rangeDays(dayOf(now), range)
  const from = days[0] ?? dayOf(now)
  const to = days.at(-1) ?? from
  // No ORDER BY inside the aggregate: every item carries its day offset, so order does not matter.
  const checks = sql<string | null>`(
    select string_agg(
      (${rankPositions.day} - ${from}::date)::text || ':' || case
        when ${rankPositions.status} = 'failed' then 'f'
        else coalesce(${rankPositions.position}::text, 'a') end,
      ',')
    from ${rankPositions}
    where ${rankPositions.keywordId} = ${keywords.id}
      and ${rankPositions.day} between ${from}::date and ${to}::date
  )`
  const tracked = trackedWhere(business.id, location)
  const rows = await db
    .select({
      id: keywords.id,
      keyword: keywords.keyword,
      keywordKey: keywords.keywordKey,
      createdAt: keywords.createdAt,
      sample: keywords.sample,
      checks,
      latest: latestCheckColumn,
      // The check the change is measured against, as the dashboard reads it (issue 32 item 1).
      previous: previousOk,
    })
    .from(keywords)
    .where(ids ? and(tracked, inArray(keywords.id, ids)) : tracked)
    .orderBy(asc(keywords.createdAt), asc(keywords.keyword), asc(keywords.id))
  return { days, from, to, rows }
}

type TrackedRow = Awaited<ReturnType<typeof readTracked>>['rows'][number]

/**
 * The rows as the history sends them: with the volume every other screen shows (the keyword data
 * provider's, issue 15 item 1) and the same searches' Search Console positions (site-wide, so
 * every location's keyword of that text shows them; one query for all: search-console-positions.ts).
 */
async function historyKeywords(
  { db, keywordData, business, location, range }: HistoryRequest,
  rows: TrackedRow[],
  days: string[],
): Promise<RankHistoryKeyword[]> {
  const from = days[0] ?? ''
  const to = days.at(-1) ?? from
  const searchConsole = searchConsolePositions({
    db,
    businessId: business.id,
    keywordKeys: rows.map((row) => row.keywordKey),
    from,
    to,
  })
  const described = Promise.all(
    rows.map(async (row) => {
      const figures = await keywordData.describe(row.keyword, business, location.id)
      return {
        ...toTracked(row),
        volume: figures.volume,
        volumeSource: figures.volumeSource ?? ({ kind: 'estimate' } as const),
        checks: decodeChecks(row.checks, range),
        previousPosition: row.previous === null ? null : Number(row.previous),
        latestCheck: decodeLatest(row.latest),
      }
    }),
  )
  const [positions, withVolumes] = await Promise.all([searchConsole, described])
  return withVolumes.map((keyword, i) => ({
    ...keyword,
    searchConsole: positions.get(rows[i]?.keywordKey ?? '') ?? null,
  }))
}

/**
 * The keyword's newest check as one JSON value: provider, time, source and the map-pack answer
 * (issue 17), for the source shown beside its position and 'Map pack #n', and what a drop's second
 * check found (ADR 039).
 */
const latestCheckColumn = sql<LatestRow | null>`(
  select json_build_object(
    'provider', ${rankPositions.provider}, 'checkedAt', ${rankPositions.checkedAt},
    'source', ${rankPositions.source}, 'mapStatus', ${rankPositions.mapStatus},
    'mapPosition', ${rankPositions.mapPosition}, 'mapReason', ${rankPositions.mapReason},
    'recheck', ${rankPositions.recheck})
  from ${rankPositions} where ${rankPositions.keywordId} = ${keywords.id}
  order by ${rankPositions.day} desc limit 1)`

interface LatestRow {
  provider: string | null
  checkedAt: string
  source: 'simulated' | 'measured'
  mapStatus: 'ok' | 'failed' | null
  mapPosition: number | null
  mapReason: string | null
  recheck: string | null
}

function decodeLatest(row: LatestRow | string | null): LatestCheck | null {
  if (row === null) return null
  // PGlite answers json as an object, node-postgres too; a string only from a text cast.
  const value = typeof row === 'string' ? (JSON.parse(row) as LatestRow) : row
  const map =
    value.mapStatus === 'ok'
      ? { status: 'ok' as const, position: value.mapPosition }
      : value.mapStatus === 'failed'
        ? { status: 'failed' as const, reason: value.mapReason ?? 'The map search failed.' }
        : null
  return {
    provider: value.provider,
    checkedAt: new Date(value.checkedAt).toISOString(),
    simulated: value.source === 'simulated',
    map,
    recheck: value.recheck,
  }
}

/** "0:12,1:f,2:a,4:9" -> [12, 'failed', 'absent', null, 9, …]: one slot per day of the range. */
function decodeChecks(encoded: string | null, range: number): RankCheck[] {
  const checks: RankCheck[] = new Array<RankCheck>(range).fill(null)
  if (!encoded) return checks
  for (const item of encoded.split(',')) {
    const colon = item.indexOf(':')
    const offset = Number(item.slice(0, colon))
    const value = item.slice(colon + 1)
    if (offset >= 0 && offset < range) {
      checks[offset] = value === 'f' ? 'failed' : value === 'a' ? 'absent' : Number(value)
    }
  }
  return checks
}
