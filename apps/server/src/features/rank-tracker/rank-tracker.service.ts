// Rank Tracker (issue 7): the tracked keywords of a business or location: list, add, remove. A tracked
// keyword is the keyword entity playing the 'tracked' role (docs/decisions/016-one-keyword-entity.md).
// Every query carries the caller's business id (docs/house-rules.md "Tenant scoping inside the query").
import { and, asc, eq, or, sql } from 'drizzle-orm'
import {
  MAX_TRACKED_KEYWORDS,
  keywordKey,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness } from '../../lib/tenant.js'
import {
  checkNewKeywords,
  fillScope,
  fillSimulatedPast,
  releaseKeyword,
  roleWhere,
  upsertKeyword,
} from '../keywords/public.js'
import { toTracked, trackedWhere, type ScopeRequest } from './rank-scope.js'

/**
 * The tracked keywords of a business or location, as stored: a GET only reads (issue 30 item 8). The
 * defaults were written with the business or location, and their first checks come from a job.
 */
export async function listTrackedKeywords({
  db,
  business,
  location,
}: Pick<ScopeRequest, 'db' | 'business' | 'location'>): Promise<TrackedKeyword[]> {
  const rows = await db
    .select()
    .from(keywords)
    .where(trackedWhere(business.id, location))
    .orderBy(asc(keywords.createdAt), asc(keywords.keyword))
  return rows.map(toTracked)
}

/**
 * docs/product.md §5: trimmed, non-empty, ignored when already tracked. A keyword already analysed or
 * saved here becomes tracked, keeping its history, and with the simulation gets the simulated past a
 * new one has (issue 32 item 2); a new one gets its first check. The simulation answers at once, so
 * it checks here; a real search-results API pages through up to 100 results, seconds a keyword, and a
 * keyword data source answers in about as long: then `checkLater` says the caller leaves the first
 * check and the figures to the first-checks job (issue 36 item 3).
 */
export async function trackKeyword(
  request: ScopeRequest & {
    keyword: string
    firstChecks: Map<string, Promise<number>>
    /** Whether a keyword data source gives the figures (deps.measuredKeywords). */
    measuredFigures: boolean
  },
): Promise<{ keyword: TrackedKeyword; added: boolean; checkLater: boolean }> {
  const { db, business, location, keyword, now } = request
  const key = keywordKey(keyword)
  const result = await db.transaction(async (tx) => {
    // Serialises adds of one business, so the limit below cannot be passed by two requests at once.
    await lockBusiness(tx, business.id)
    const [existing] = await tx
      .select()
      .from(keywords)
      .where(and(trackedWhere(business.id, location), eq(keywords.keywordKey, key)))
    if (existing) return { row: existing, added: false, existed: true }
    const [{ count = 0 } = {}] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(keywords)
      .where(trackedWhere(business.id, location))
    if (count >= MAX_TRACKED_KEYWORDS) {
      throw new AppError(
        'conflict',
        `You can track up to ${MAX_TRACKED_KEYWORDS} keywords per location. Remove one first.`,
      )
    }
    // Analysed or saved here before: it may have checks already (its past is filled in below).
    const [written] = await tx
      .select({ id: keywords.id })
      .from(keywords)
      .where(
        and(
          or(
            roleWhere(business.id, location, 'analysed'),
            roleWhere(business.id, location, 'saved'),
          ),
          eq(keywords.keywordKey, key),
        ),
      )
    // Adding counts as viewing: the defaults are never filled in on top of the owner's own list.
    await fillScope(tx, business.id, location, now)
    const row = await upsertKeyword(tx, {
      businessId: business.id,
      location,
      keyword,
      role: 'tracked',
      now,
    })
    await recordActivity(tx, {
      businessId: business.id,
      kind: 'rank_keyword_added',
      message: `Tracking keyword: ${keyword}`,
      now,
    })
    return { row, added: true, existed: written !== undefined }
  })
  const simulated = request.provider.simulated
  if (result.added && simulated) await checkNewKeywords(request)
  if (result.added && result.existed) await fillSimulatedPast({ ...request, keyword: result.row })
  return {
    keyword: toTracked(result.row),
    added: result.added,
    checkLater: result.added && (!simulated || request.measuredFigures),
  }
}

/**
 * Stops tracking a keyword. One that is not analysed or saved either is removed with its history
 * (ON DELETE CASCADE). A foreign id is a 404.
 */
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
    const row = await releaseKeyword(tx, { businessId, keywordId, role: 'tracked', now })
    if (!row) throw new AppError('not_found', 'That keyword is not tracked.')
    await recordActivity(tx, {
      businessId,
      kind: 'rank_keyword_removed',
      message: `Stopped tracking keyword: ${row.keyword}`,
      now,
    })
  })
}
