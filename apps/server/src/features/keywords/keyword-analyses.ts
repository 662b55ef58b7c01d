// A keyword analysis runs as a job (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md):
// the request stores the keyword and a pending record and answers; this job asks the keyword data
// source for the figures and the AI for the advice, and stores the finished analysis, or a reason an
// owner can read when it could not be finished. The screen reads the record until then.
import type { KeywordAnalysis, Level } from '@localseo/shared/ai'
import type { Business } from '@localseo/shared/business'
import type { KeywordLevel } from '@localseo/shared/keyword-figures'
import type { KeywordAnalysisRecord } from '@localseo/shared/keywords'
import { resolveLocation } from '@localseo/shared/location-selection'
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { keywordAnalyses } from '../../db/schema/keyword-analyses.js'
import { keywords } from '../../db/schema/keywords.js'
import { transactionSql } from '../../jobs/queue.js'
import { AppError } from '../../lib/errors.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { keywordProviders } from './providers.js'

const ANALYSE_QUEUE = 'keywords.analyse'

/** The analyses kept per place: the screen shows the latest; older ones are pruned by the job. */
export const ANALYSES_KEPT = 10

/**
 * A pending analysis older than this reads as failed: its job has used its tries (each may run for
 * `expireInSeconds`, retried twice) without storing an outcome, and the owner should not wait on it.
 */
export const ANALYSIS_GIVEN_UP_MINUTES = 30

export const ANALYSIS_TOOK_TOO_LONG =
  'This analysis took too long and was stopped. Please try again.'

/** What an owner reads when the job failed for a reason that is not theirs to act on. */
export const ANALYSIS_NOT_FINISHED =
  'We could not finish this analysis just now. Please try again in a minute.'

type AnalysisDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'ai' | 'env' | 'rank' | 'measuredKeywords' | 'jobs' | 'logger'
>

interface AnalysisJob {
  businessId: string
  analysisId: string
  /** Whose daily AI quota the advice counts against (the person who asked). */
  userId: string
}

const LEVEL_LABELS: Record<KeywordLevel, Level> = { low: 'Low', medium: 'Medium', high: 'High' }

/**
 * Stores a pending analysis of the keyword and its job, inside the request's transaction: both exist
 * exactly when the keyword and its activity do. Answers the analysis as stored, pending: the POST's
 * answer says pending whether or not the job has run by the time it is sent, and the screen reads
 * the analysis until it is done. Call `wakeAnalyses` once it has committed.
 */
export async function queueKeywordAnalysis(
  tx: Tx,
  deps: Pick<AppDeps, 'jobs'>,
  row: {
    businessId: string
    locationId: string | null
    keywordId: string
    keyword: string
    userId: string
    now: Date
  },
): Promise<KeywordAnalysisRecord> {
  const [created] = await tx
    .insert(keywordAnalyses)
    .values({
      businessId: row.businessId,
      locationId: row.locationId,
      keywordId: row.keywordId,
      createdAt: row.now,
    })
    .returning({ id: keywordAnalyses.id, status: keywordAnalyses.status })
  if (!created) throw new Error('The analysis was not stored.')
  const job: AnalysisJob = {
    businessId: row.businessId,
    analysisId: created.id,
    userId: row.userId,
  }
  await deps.jobs.send(ANALYSE_QUEUE, job, created.id, { db: transactionSql(tx) })
  return {
    id: created.id,
    keywordId: row.keywordId,
    keyword: row.keyword,
    status: created.status,
    result: null,
    failure: null,
    createdAt: row.now.toISOString(),
    finishedAt: null,
  }
}

/** Tells this instance's idle worker that an analysis is waiting (after its transaction commits). */
export function wakeAnalyses(deps: Pick<AppDeps, 'jobs'>) {
  deps.jobs.wake(ANALYSE_QUEUE)
}

/**
 * One analysis of the business, as the screen reads it; a 404 for another business's or none. One
 * whose job never stored an outcome reads as failed after ANALYSIS_GIVEN_UP_MINUTES.
 */
