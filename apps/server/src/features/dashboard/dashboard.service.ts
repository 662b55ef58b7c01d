import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { findIssues, LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/app.js'
import { listRecentActivity } from '../../lib/activity.js'

/** Top 3 keywords by position (SPEC §9), the issues to fix and the recent activity. */
export async function getDashboard({ db, business }: { db: Db; business: Business }) {
  if (!business.id || !hasBusinessName(business)) {
    return { score: null, topKeywords: [], issues: [], recentActivity: [] }
  }
  const [topKeywords, recentActivity] = await Promise.all([
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
    score: LOCAL_SEO_SCORE,
    topKeywords,
    issues: findIssues(business),
    recentActivity: recentActivity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  }
}
