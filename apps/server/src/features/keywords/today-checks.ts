// The checks of one day: the scheduled check of every tracked keyword that lacks today's, today's
// check of an analysed keyword, and the owner's Refresh, which asks today again (rank-checks.ts asks
// and stores; rank-store.ts says why a day already stored stays or is replaced).
import type { Business } from '@localseo/shared/business'
import {
  MAIN_LOCATION,
  resolveLocation,
  type ResolvedLocation,
} from '@localseo/shared/location-selection'
import type { RankMove } from '@localseo/shared/confirmed-drops'
import { dayOf } from '@localseo/shared/rank-tracker'
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { roleWhere, type KeywordRow } from './keyword-store.js'
import { checkAndStore, type CheckRequest } from './rank-checks.js'

/**
 * The day's scheduled check (issue 16 item 2): every tracked keyword of every scope of the business
 * that has no check for today gets one; a keyword checked today already is left as it is, so a
 * second run on the same day changes nothing. Missed days are not filled in. Checks past the daily
 * query budget are deferred: nothing is stored and tomorrow's run asks them. `checkedBefore` counts
 * the tracked keywords that had today's check already (a first check, a Refresh, or a try of this
 * run that was cut off before it could store its outcome), so a run's outcome says how many have
 * today's position, not only how many this try asked (issue 31 item 6).
 */
export async function checkTrackedToday(
  request: Omit<CheckRequest, 'business' | 'location'> & { business: Business },
): Promise<{
  checked: number
  checkedBefore: number
  failed: number
  deferred: number
  moves: DayMove[]
}> {
  const { db, business, now } = request
  const today = dayOf(now)
  const stored: TodayCheck[] = []
  let failed = 0
  let checkedBefore = 0
  const deferred = { count: 0 }
  for (const scope of [MAIN_LOCATION, ...business.locations.map((l) => l.id)]) {
    const location = resolveLocation(business, scope)
    const tracked = await trackedWithChecks(db, business.id, location, today)
    const rows = tracked.filter((row) => row.checks === null)
    checkedBefore += tracked.length - rows.length
    const wanted = rows.map((keyword) => ({ keyword, days: [today] }))
    const texts = new Map(rows.map((row) => [row.id, row.keyword]))
    const rowsStored = await checkAndStore({ ...request, location, wanted, deferred })
    for (const row of rowsStored) {
      if (row.status === 'failed') failed++
      stored.push({
        keywordId: row.keywordId,
        keyword: texts.get(row.keywordId) ?? '',
        status: row.status,
        position: row.position,
        mapStatus: row.mapStatus,
        mapPosition: row.mapPosition,
        provider: row.provider,
        checkedAt: row.checkedAt,
      })
    }
  }
  const moves = await movesSince(db, business.id, today, stored)
  return { checked: stored.length, checkedBefore, failed, deferred: deferred.count, moves }
}

/** The scope's tracked keywords, each with how many times `day` was checked (null: not yet). */
function trackedWithChecks(db: Db, businessId: string, location: ResolvedLocation, day: string) {
  return db
    .select({
      id: keywords.id,
      keywordKey: keywords.keywordKey,
      keyword: keywords.keyword,
      checks: rankPositions.checks,
    })
    .from(keywords)
    .leftJoin(
      rankPositions,
      and(eq(rankPositions.keywordId, keywords.id), eq(rankPositions.day, day)),
    )
    .where(roleWhere(businessId, location, 'tracked'))
}

/** Today's stored check of a tracked keyword, as the moves read it. */
interface TodayCheck {
  keywordId: string
  keyword: string
  status: 'ok' | 'failed'
  /** null on an ok check: not in the top 100. */
  position: number | null
  mapStatus: 'ok' | 'failed' | null
  mapPosition: number | null
  provider: string
  checkedAt: Date
}

/**
 * A tracked keyword's position today next to its last successful one before today, in the organic
 * results or the map results, with the check that found it (a drop's recheck names it, ADR 039).
 */