export async function getKeywordAnalysis(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  businessId: string,
  id: string,
): Promise<KeywordAnalysisRecord> {
  const [row] = await deps.db
    .select({
      id: keywordAnalyses.id,
      keywordId: keywordAnalyses.keywordId,
      keyword: keywords.keyword,
      status: keywordAnalyses.status,
      result: keywordAnalyses.result,
      failure: keywordAnalyses.failure,
      createdAt: keywordAnalyses.createdAt,
      finishedAt: keywordAnalyses.finishedAt,
    })
    .from(keywordAnalyses)
    .innerJoin(
      keywords,
      and(eq(keywords.businessId, businessId), eq(keywords.id, keywordAnalyses.keywordId)),
    )
    .where(and(eq(keywordAnalyses.businessId, businessId), eq(keywordAnalyses.id, id)))
  if (!row) throw new AppError('not_found', 'That analysis does not exist.')
  const record = {
    ...row,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
  const givenUp =
    deps.clock.now().getTime() - row.createdAt.getTime() > ANALYSIS_GIVEN_UP_MINUTES * 60_000
  return record.status === 'pending' && givenUp
    ? { ...record, status: 'failed', failure: ANALYSIS_TOOK_TOO_LONG }
    : record
}

/**
 * The job: the keyword's figures (the same as the planner's) and the AI's advice written from them,
 * stored as the finished analysis. A refusal the owner can act on (the AI's daily limit) is stored
 * as its own words; anything else as a plain "try again", the cause in the log. An analysis already
 * finished, or removed with its keyword, is left alone, so a job handed back at a stop and run again
 * does nothing twice.
 */
export async function runKeywordAnalysis(deps: AnalysisDeps, job: AnalysisJob) {
  const { db, clock } = deps
  const [pending] = await db
    .select({
      locationId: keywordAnalyses.locationId,
      keyword: keywords.keyword,
    })
    .from(keywordAnalyses)
    .innerJoin(
      keywords,
      and(eq(keywords.businessId, job.businessId), eq(keywords.id, keywordAnalyses.keywordId)),
    )
    .where(
      and(
        eq(keywordAnalyses.businessId, job.businessId),
        eq(keywordAnalyses.id, job.analysisId),
        eq(keywordAnalyses.status, 'pending'),
      ),
    )
  const business = pending ? await getBusinessById(db, job.businessId) : undefined
  if (!pending || !business) return
  const location = resolveLocation(business, pending.locationId)
  let outcome: { status: 'done'; result: KeywordAnalysis } | { status: 'failed'; failure: string }
  try {
    const { keyword } = pending
    const result = await analysis(deps, {
      userId: job.userId,
      business,
      locationId: location.id,
      keyword,
    })
    outcome = { status: 'done', result }
  } catch (error) {
    if (!(error instanceof AppError)) {
      deps.logger.warn({ err: error, analysisId: job.analysisId }, 'keyword analysis failed')
    }
    outcome = {
      status: 'failed',
      failure: error instanceof AppError ? error.message : ANALYSIS_NOT_FINISHED,
    }
  }
  await db
    .update(keywordAnalyses)
    .set({
      status: outcome.status,
      result: outcome.status === 'done' ? outcome.result : null,
      failure: outcome.status === 'failed' ? outcome.failure : null,
      finishedAt: clock.now(),
    })
    .where(
      and(eq(keywordAnalyses.businessId, job.businessId), eq(keywordAnalyses.id, job.analysisId)),
    )
  await pruneAnalyses(deps, job.businessId, pending.locationId)
}

/**
 * The analysis as the screen showed it when it was asked inline: whatever the model answers, the
 * figures are the keyword data source's, as the planner shows them.
 */
async function analysis(
  deps: AnalysisDeps,
  {
    userId,
    business,
    locationId,
    keyword,
  }: {
    userId: string
    business: Business
    locationId: string | null
    keyword: string
  },
): Promise<KeywordAnalysis> {
  const figures = await keywordProviders(deps).askingKeywordData.describe(
    keyword,
    business,
    locationId,
  )
  const estimate = {
    volume: figures.volume,
    competition: figures.difficulty === null ? null : LEVEL_LABELS[figures.difficulty],
    relevance: LEVEL_LABELS[figures.relevance],
  }
  const advice = await deps.ai.analyseKeyword({ userId, business, locationId, keyword, estimate })
  return {
    ...advice,
    searchVolume: estimate.volume,
    competition: estimate.competition,
    relevance: estimate.relevance,
  }
}

/** Keeps the newest ANALYSES_KEPT finished analyses of the place; a pending one is never removed. */
async function pruneAnalyses(deps: AnalysisDeps, businessId: string, locationId: string | null) {
  const place = and(
    eq(keywordAnalyses.businessId, businessId),
    sql`${keywordAnalyses.locationId} is not distinct from ${locationId}`,
  )
  const kept = deps.db
    .select({ id: keywordAnalyses.id })
    .from(keywordAnalyses)
    .where(place)
    .orderBy(desc(keywordAnalyses.createdAt), desc(keywordAnalyses.id))
    .limit(ANALYSES_KEPT)
  await deps.db
    .delete(keywordAnalyses)
    .where(and(place, ne(keywordAnalyses.status, 'pending'), notInArray(keywordAnalyses.id, kept)))
}

export function defineKeywordAnalysisJob(deps: AnalysisDeps) {
  deps.jobs.define<AnalysisJob>({
    name: ANALYSE_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 10,
    // The keyword data source and the AI model each have their own timeout (env.ts).
    expireInSeconds: 5 * 60,
    handle: (job) => runKeywordAnalysis(deps, job),
  })
}
