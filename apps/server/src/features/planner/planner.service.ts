// Keyword Planner (docs/product.md §2): searches of the keyword engine, and the owner's saved keywords, stored
// per business on the server (issue 6) instead of browser storage.
import { and, desc, eq } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  searchKeywordIdeas,
  type KeywordDataProvider,
  type PlannerKeyword,
  type PlannerQuery,
} from '@localseo/shared/keyword-engine'
import type { Db } from '../../db/client.js'
import { savedKeywords } from '../../db/schema/planner.js'
import { AppError } from '../../lib/errors.js'

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

type SavedRow = typeof savedKeywords.$inferSelect

function toSavedKeyword(row: SavedRow) {
  return {
    id: row.id,
    keyword: row.keyword,
    volume: row.volume,
    difficulty: row.difficulty,
    cpc: row.cpc,
    competition: row.competition,
    relevance: row.relevance,
    intent: row.intent,
    trend: row.trend,
    createdAt: row.createdAt.toISOString(),
  }
}

export type SavedKeyword = ReturnType<typeof toSavedKeyword>

export async function listSavedKeywords({ db, businessId }: { db: Db; businessId: string }) {
  const rows = await db
    .select()
    .from(savedKeywords)
    .where(eq(savedKeywords.businessId, businessId))
    .orderBy(desc(savedKeywords.createdAt), desc(savedKeywords.id))
    .limit(SAVED_KEYWORD_LIMIT)
  return rows.map(toSavedKeyword)
}

/**
 * Saves a keyword with the engine's figures, computed here rather than taken from the request. The
 * same keyword text twice is a 409 (docs/product.md §5), enforced by the unique index so two saves at once
 * cannot both win.
 */
export async function saveKeyword({
  db,
  businessId,
  keyword,
  now,
}: {
  db: Db
  businessId: string
  keyword: PlannerKeyword
  now: Date
}): Promise<SavedKeyword> {
  const existing = await listSavedKeywords({ db, businessId })
  if (existing.some((k) => k.keyword === keyword.keyword)) {
    throw new AppError('conflict', 'This keyword is already saved.')
  }
  if (existing.length >= SAVED_KEYWORD_LIMIT) {
    throw new AppError('conflict', `You can save up to ${SAVED_KEYWORD_LIMIT} keywords.`)
  }
  const [row] = await db
    .insert(savedKeywords)
    .values({ ...keyword, businessId, createdAt: now })
    .onConflictDoNothing({ target: [savedKeywords.businessId, savedKeywords.keyword] })
    .returning()
  if (!row) throw new AppError('conflict', 'This keyword is already saved.')
  return toSavedKeyword(row)
}

export async function removeSavedKeyword({
  db,
  businessId,
  id,
}: {
  db: Db
  businessId: string
  id: string
}) {
  const [row] = await db
    .delete(savedKeywords)
    .where(and(eq(savedKeywords.id, id), eq(savedKeywords.businessId, businessId)))
    .returning({ id: savedKeywords.id })
  if (!row) throw new AppError('not_found', 'That saved keyword does not exist.')
}
