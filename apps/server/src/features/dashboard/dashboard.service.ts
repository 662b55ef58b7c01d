import { findIssues } from '@localseo/shared/dashboard'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import { resolveLocation } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { listRecentActivity } from '../../lib/activity.js'
import { checkNewKeywords, listTopKeywordRecords, type RankProvider } from '../keywords/public.js'
import { getDashboardScore } from './score.js'

/** docs/product.md §9: the dashboard's Top Keywords. */
const TOP_KEYWORDS = 3

/**
 * The business, the location chosen on the dashboard ('main' or an id) and the keyword providers;
 * the rank provider is looked up only when a new keyword needs its first check.
 */
interface DashboardRequest {
  db: Db
  business: Business
  locationId: string
  now: Date
  rank: () => Promise<RankProvider>
  keywordData: KeywordDataProvider
}

/**
 * The top keywords by position of the chosen business or location (docs/product.md §9): the keyword
 * entity's records, so they agree with Keyword Analysis and the Rank Tracker (issue 15 item 1).
 */
async function listTopKeywords({
  db,
  business,
  locationId,
  now,
  rank,
  keywordData,
}: DashboardRequest) {
  const location = resolveLocation(business, locationId)
  await checkNewKeywords({ db, provider: rank, business, location, now })
  return listTopKeywordRecords({ db, provider: keywordData, business, location, limit: TOP_KEYWORDS })
}

/**
 * The Local SEO Score (fixed 72 until a site audit has finished, then measured: score.ts), the top 3
 * keywords by position, the issues to fix and the recent activity.
 */
export async function getDashboard(request: DashboardRequest) {
  const { db, business, now } = request
  if (!business.id || !hasBusinessName(business)) {
    return {
      score: null,
      measured: false,
      scoreSource: null,
      breakdown: [],
      scoreNote: '',
      scoreAudit: null,
      topKeywords: [],
      issues: [],
      recentActivity: [],
    }
  }
  const [score, topKeywords, recentActivity] = await Promise.all([
    getDashboardScore({ db, business, now }),
    listTopKeywords(request),
    listRecentActivity(db, business.id),
  ])
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
    topKeywords,
    issues: findIssues(business),
    recentActivity: recentActivity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  }
}
