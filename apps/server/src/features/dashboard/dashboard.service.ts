import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { findIssues } from '@localseo/shared/dashboard'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { listRecentActivity } from '../../lib/activity.js'
import { getDashboardScore } from './score.js'

/**
 * The Local SEO Score (fixed 72 until a site audit has finished, then measured: score.ts), the top 3
 * keywords by position (docs/product.md §9), the issues to fix and the recent activity.
 */
export async function getDashboard({
  db,
  business,
  now,
}: {
  db: Db
  business: Business
  now: Date
}) {
  if (!business.id || !hasBusinessName(business)) {
    return {
      score: null,
      measured: false,
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
    db
      .select({
        id: keywords.id,
        keyword: keywords.keyword,
        position: keywords.position,
        previousPosition: keywords.previousPosition,
        searchVolume: keywords.searchVolume,
      })
      .from(keywords)
      .where(and(eq(keywords.businessId, business.id), isNotNull(keywords.position)))
      .orderBy(asc(keywords.position), asc(keywords.keyword))
      .limit(3),
    listRecentActivity(db, business.id),
  ])
  return {
    score: score.score,
    measured: score.measured,
    breakdown: score.breakdown,
    scoreNote: score.note,
    scoreAudit: score.audit,
    topKeywords,
    issues: findIssues(business),
    recentActivity: recentActivity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  }
}
