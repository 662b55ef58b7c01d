import type { DashboardIssue } from '@localseo/shared/dashboard'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { resolveLocation } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { listRecentActivity } from '../../lib/activity.js'
import {
  countUncheckedKeywords,
  listTopKeywordRows,
  toRecords,
  type PositionRow,
} from '../keywords/public.js'
import type { DashboardCache } from './dashboard-cache.js'
import { findOpenProblems } from './open-problems.js'
import { getDashboardScore, type DashboardScore } from './score.js'

/** docs/product.md §9: the dashboard's Top Keywords. */
const TOP_KEYWORDS = 3

/** What the dashboard reads from the database, as kept in memory (dashboard-cache.ts). */
export interface DashboardReads {
  score: DashboardScore
  topKeywordRows: PositionRow[]
  /** Tracked keywords of the place still waiting for their first check (a job stores it). */
  keywordsNotChecked: number
  recentActivity: Awaited<ReturnType<typeof listRecentActivity>>
  /** Issues to Fix: the open problems of every source (open-problems.ts). */
  issues: DashboardIssue[]
  /** The top keywords with their figures, once asked of a `pure` keyword data provider. */
  topKeywords?: KeywordRecord[]
}

/**
 * The business, the location chosen on the dashboard ('main' or an id) and the keyword data
 * provider. `version` is the business's dashboard version read with it (null: unknown, nothing is
 * kept).
 */
interface DashboardRequest {
  db: Db
  business: Business
  locationId: string
  now: Date
  keywordData: KeywordDataProvider
  cache: DashboardCache<DashboardReads>
  version: number | null
}

/**
 * The database reads: the score's inputs, the top keywords by position of the chosen business or
 * location (the keyword entity's records, so they agree with Keyword Analysis and the Rank Tracker,
 * issue 15 item 1) and the recent activity. Only reads (issue 30 item 8): a keyword not checked yet
 * is shown as such until its first check, sent where it was added, is stored.
 */
async function readDashboard(request: DashboardRequest): Promise<DashboardReads> {
  const { db, business, locationId, now, cache, version } = request
  // The day too: the listings' NAP consistency is judged against it.
  const key = `${business.id}|${locationId}|${now.toISOString().slice(0, 10)}`
  const kept = version === null ? undefined : cache.get(key, version)
  if (kept) return kept
  const location = resolveLocation(business, locationId)
  const [score, topKeywordRows, keywordsNotChecked, recentActivity, issues] = await Promise.all([
    getDashboardScore({ db, business, now }),
    listTopKeywordRows({ db, business, location, limit: TOP_KEYWORDS }),
    countUncheckedKeywords(db, business, location),
    listRecentActivity(db, business.id),
    findOpenProblems(db, business, now),
  ])
  const reads = { score, topKeywordRows, keywordsNotChecked, recentActivity, issues }
  if (version !== null) cache.set(key, version, reads)
  return reads
}

/**
 * The top keywords with their volumes and difficulty. A measured provider is asked on every visit:
 * its figures are shared by every business and change with no write of this one's. The built-in
 * estimates follow from the keyword, business and location alone, so they are kept with the reads.
 */
async function topKeywordsOf(
  reads: DashboardReads,
  { business, locationId, keywordData }: DashboardRequest,
) {
  if (reads.topKeywords) return reads.topKeywords
  const location = resolveLocation(business, locationId)
  const records = await toRecords(reads.topKeywordRows, keywordData, business, location)
  if (keywordData.pure) reads.topKeywords = records
  return records
}

/**
 * The Local SEO Score (fixed 72 until a site audit has finished, then measured: score.ts), the top 3
 * keywords by position, the issues to fix and the recent activity.
 */
export async function getDashboard(request: DashboardRequest) {
  const { business } = request
  if (!business.id || !hasBusinessName(business)) {
    return {
      score: null,
      measured: false,
      scoreSource: null,
      breakdown: [],
      scoreNote: '',
      scoreAudit: null,
      topKeywords: [],
      keywordsNotChecked: 0,
      issues: [],
      recentActivity: [],
    }
  }
  const reads = await readDashboard(request)
  const { score, recentActivity } = reads
  return {
    score: score.score,
    measured: score.measured,
    // Where the score came from (issue 15 item 2): the starting estimate, or the audit that measured it.
    scoreSource: score.audit
      ? { kind: 'measured' as const, at: score.audit.finishedAt }
      : { kind: 'estimate' as const },
    breakdown: score.breakdown,
    scoreNote: score.note,
    scoreAudit: score.audit,
    topKeywords: await topKeywordsOf(reads, request),
    keywordsNotChecked: reads.keywordsNotChecked,
    issues: reads.issues,
    recentActivity: recentActivity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  }
}
