// The stored daily checks of tracked keywords: asking the provider for the days a keyword lacks and
// storing what it answered, failures included (a failed check is stored as failed, never as 0).
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { and, eq, max } from 'drizzle-orm'
import { RANK_BACKFILL_DAYS, addDays, dayOf } from '@localseo/shared/rank-tracker'
import type { Db, Tx } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { RankProvider, RankQuery, RankResult } from './rank-provider.js'
import { scopeWhere, type KeywordRow } from './keyword-store.js'

/** The row a provider's answer becomes: its position, or a failed check (never a made-up 0). */
export function storedCheck(
  result: RankResult | undefined,
  where: { keywordId: string; businessId: string; day: string; checkedAt: Date },
  provider: Pick<RankProvider, 'simulated'>,
) {
  const ok = result?.status === 'ok'
  return {
    ...where,
    status: ok ? ('ok' as const) : ('failed' as const),
    position: ok ? result.position : null,
    source: provider.simulated ? ('simulated' as const) : ('measured' as const),
    reason:
      result?.status === 'failed' ? result.reason : ok ? null : 'The provider gave no answer.',
  }
}

/** Inserts in slices, so a 500-keyword backfill stays under PostgreSQL's parameter limit. */
const INSERT_SLICE = 2000

/**
 * Asks the provider for every (keyword, day) in one batch and stores the answers. The provider is
 * called outside any transaction (a real one is slow); rows that appeared meanwhile are kept.
 */
async function storeChecks({
  db,
  provider,
  business,
  location,
  wanted,
  now,
}: {
  db: Db | Tx
  provider: RankProvider
  business: Pick<Business, 'id'>
  location: ResolvedLocation
  wanted: { keyword: Pick<KeywordRow, 'id' | 'keywordKey'>; days: string[] }[]
  now: Date
}) {
  const pairs = wanted.flatMap(({ keyword, days }) => days.map((day) => ({ keyword, day })))
  if (pairs.length === 0) return
  const queries: RankQuery[] = pairs.map(({ keyword, day }) => ({
    businessId: business.id,
    locationId: location.id,
    city: location.city,
    keyword: keyword.keywordKey,
    day,
    attempt: 1,
  }))
  const results = await provider.check(queries)
  const rows = pairs.map(({ keyword, day }, i) =>
    storedCheck(
      results[i],
      { keywordId: keyword.id, businessId: business.id, day, checkedAt: now },
      provider,
    ),
  )
  for (let i = 0; i < rows.length; i += INSERT_SLICE) {
    await db
      .insert(rankPositions)
      .values(rows.slice(i, i + INSERT_SLICE))
      .onConflictDoNothing()
  }
}

/**
 * Stores the checks the scope's tracked keywords lack up to today (backfilled as the simulation's
 * past), so every screen that shows a position reads a stored one. Issue 16 moves this to a daily job.
 */
export async function checkMissingDays({
  db,
  provider,
  business,
  location,
  now,
}: {
  db: Db
  provider: RankProvider
  business: Pick<Business, 'id'>
  location: ResolvedLocation
  now: Date
}) {
  const rows = await db
    .select({ id: keywords.id, keywordKey: keywords.keywordKey, lastDay: max(rankPositions.day) })
    .from(keywords)
    .leftJoin(rankPositions, eq(rankPositions.keywordId, keywords.id))
    .where(and(scopeWhere(business.id, location), keywords.tracked))
    .groupBy(keywords.id)
  const today = dayOf(now)
  const wanted = rows
    .map((row) => ({ keyword: row, days: missingDays(row.lastDay, today) }))
    .filter((w) => w.days.length > 0)
  await storeChecks({ db, provider, business, location, wanted, now })
}

/** Today's check of one keyword, unless it has one: a position is the same all day on every screen. */
export async function checkToday(args: {
  db: Db
  provider: RankProvider
  business: Pick<Business, 'id'>
  location: ResolvedLocation
  keyword: Pick<KeywordRow, 'id' | 'keywordKey'>
  now: Date
}) {
  await storeChecks({ ...args, wanted: [{ keyword: args.keyword, days: [dayOf(args.now)] }] })
}

/** The days a keyword still lacks: after its last stored day, at most the backfill window. */
function missingDays(lastDay: string | null, today: string): string[] {
  const first = addDays(today, -(RANK_BACKFILL_DAYS - 1))
  const from = lastDay && lastDay >= first ? addDays(lastDay, 1) : first
  const days: string[] = []
  for (let day = from; day <= today; day = addDays(day, 1)) days.push(day)
  return days
}
