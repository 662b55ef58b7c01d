// One business or one of its locations, as the Rank Tracker reads it: its tracked keywords (the
// keyword entity, docs/decisions/016-one-keyword-entity.md).
import type { SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import type { keywords } from '../../db/schema/keywords.js'
import {
  roleWhere,
  type OnMapSearched,
  type OnPlaceFound,
  type RankProvider,
} from '../keywords/public.js'

/** The tracked keywords of the scope. */
export function trackedWhere(businessId: string, location: ResolvedLocation): SQL | undefined {
  return roleWhere(businessId, location, 'tracked')
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
  /** Where a map search found the business, kept by the business feature (deps.recordFoundPlace). */
  onPlaceFound: OnPlaceFound
  onMapSearched: OnMapSearched
}
