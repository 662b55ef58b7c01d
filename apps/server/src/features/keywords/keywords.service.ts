// Keyword records (docs/product.md §3 "Keyword record", §7 keywords): the analysed keywords behind the
// 'Current Keyword Rankings' table, and suggestions from the keyword engine.
import { and, desc, eq } from 'drizzle-orm'
import type { KeywordAnalysis } from '@localseo/shared/ai'
import type { Business } from '@localseo/shared/business'
import {
  normaliseKeyword,
  simulatedKeywordData,
  sortKeywords,
  type KeywordDataProvider,
} from '@localseo/shared/keyword-engine'
import { lockBusiness } from '../../lib/tenant.js'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { recordActivity } from '../../lib/activity.js'
import { dayOf, previousDay, simulatedPosition } from './keyword-positions.js'

/** The rankings table shows at most this many keywords, newest first. */
const KEYWORD_LIST_LIMIT = 100
const SUGGESTION_COUNT = 8

type KeywordRow = typeof keywords.$inferSelect

function toKeywordRecord(row: KeywordRow) {
  return {
    id: row.id,
    keyword: row.keyword,
    position: row.position,
    previousPosition: row.previousPosition,
    searchVolume: row.searchVolume,
    difficulty: row.difficulty,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export type KeywordRecord = ReturnType<typeof toKeywordRecord>

export async function listKeywords({ db, businessId }: { db: Db; businessId: string }) {
  const rows = await db
    .select()
    .from(keywords)
    .where(eq(keywords.businessId, businessId))
    .orderBy(desc(keywords.createdAt), desc(keywords.id))
    .limit(KEYWORD_LIST_LIMIT)
  return rows.map(toKeywordRecord)
}

/**
 * Stores the analysed keyword: a new record, or today's position on the existing one with the old
 * position kept as the previous one. The business row is locked, so two analyses of the same
 * keyword at once cannot create two records.
 */
export async function saveAnalysedKeyword({
  db,
  businessId,
  analysis,
  now,
}: {
  db: Db
  businessId: string
  analysis: KeywordAnalysis
  now: Date
}): Promise<KeywordRecord> {
  const keyword = normaliseKeyword(analysis.keyword)
  const position = simulatedPosition(businessId, keyword, dayOf(now))
  const figures = {
    searchVolume: analysis.searchVolume,
    difficulty: analysis.competition.toLowerCase(),
    updatedAt: now,
  }
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const [existing] = await tx
      .select()
      .from(keywords)
      .where(and(eq(keywords.businessId, businessId), eq(keywords.keyword, keyword)))
      .orderBy(desc(keywords.createdAt))
      .limit(1)
    let row: KeywordRow | undefined
    if (existing) {
      // Analysing again on the same day must not wipe out the change shown since the last move.
      const previousPosition =
        existing.position !== position ? existing.position : existing.previousPosition
      ;[row] = await tx
        .update(keywords)
        .set({ ...figures, position, previousPosition })
        .where(and(eq(keywords.id, existing.id), eq(keywords.businessId, businessId)))
        .returning()
    } else {
      ;[row] = await tx
        .insert(keywords)
        .values({
          ...figures,
          businessId,
          keyword,
          position,
          previousPosition: simulatedPosition(businessId, keyword, previousDay(now)),
          createdAt: now,
        })
        .returning()
    }
    await recordActivity(tx, {
      businessId,
      kind: 'keyword_analysed',
      message: `Keyword analysed: ${keyword}`,
      now,
    })
    if (!row) throw new Error('The keyword record was not written.')
    return toKeywordRecord(row)
  })
}

/** Relevant ideas the owner does not track yet, most relevant and most searched first. */
export async function suggestKeywords({
  db,
  business,
  locationId,
  provider = simulatedKeywordData,
}: {
  db: Db
  business: Business
  locationId?: string
  provider?: KeywordDataProvider
}) {
  const tracked = new Set(
    (await listKeywords({ db, businessId: business.id })).map((k) => normaliseKeyword(k.keyword)),
  )
  const ideas = await provider.ideas({ business, locationId })
  return sortKeywords(
    ideas.filter((idea) => !tracked.has(idea.keyword)),
    'relevance',
  ).slice(0, SUGGESTION_COUNT)
}
