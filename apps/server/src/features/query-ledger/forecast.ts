// The rest of the month's queries if the schedules run as set (issue 34 item 4, ADR 038): the daily
// rank checks of the tracked keywords and the weekly grid re-scans (automation's job_schedules and
// geo-grid/grid-jobs.ts), day by day, each day held to the daily budget as the real runs are.
import { DEFAULT_FREQUENCY, type Frequency } from '@localseo/shared/automation'
import type { Business } from '@localseo/shared/business'
import { pointOf } from '@localseo/shared/coordinates'
import { dayOf } from '@localseo/shared/rank-tracker'
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm'
import { jobSchedules } from '../../db/schema/automation.js'
import { geoGridScans } from '../../db/schema/geo-grid.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { AppDeps } from '../../lib/deps.js'
import { queryBudget } from '../keywords/public.js'

type ForecastDeps = Pick<AppDeps, 'db' | 'env'>

const DAY_MS = 86_400_000
/** Organic results are read 10 a page to the first 100 (keywords/serp-provider.ts). */
const MAX_PAGES = 10
/** A position older than this says little about how deep today's check reads. */
const POSITION_MEMORY_DAYS = 60
const PERIOD_DAYS: Partial<Record<Frequency, number>> = { daily: 1, weekly: 7 }
/** As geo-grid/grid-jobs.ts: a search scanned within six days is not re-scanned; five at most. */
const RECENT_MS = 6 * DAY_MS
const MAX_WEEKLY_SCANS = 5

/** The times of the runs still to come this month: from the next due time, every period. */
function runTimes(schedule: { frequency: Frequency; dueAt: Date }, now: Date, end: Date) {
  if (schedule.frequency === 'off') return []
  const times: number[] = []
  // A run due in the past is due now; a monthly schedule runs once more at most before `end`.
  const step = (PERIOD_DAYS[schedule.frequency] ?? Infinity) * DAY_MS
  for (let at = Math.max(schedule.dueAt.getTime(), now.getTime()); at < end.getTime(); at += step) {
    times.push(at)
  }
  return times
}

/**
 * Queries of one rank run: per tracked keyword, the results pages its last real position needed
 * (10 when not found or never measured) and one map search when its place has a map pin. Today's
 * run asks only the keywords that have no check today (keywords/today-checks.ts).
 */
async function rankRunQueries(db: ForecastDeps['db'], business: Business, now: Date) {
  const tracked = await db
    .select({ id: keywords.id, locationId: keywords.locationId })
    .from(keywords)
    .where(and(eq(keywords.businessId, business.id), eq(keywords.tracked, true)))
  if (tracked.length === 0) return { keywords: 0, queries: 0, today: 0 }
  const since = dayOf(new Date(now.getTime() - POSITION_MEMORY_DAYS * DAY_MS))
  const latest = await db
    .selectDistinctOn([rankPositions.keywordId], {
      keywordId: rankPositions.keywordId,
      day: rankPositions.day,
      status: rankPositions.status,
      source: rankPositions.source,
      position: rankPositions.position,
    })
    .from(rankPositions)
    .where(
      and(
        eq(rankPositions.businessId, business.id),
        gte(rankPositions.day, since),
        inArray(
          rankPositions.keywordId,
          tracked.map((k) => k.id),
        ),
      ),
    )
    .orderBy(rankPositions.keywordId, desc(rankPositions.day))
  const last = new Map(latest.map((row) => [row.keywordId, row]))
  const pinned = new Set(business.locations.filter((l) => pointOf(l)).map((l) => l.id))
  let queries = 0
  let today = 0
  for (const keyword of tracked) {
    const row = last.get(keyword.id)
    const measured = row?.status === 'ok' && row.source === 'measured' ? row.position : null
    const hasPin = keyword.locationId ? pinned.has(keyword.locationId) : pointOf(business) !== null
    const cost = (measured ? Math.ceil(measured / 10) : MAX_PAGES) + (hasPin ? 1 : 0)
    queries += cost
    if (row?.day !== dayOf(now)) today += cost
  }
  return { keywords: tracked.length, queries, today }
}

/**
 * The weekly re-scans to come, as grid-jobs.ts starts them: at each run, one search (keyword and
 * location, at most 5) whose latest scan is older than six days, with that scan's grid size.
 */
