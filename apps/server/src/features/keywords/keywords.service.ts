// Keyword Analysis (docs/product.md §2, §3 "Keyword record", §7 keywords): the keywords of a business or
// location with their positions ('Current Keyword Rankings'), an analysis, and suggestions. Every
// figure comes from the keyword entity (keyword-store.ts): the same keyword shows the same position
// and volume on every screen (issue 15 item 1).
import type { Business } from '@localseo/shared/business'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import {
  normaliseKeyword,
  sortKeywords,
  type KeywordDataProvider,
} from '@localseo/shared/keyword-engine'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { recordActivity } from '../../lib/activity.js'
import type { OnMapSearched, OnPlaceFound } from './rank-checks.js'
import type { RankProvider } from './rank-provider.js'
import { checkToday } from './today-checks.js'
import { listKeywordRecords, upsertKeyword } from './keyword-store.js'

/** The rankings table shows at most this many keywords, newest first. */
const KEYWORD_LIST_LIMIT = 100
const SUGGESTION_COUNT = 8

export interface KeywordScope {
  db: Db
  keywordData: KeywordDataProvider
  rank: RankProvider
  business: Business
  location: ResolvedLocation
  now: Date
  /** Where a map search found the business, kept by the business feature (deps.recordFoundPlace). */
  onPlaceFound: OnPlaceFound
  onMapSearched: OnMapSearched
}

/**
 * 'Current Keyword Rankings': the analysed and tracked keywords of the scope with their latest
 * checks, as stored (a GET only reads, issue 30 item 8); one never checked reads 'Not checked yet'.
 */
export async function listKeywords(scope: KeywordScope): Promise<KeywordRecord[]> {
  return listKeywordRecords({
    ...scope,
    provider: scope.keywordData,
    roles: ['analysed', 'tracked'],
    limit: KEYWORD_LIST_LIMIT,
  })
}

/** One keyword's record, as every list shows it. */
async function keywordRecord(scope: KeywordScope, keywordId: string) {
  const [record] = await listKeywordRecords({
    ...scope,
    provider: scope.keywordData,
    roles: ['analysed', 'tracked', 'saved'],
    where: eq(keywords.id, keywordId),
    limit: 1,
  })
  if (!record) throw new Error('The keyword record was not found.')
  return record
}

/**
 * Analyses a keyword (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md): stores
 * it as analysed with its activity and a pending analysis whose job asks the keyword data source and
 * the AI (`queue`, in the same transaction), and answers at once. Today's position is the rank
 * provider's, stored as the keyword's check of the day (the same position the Rank Tracker and
 * dashboard show); a real provider's check comes from a job too (`checkLater`).
 */
export async function analyseKeyword<Analysis>(
  scope: KeywordScope,
  {
    keyword,
    queue,
    queued,
    checkLater,
  }: {
    keyword: string
    /**
     * Stores the pending analysis of the stored keyword and sends its job, in the transaction; what
     * it answers is the answer's analysis, as stored before the job could run.
     */
    queue: (
      tx: Tx,
      keyword: { id: string; locationId: string | null; keyword: string },
    ) => Promise<Analysis>
    /** Called once the transaction has committed, so a worker takes the job at once. */
    queued: () => void
    /** Sends the job that checks the keyword today (a real provider's check takes seconds). */
    checkLater: (keywordId: string) => Promise<void>
  },
): Promise<{ analysis: Analysis; keyword: KeywordRecord }> {
  const { db, business, location, now } = scope
  const text = normaliseKeyword(keyword)
  const { row, analysis } = await db.transaction(async (tx) => {
    const saved = await upsertKeyword(tx, {
      businessId: business.id,
      location,
      keyword: text,
      role: 'analysed',
      now,
    })
    await recordActivity(tx, {
      businessId: business.id,
      kind: 'keyword_analysed',
      message: `Keyword analysed: ${text}`,
      now,
    })
    return { row: saved, analysis: await queue(tx, { ...saved, keyword: text }) }
  })
  queued()
  const { rank: provider, onPlaceFound, onMapSearched } = scope
  // The simulation answers at once; a real search-results API pages through up to 100 results,
  // seconds a keyword: a job checks it and the record reads 'Not checked' until then (issue 36 item 3).
  if (provider.simulated) {
    await checkToday({
      db,
      provider,
      business,
      location,
      keyword: row,
      now,
      onPlaceFound,
      onMapSearched,
    })
  } else {
    await checkLater(row.id)
  }
  return { analysis, keyword: await keywordRecord(scope, row.id) }
}

/** Relevant ideas the owner does not analyse or track yet, most relevant and most searched first. */
export async function suggestKeywords(scope: KeywordScope) {
  const known = new Set(
    (
      await listKeywordRecords({
        ...scope,
        provider: scope.keywordData,
        roles: ['analysed', 'tracked'],
        limit: KEYWORD_LIST_LIMIT,
      })
    ).map((k) => normaliseKeyword(k.keyword)),
  )
  const ideas = await scope.keywordData.ideas({
    business: scope.business,
    locationId: scope.location.id,
  })
  return sortKeywords(
    ideas.filter((idea) => !known.has(idea.keyword)),
    'relevance',
  ).slice(0, SUGGESTION_COUNT)
}
