// Keyword Planner (docs/product.md §2): searches of the keyword engine, and the owner's saved keywords.
// A saved keyword is the keyword entity playing the 'saved' role, per business and location
// (docs/decisions/016-one-keyword-entity.md); its figures are the keyword data provider's, read when
// listed, so they agree with Keyword Analysis, the Rank Tracker and the dashboard.
import { desc, sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  searchKeywordIdeas,
  type KeywordDataProvider,
  type PlannerKeyword,
  type PlannerQuery,
} from '@localseo/shared/keyword-engine'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { keywordKey } from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness } from '../../lib/tenant.js'
import { releaseKeyword, roleWhere, upsertKeyword } from '../keywords/public.js'

/** Enough for a six-month plan; a bound so one owner cannot grow the table without limit. */
const SAVED_KEYWORD_LIMIT = 200

export async function searchPlanner({
  provider,
  business,
  locationId,
  query,
}: {
  provider: KeywordDataProvider
  business: Business
  locationId?: string
  query: PlannerQuery
}): Promise<PlannerKeyword[]> {
  const ideas = await provider.ideas({ business, locationId, seed: query.q })
  return searchKeywordIdeas(ideas, query)
}

export interface SavedScope {
  db: Db
  provider: KeywordDataProvider
  business: Business
  location: ResolvedLocation
}

export type SavedKeyword = PlannerKeyword & { id: string; createdAt: string; sample: boolean }

const savedWhere = ({ business, location }: SavedScope) => roleWhere(business.id, location, 'saved')

export async function listSavedKeywords(scope: SavedScope): Promise<SavedKeyword[]> {
  const rows = await scope.db
    .select()
    .from(keywords)
    .where(savedWhere(scope))
    .orderBy(desc(keywords.savedAt), desc(keywords.id))
    .limit(SAVED_KEYWORD_LIMIT)
  return Promise.all(
    rows.map(async (row) => ({
      ...(await scope.provider.describe(row.keyword, scope.business, scope.location.id)),
      id: row.id,
      sample: row.sample,
      createdAt: (row.savedAt ?? row.createdAt).toISOString(),
    })),
  )
}

/** Saves a keyword of the scope. The same text twice is a 409 (docs/product.md §5). */
export async function saveKeyword(
  scope: SavedScope & { keyword: string; now: Date },
): Promise<SavedKeyword> {
  const { db, business, location, keyword, now } = scope
  const row = await db.transaction(async (tx) => {
    // Serialises saves of one business, so neither the duplicate check nor the limit can be raced.
    await lockBusiness(tx, business.id)
    const [{ saved = 0, same = 0 } = {}] = await tx
      .select({
        saved: sql<number>`count(*)::int`,
        same: sql<number>`count(*) filter (where ${keywords.keywordKey} = ${keywordKey(keyword)})::int`,
      })
      .from(keywords)
      .where(savedWhere(scope))
    if (same > 0) throw new AppError('conflict', 'This keyword is already saved.')
    if (saved >= SAVED_KEYWORD_LIMIT) {
      throw new AppError('conflict', `You can save up to ${SAVED_KEYWORD_LIMIT} keywords.`)
    }
    return upsertKeyword(tx, { businessId: business.id, location, keyword, role: 'saved', now })
  })
  return {
    ...(await scope.provider.describe(row.keyword, business, location.id)),
    id: row.id,
    sample: row.sample,
    createdAt: now.toISOString(),
  }
}

/** Unsaves a keyword; one the owner neither analysed nor tracks goes with it. A foreign id is a 404. */
export async function removeSavedKeyword({
  db,
  businessId,
  id,
  now,
}: {
  db: Db
  businessId: string
  id: string
  now: Date
}) {
  const row = await db.transaction((tx) =>
    releaseKeyword(tx, { businessId, keywordId: id, role: 'saved', now }),
  )
  if (!row) throw new AppError('not_found', 'That saved keyword does not exist.')
}
