// Rank Tracker (issue 7): the tracked keywords of a business or location: list, add, remove.
// Every query carries the caller's business id (docs/house-rules.md "Tenant scoping inside the query").
import { and, asc, eq, max, sql } from 'drizzle-orm'
import {
  MAX_TRACKED_KEYWORDS,
  dayOf,
  keywordKey,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import { rankKeywords, rankPositions, rankScopes } from '../../db/schema/rank-tracker.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'
import { storeChecks, missingDays } from './rank-checks.js'
import {
  fillDefaults,
  inScope,
  scopeId,
  scopeWhere,
  toTracked,
  type ScopeRequest,
} from './rank-scope.js'

/**
 * The tracked keywords of a business or location. The first view fills the docs/product.md §9 defaults; every
 * view records the checks missing up to today (backfilled as the simulation's past).
 */
export async function listTrackedKeywords({
  db,
  provider,
  business,
  location,
  now,
}: ScopeRequest): Promise<TrackedKeyword[]> {
  const [seeded] = await db
    .select({ id: rankScopes.id })
    .from(rankScopes)
    .where(
      and(
        eq(rankScopes.businessId, business.id),
        inScope(rankScopes.locationId, scopeId(location)),
      ),
    )
  if (!seeded) await fillDefaults({ db, business, location, now })

  const rows = await db
    .select({
      id: rankKeywords.id,
      keyword: rankKeywords.keyword,
      keywordKey: rankKeywords.keywordKey,
      createdAt: rankKeywords.createdAt,
      lastDay: max(rankPositions.day),
    })
    .from(rankKeywords)
    .leftJoin(rankPositions, eq(rankPositions.keywordId, rankKeywords.id))
    .where(scopeWhere(business.id, location))
    .groupBy(rankKeywords.id)
    .orderBy(asc(rankKeywords.createdAt), asc(rankKeywords.keyword))
  const today = dayOf(now)
  const wanted = rows
    .map((row) => ({ keyword: row, days: missingDays(row.lastDay, today) }))
    .filter((w) => w.days.length > 0)
  await storeChecks({ db, provider, business, location, wanted, now })
  return rows.map(toTracked)
}

/** docs/product.md §5: trimmed, non-empty, ignored when already tracked. New keywords get 90 days of history. */
export async function trackKeyword({
  db,
  provider,
  business,
  location,
  keyword,
  now,
}: ScopeRequest & { keyword: string }): Promise<{ keyword: TrackedKeyword; added: boolean }> {
  const locationId = scopeId(location)
  const key = keywordKey(keyword)
  const inserted = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(rankKeywords)
      .where(and(scopeWhere(business.id, location), eq(rankKeywords.keywordKey, key)))
    if (existing) return { row: existing, added: false }
    const [{ count = 0 } = {}] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(rankKeywords)
      .where(scopeWhere(business.id, location))
    if (count >= MAX_TRACKED_KEYWORDS) {
      throw new AppError(
        'conflict',
        `You can track up to ${MAX_TRACKED_KEYWORDS} keywords per location. Remove one first.`,
      )
    }
    // Adding counts as viewing: the defaults are never filled in on top of the owner's own list.
    await tx
      .insert(rankScopes)
      .values({ businessId: business.id, locationId, createdAt: now })
      .onConflictDoNothing()
    const [row] = await tx
      .insert(rankKeywords)
      .values({ businessId: business.id, locationId, keyword, keywordKey: key, createdAt: now })
      .onConflictDoNothing()
      .returning()
    if (!row) return undefined // a concurrent request added the same keyword
    await recordActivity(tx, {
      businessId: business.id,
      kind: 'rank_keyword_added',
      message: `Tracking keyword: ${keyword}`,
      now,
    })
    return { row, added: true }
  })
  if (!inserted) return trackKeyword({ db, provider, business, location, keyword, now })
  if (inserted.added) {
    const days = missingDays(null, dayOf(now))
    await storeChecks({
      db,
      provider,
      business,
      location,
      wanted: [{ keyword: inserted.row, days }],
      now,
    })
  }
  return { keyword: toTracked(inserted.row), added: inserted.added }
}

/** Removing a keyword removes its history with it (ON DELETE CASCADE). A foreign id is a 404. */
export async function untrackKeyword({
  db,
  businessId,
  keywordId,
  now,
}: {
  db: Db
  businessId: string
  keywordId: string
  now: Date
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(rankKeywords)
      .where(and(eq(rankKeywords.id, keywordId), eq(rankKeywords.businessId, businessId)))
      .returning({ keyword: rankKeywords.keyword })
    if (!row) throw new AppError('not_found', 'That keyword is not tracked.')
    await recordActivity(tx, {
      businessId,
      kind: 'rank_keyword_removed',
      message: `Stopped tracking keyword: ${row.keyword}`,
      now,
    })
  })
}
