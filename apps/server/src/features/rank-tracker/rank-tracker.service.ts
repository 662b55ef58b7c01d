// Rank Tracker (issue 7): tracked keywords per business and location, and their stored daily checks.
// Every query carries the caller's business id (docs/house-rules.md "Tenant scoping inside the query").
import { and, asc, eq, isNull, max, sql, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import {
  MAX_TRACKED_KEYWORDS,
  RANK_BACKFILL_DAYS,
  addDays,
  dayOf,
  defaultRankKeywords,
  keywordKey,
  rangeDays,
  type RankCheck,
  type RankHistory,
  type RankRange,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import type { Db, Tx } from '../../db/client.js'
import { rankKeywords, rankPositions, rankScopes } from '../../db/schema/rank-tracker.js'
import { recordActivity } from '../../lib/activity.js'
import { isForeignKeyViolation } from '../../lib/db-errors.js'
import { AppError } from '../../lib/errors.js'
import type { RankProvider, RankQuery } from './rank-provider.js'

/** The main business is stored as location_id NULL. */
function scopeId(location: ResolvedLocation): string | null {
  return location.isMain ? null : location.id
}

/** Equality that uses the (business_id, location_id, …) index for the main business too. */
function inScope(
  column: typeof rankKeywords.locationId | typeof rankScopes.locationId,
  id: string | null,
) {
  return id === null ? isNull(column) : eq(column, id)
}

function scopeWhere(businessId: string, location: ResolvedLocation): SQL | undefined {
  return and(
    eq(rankKeywords.businessId, businessId),
    inScope(rankKeywords.locationId, scopeId(location)),
  )
}

interface KeywordRow {
  id: string
  keyword: string
  keywordKey: string
  createdAt: Date
}

const toTracked = (row: Pick<KeywordRow, 'id' | 'keyword' | 'createdAt'>): TrackedKeyword => ({
  id: row.id,
  keyword: row.keyword,
  createdAt: row.createdAt.toISOString(),
})

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
  const rows = pairs.map(({ keyword, day }, i) => {
    const result = results[i]
    const ok = result?.status === 'ok'
    return {
      keywordId: keyword.id,
      businessId: business.id,
      day,
      status: ok ? ('ok' as const) : ('failed' as const),
      position: ok ? result.position : null,
      checkedAt: now,
    }
  })
  for (let i = 0; i < rows.length; i += INSERT_SLICE) {
    await db
      .insert(rankPositions)
      .values(rows.slice(i, i + INSERT_SLICE))
      .onConflictDoNothing()
  }
}

/** The days a keyword still lacks: after its last stored day, at most the backfill window. */
function missingDays(lastDay: string | null, today: string): string[] {
  const first = addDays(today, -(RANK_BACKFILL_DAYS - 1))
  const from = lastDay && lastDay >= first ? addDays(lastDay, 1) : first
  const days: string[] = []
  for (let day = from; day <= today; day = addDays(day, 1)) days.push(day)
  return days
}

async function fillDefaults({
  db,
  business,
  location,
  now,
}: {
  db: Db
  business: Business
  location: ResolvedLocation
  now: Date
}) {
  const locationId = scopeId(location)
  await db.transaction(async (tx) => {
    // The scope row is the "first viewed" marker: only the request that inserts it fills defaults.
    const [scope] = await tx
      .insert(rankScopes)
      .values({ businessId: business.id, locationId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: rankScopes.id })
    if (!scope) return
    const keywords = defaultRankKeywords(business.category, location.city)
    await tx
      .insert(rankKeywords)
      .values(
        keywords.map((keyword) => ({
          businessId: business.id,
          locationId,
          keyword,
          keywordKey: keywordKey(keyword),
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
  })
}

/** What every request for one business or location's rankings carries. */
interface ScopeRequest {
  db: Db
  provider: RankProvider
  business: Business
  location: ResolvedLocation
  now: Date
}

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

/**
 * Every tracked keyword of the scope with its checks over the range, in ONE query whatever the
 * number of keywords (issue 7 "Scale"). Each keyword's checks come back as one compact string
 * ("dayOffset:position|f,…") built by a correlated subquery on the (keyword_id, day) primary key,
 * so the database neither sorts 45 000 rows nor sends them one by one (3x faster on PGlite).
 */
export async function getRankHistory({
  db,
  businessId,
  location,
  range,
  now,
  simulated,
}: {
  db: Db
  businessId: string
  location: ResolvedLocation
  range: RankRange
  now: Date
  simulated: boolean
}): Promise<RankHistory> {
  const days = rangeDays(dayOf(now), range)
  const from = days[0] ?? dayOf(now)
  const to = days.at(-1) ?? from
  // No ORDER BY inside the aggregate: every item carries its day offset, so order does not matter.
  const checks = sql<string | null>`(
    select string_agg(
      (${rankPositions.day} - ${from}::date)::text || ':' || coalesce(${rankPositions.position}::text, 'f'),
      ',')
    from ${rankPositions}
    where ${rankPositions.keywordId} = ${rankKeywords.id}
      and ${rankPositions.day} between ${from}::date and ${to}::date
  )`
  const rows = await db
    .select({
      id: rankKeywords.id,
      keyword: rankKeywords.keyword,
      createdAt: rankKeywords.createdAt,
      checks,
    })
    .from(rankKeywords)
    .where(scopeWhere(businessId, location))
    .orderBy(asc(rankKeywords.createdAt), asc(rankKeywords.keyword), asc(rankKeywords.id))

  const keywords = rows.map((row) => ({
    ...toTracked(row),
    checks: decodeChecks(row.checks, range),
  }))
  return { range, days, keywords, simulated }
}

/** "0:12,1:f,3:9" -> [12, 'failed', null, 9, …]: one slot per day of the range. */
function decodeChecks(encoded: string | null, range: number): RankCheck[] {
  const checks: RankCheck[] = new Array<RankCheck>(range).fill(null)
  if (!encoded) return checks
  for (const item of encoded.split(',')) {
    const colon = item.indexOf(':')
    const offset = Number(item.slice(0, colon))
    const value = item.slice(colon + 1)
    if (offset >= 0 && offset < range) checks[offset] = value === 'f' ? 'failed' : Number(value)
  }
  return checks
}

/** Refresh re-checks today for every tracked keyword of the scope; the new answer replaces today's. */
export async function refreshRankings({
  db,
  provider,
  business,
  location,
  now,
}: ScopeRequest): Promise<{ day: string; checked: number; failed: number }> {
  const day = dayOf(now)
  const rows = await db
    .select({
      id: rankKeywords.id,
      keywordKey: rankKeywords.keywordKey,
      checks: rankPositions.checks,
    })
    .from(rankKeywords)
    .leftJoin(
      rankPositions,
      and(eq(rankPositions.keywordId, rankKeywords.id), eq(rankPositions.day, day)),
    )
    .where(scopeWhere(business.id, location))
  if (rows.length === 0) return { day, checked: 0, failed: 0 }
  const results = await provider.check(
    rows.map((row) => ({
      businessId: business.id,
      locationId: location.id,
      city: location.city,
      keyword: row.keywordKey,
      day,
      attempt: (row.checks ?? 0) + 1,
    })),
  )
  const values = rows.map((row, i) => {
    const result = results[i]
    const ok = result?.status === 'ok'
    return {
      keywordId: row.id,
      businessId: business.id,
      day,
      status: ok ? ('ok' as const) : ('failed' as const),
      position: ok ? result.position : null,
      checks: (row.checks ?? 0) + 1,
      checkedAt: now,
    }
  })
  const save = (list: typeof values) =>
    db
      .insert(rankPositions)
      .values(list)
      .onConflictDoUpdate({
        target: [rankPositions.keywordId, rankPositions.day],
        set: {
          status: sql`excluded.status`,
          position: sql`excluded.position`,
          checks: sql`${rankPositions.checks} + 1`,
          checkedAt: sql`excluded.checked_at`,
        },
      })
  try {
    await save(values)
  } catch (error) {
    // A keyword removed while its check ran: save the results of the keywords that remain.
    if (!isForeignKeyViolation(error)) throw error
    const remaining = new Set(
      (
        await db
          .select({ id: rankKeywords.id })
          .from(rankKeywords)
          .where(scopeWhere(business.id, location))
      ).map((r) => r.id),
    )
    const kept = values.filter((v) => remaining.has(v.keywordId))
    if (kept.length > 0) await save(kept)
  }
  return { day, checked: values.length, failed: values.filter((v) => v.status === 'failed').length }
}
