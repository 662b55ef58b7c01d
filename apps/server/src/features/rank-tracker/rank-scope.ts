// One business or one of its locations, as the Rank Tracker stores it: the main business is the row
// with location_id NULL. Every query carries the caller's business id (docs/house-rules.md "Tenant
// scoping inside the query").
import { and, eq, isNull, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { defaultRankKeywords, keywordKey, type TrackedKeyword } from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import { rankKeywords, rankScopes } from '../../db/schema/rank-tracker.js'
import type { RankProvider } from './rank-provider.js'

/** The main business is stored as location_id NULL. */
export function scopeId(location: ResolvedLocation): string | null {
  return location.isMain ? null : location.id
}

/** Equality that uses the (business_id, location_id, …) index for the main business too. */
export function inScope(
  column: typeof rankKeywords.locationId | typeof rankScopes.locationId,
  id: string | null,
) {
  return id === null ? isNull(column) : eq(column, id)
}

export function scopeWhere(businessId: string, location: ResolvedLocation): SQL | undefined {
  return and(
    eq(rankKeywords.businessId, businessId),
    inScope(rankKeywords.locationId, scopeId(location)),
  )
}

export interface KeywordRow {
  id: string
  keyword: string
  keywordKey: string
  createdAt: Date
}

export const toTracked = (
  row: Pick<KeywordRow, 'id' | 'keyword' | 'createdAt'>,
): TrackedKeyword => ({
  id: row.id,
  keyword: row.keyword,
  createdAt: row.createdAt.toISOString(),
})

/** What every request for one business or location's rankings carries. */
export interface ScopeRequest {
  db: Db
  provider: RankProvider
  business: Business
  location: ResolvedLocation
  now: Date
}

/** The first view of a scope fills the docs/product.md §9 default keywords, once. */
export async function fillDefaults({
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
