// One business or one of its locations, as the Rank Tracker reads it: its tracked keywords (the
// keyword entity, docs/decisions/016-one-keyword-entity.md) and the marker that its defaults were filled.
import { and, eq, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { defaultRankKeywords, type TrackedKeyword } from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankScopes } from '../../db/schema/rank-tracker.js'
import { scopeId, scopeWhere, upsertKeyword, type RankProvider } from '../keywords/public.js'

/** The tracked keywords of the scope. */
export function trackedWhere(businessId: string, location: ResolvedLocation): SQL | undefined {
  return and(scopeWhere(businessId, location), eq(keywords.tracked, true))
}

export const toTracked = (
  row: Pick<typeof keywords.$inferSelect, 'id' | 'keyword' | 'createdAt' | 'sample'>,
): TrackedKeyword => ({
  id: row.id,
  keyword: row.keyword,
  sample: row.sample,
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
  await db.transaction(async (tx) => {
    // The scope row is the "first viewed" marker: only the request that inserts it fills defaults.
    const [scope] = await tx
      .insert(rankScopes)
      .values({ businessId: business.id, locationId: scopeId(location), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: rankScopes.id })
    if (!scope) return
    for (const keyword of defaultRankKeywords(business, location.city)) {
      // Defaults are ours, not the owner's: labelled 'Sample' like the sign-up data (issue 15 item 2).
      await upsertKeyword(tx, {
        businessId: business.id,
        location,
        keyword,
        role: 'tracked',
        now,
        sample: true,
      })
    }
  })
}