async function gridRunQueries(db: ForecastDeps['db'], businessId: string) {
  const latest = await db
    .selectDistinctOn([geoGridScans.keywordKey, geoGridScans.locationId], {
      gridSize: geoGridScans.gridSize,
      createdAt: geoGridScans.createdAt,
    })
    .from(geoGridScans)
    .where(and(eq(geoGridScans.businessId, businessId), isNotNull(geoGridScans.keywordId)))
    .orderBy(geoGridScans.keywordKey, geoGridScans.locationId, desc(geoGridScans.createdAt))
    .limit(MAX_WEEKLY_SCANS)
  const searches = latest.map((scan) => ({
    points: scan.gridSize ** 2,
    at: scan.createdAt.getTime(),
  }))
  return {
    searches: searches.length,
    /** The points the run at `time` scans (and remembers as scanned), 0 when none is due. */
    at(time: number, fits: (points: number) => boolean) {
      const due = searches.find((search) => search.at < time - RECENT_MS)
      if (!due || !fits(due.points)) return 0
      due.at = time
      return due.points
    },
  }
}

async function schedulesOf(db: ForecastDeps['db'], businessId: string) {
  const rows = await db
    .select({
      kind: jobSchedules.kind,
      frequency: jobSchedules.frequency,
      dueAt: jobSchedules.dueAt,
    })
    .from(jobSchedules)
    .where(
      and(
        eq(jobSchedules.businessId, businessId),
        inArray(jobSchedules.kind, ['rank_checks', 'grid_scans']),
      ),
    )
  // A business the planner has not reached yet runs on the defaults, due now.
  const of = (kind: 'rank_checks' | 'grid_scans') => {
    const row = rows.find((r) => r.kind === kind)
    return row
      ? { frequency: row.frequency as Frequency, dueAt: row.dueAt }
      : { frequency: DEFAULT_FREQUENCY[kind], dueAt: new Date(0) }
  }
  return { rank: of('rank_checks'), grid: of('grid_scans') }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The queries the rest of the month will use, per kind, and what was counted, in words. */
export async function forecastMonth(
  deps: ForecastDeps,
  business: Business,
  { simulated, now }: { simulated: boolean; now: Date },
) {
  if (simulated) {
    return {
      rank: 0,
      grid: 0,
      counts: ['Simulated checks cost nothing, so nothing more is counted.'],
    }
  }
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const schedules = await schedulesOf(deps.db, business.id)
  const runs = [
    ...runTimes(schedules.rank, now, end).map((time) => ({ time, kind: 'rank' as const })),
    ...runTimes(schedules.grid, now, end).map((time) => ({ time, kind: 'grid' as const })),
  ].sort((a, b) => a.time - b.time)
  const run = await rankRunQueries(deps.db, business, now)
  const scans = await gridRunQueries(deps.db, business.id)
  const limit = deps.env.SERP_DAILY_QUERY_BUDGET
  // What each UTC day has left of its budget: today's minus what it used already.
  const left = new Map([
    [dayOf(now), limit - (await queryBudget(deps.db, business.id, now, limit)).used],
  ])
  const spend = (time: number, queries: number) => {
    const day = dayOf(new Date(time))
    left.set(day, (left.get(day) ?? limit) - queries)
  }
  const leftOn = (time: number) => Math.max(0, left.get(dayOf(new Date(time))) ?? limit)
  let rank = 0
  let grid = 0
  for (const { time, kind } of runs) {
    // Checks past the day's budget wait for the next run; a scan that does not fit is not started.
    const queries =
      kind === 'rank'
        ? Math.min(dayOf(new Date(time)) === dayOf(now) ? run.today : run.queries, leftOn(time))
        : scans.at(time, (points) => points <= leftOn(time))
    spend(time, queries)
    if (kind === 'rank') rank += queries
    else grid += queries
  }
  const rankRuns = runs.filter((r) => r.kind === 'rank').length
  const todayRun = runs.some((r) => r.kind === 'rank' && dayOf(new Date(r.time)) === dayOf(now))
  const gridRuns = runs.length - rankRuns
  return {
    rank,
    grid,
    counts: [
      `Rank checks: ${plural(rankRuns, 'more run', 'more runs')} of ${plural(run.keywords, 'tracked keyword', 'tracked keywords')}, about ${plural(run.queries, 'query', 'queries')} each: the results pages each keyword needed last time (up to 10) and one map search where it has a map pin.${todayRun ? ` Today's run asks only the keywords not checked yet today (${plural(run.today, 'query', 'queries')}).` : ''}`,
      scans.searches > 0
        ? `Geo-grid scans: ${plural(gridRuns, 'more scheduled run', 'more scheduled runs')}; each re-scans one of your ${plural(scans.searches, 'grid', 'grids')} not scanned in the last 6 days.`
        : 'Geo-grid scans: none, as no grid has been scanned yet.',
      'No day uses more than the daily budget. Refreshes, new keywords and scans you start yourself are not counted ahead.',
    ],
  }
}