export type DayMove = RankMove & { keywordId: string; provider: string; checkedAt: Date }

/**
 * Today's successful checks that have an earlier one to compare with, organic and map apart: a
 * failed check has no position, so it is never a move (issue 34 item 5), today's or the earlier one.
 */
async function movesSince(
  db: Db,
  businessId: string,
  today: string,
  checks: TodayCheck[],
): Promise<DayMove[]> {
  const organic = checks.filter((c) => c.status === 'ok')
  const map = checks.filter((c) => c.mapStatus === 'ok')
  const [organicBefore, mapBefore] = await Promise.all([
    earlierPositions(
      db,
      businessId,
      today,
      organic,
      rankPositions.position,
      eq(rankPositions.status, 'ok'),
    ),
    earlierPositions(
      db,
      businessId,
      today,
      map,
      rankPositions.mapPosition,
      eq(rankPositions.mapStatus, 'ok'),
    ),
  ])
  const move = (check: TodayCheck, kind: RankMove['kind'], from: number | null | undefined) => {
    const to = kind === 'map' ? check.mapPosition : check.position
    if (from == null) return []
    const { keywordId, keyword, provider, checkedAt } = check
    return [{ kind, keywordId, keyword, from, to, provider, checkedAt }]
  }
  return [
    ...organic.flatMap((check) => move(check, 'organic', organicBefore.get(check.keywordId))),
    ...map.flatMap((check) => move(check, 'map', mapBefore.get(check.keywordId))),
  ]
}

/** Each keyword's position in its last successful check before today (organic or map), in one query. */
async function earlierPositions(
  db: Db,
  businessId: string,
  today: string,
  checks: TodayCheck[],
  position: typeof rankPositions.position | typeof rankPositions.mapPosition,
  answered: SQL,
): Promise<Map<string, number | null>> {
  if (checks.length === 0) return new Map()
  const earlier = await db
    .selectDistinctOn([rankPositions.keywordId], { keywordId: rankPositions.keywordId, position })
    .from(rankPositions)
    .where(
      and(
        eq(rankPositions.businessId, businessId),
        inArray(
          rankPositions.keywordId,
          checks.map((c) => c.keywordId),
        ),
        lt(rankPositions.day, today),
        answered,
      ),
    )
    .orderBy(rankPositions.keywordId, desc(rankPositions.day))
  return new Map(earlier.map((row) => [row.keywordId, row.position]))
}

/** Today's check of one keyword, unless it has one: a position is the same all day on every screen. */
export async function checkToday({
  keyword,
  ...request
}: CheckRequest & { keyword: Pick<KeywordRow, 'id' | 'keywordKey'> }) {
  await checkAndStore({ ...request, wanted: [{ keyword, days: [dayOf(request.now)] }] })
}

/**
 * Refresh (the Rank Tracker's button): today's check of every tracked keyword of the scope, asked
 * again. The new answer replaces today's; a query past the daily budget is not asked, and today's
 * stored check, if any, stays. A keyword removed while its check ran is left out.
 */
export async function refreshTracked(
  request: CheckRequest,
): Promise<{ day: string; checked: number; failed: number; deferred: number }> {
  const { db, business, location, now } = request
  const day = dayOf(now)
  const rows = await trackedWithChecks(db, business.id, location, day)
  const wanted = rows.map((keyword) => ({
    keyword,
    days: [day],
    attempt: (keyword.checks ?? 0) + 1,
  }))
  const deferred = { count: 0 }
  const stored = await checkAndStore({
    ...request,
    wanted,
    deferred,
    sameDay: 'replace',
    remainingIds: async () => {
      const remaining = await db
        .select({ id: keywords.id })
        .from(keywords)
        .where(roleWhere(business.id, location, 'tracked'))
      return new Set(remaining.map((row) => row.id))
    },
  })
  const failed = stored.filter((row) => row.status === 'failed').length
  return { day, checked: stored.length, failed, deferred: deferred.count }
}
