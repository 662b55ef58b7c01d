// Issues to Fix gathers the open problems of every source (issue 32 item 8): the profile's own gaps
// (findIssues), how the latest site audit ended, listings whose name, address or phone differ, links
// found broken, and tracked keywords whose latest check failed. Each is read as an aggregate or one
// bounded row, so a large business costs no more than a small one.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import { findIssues, sortIssues, type DashboardIssue } from '@localseo/shared/dashboard'
import type { Db } from '../../db/client.js'
import { backlinkCounts } from '../../db/schema/backlink-counts.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { listingViews } from './score.js'

/** A failed check older than this is not today's problem: the next day's check has replaced it. */
const FAILED_CHECK_DAYS = 2

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

async function auditProblem(db: Db, businessId: string): Promise<DashboardIssue | null> {
  const [run] = await db
    .select({ status: siteAuditRuns.status, error: siteAuditRuns.error })
    .from(siteAuditRuns)
    .where(eq(siteAuditRuns.businessId, businessId))
    .orderBy(desc(siteAuditRuns.startedAt))
    .limit(1)
  if (run?.status !== 'failed') return null
  return {
    id: 'audit-failed',
    severity: 'high',
    description: `Your latest site audit failed. ${run.error ?? 'It stopped on an error.'} Run it again once your website answers.`,
    area: 'site-audit',
  }
}

async function listingProblem(
  db: Db,
  business: Business,
  now: Date,
): Promise<DashboardIssue | null> {
  const entries = (await listingViews(db, business, now)).flatMap((view) => [
    ...view.listings,
    ...view.citations,
  ])
  const differing = entries.filter((entry) => entry.napConsistency === 'inconsistent')
  const recorded = differing.filter((entry) => entry.source === 'recorded').length
  if (recorded > 0) {
    return {
      id: 'listings-inconsistent',
      severity: 'medium',
      description: `Your name, address or phone differ from your profile on ${plural(recorded, 'listing', 'listings')} you recorded.`,
      area: 'listings',
    }
  }
  // Sample listings are examples (issue 15 item 2): said as such, never as the owner's own problem.
  if (differing.length === 0) return null
  return {
    id: 'listings-sample-inconsistent',
    severity: 'low',
    description: `The sample listings show ${plural(differing.length, 'platform', 'platforms')} with details that differ from your profile. Record what each platform really shows.`,
    area: 'listings',
  }
}

/** Broken links, from the trigger-kept running counts (ADR 008), never the links themselves. */
async function backlinkProblem(db: Db, businessId: string): Promise<DashboardIssue | null> {
  const [row] = await db
    .select({ broken: sql<number>`coalesce(sum(${backlinkCounts.count}), 0)::int` })
    .from(backlinkCounts)
    .where(
      and(
        eq(backlinkCounts.businessId, businessId),
        eq(backlinkCounts.scope, ''),
        eq(backlinkCounts.facet, 'status'),
        eq(backlinkCounts.value, 'broken'),
      ),
    )
  const broken = row?.broken ?? 0
  if (broken === 0) return null
  return {
    id: 'backlinks-broken',
    severity: 'medium',
    description: `${plural(broken, 'link to your website is', 'links to your website are')} lost: the page is gone or no longer links to you.`,
    area: 'backlinks',
  }
}

/** Tracked keywords whose newest check, of the last FAILED_CHECK_DAYS days, failed. */
async function failedCheckProblem(db: Db, businessId: string, now: Date) {
  const since = new Date(now.getTime() - FAILED_CHECK_DAYS * 86_400_000).toISOString().slice(0, 10)
  const latest = db
    .selectDistinctOn([rankPositions.keywordId], { status: rankPositions.status })
    .from(rankPositions)
    .innerJoin(keywords, eq(keywords.id, rankPositions.keywordId))
    .where(
      and(
        eq(rankPositions.businessId, businessId),
        gte(rankPositions.day, since),
        eq(keywords.tracked, true),
      ),
    )
    .orderBy(rankPositions.keywordId, desc(rankPositions.day))
    .as('latest')
  const [row] = await db.select({ failed: count() }).from(latest).where(eq(latest.status, 'failed'))
  const failed = row?.failed ?? 0
  if (failed === 0) return null
  return {
    id: 'rank-checks-failed',
    severity: 'medium',
    description: `The latest check of ${plural(failed, 'tracked keyword', 'tracked keywords')} failed, so ${failed === 1 ? 'its position is' : 'their positions are'} not known. Retry on the Rank Tracker.`,
    area: 'rank-tracker',
  } satisfies DashboardIssue
}

/** Every open problem of the business, most severe first. */
export async function findOpenProblems(
  db: Db,
  business: Business,
  now: Date,
): Promise<DashboardIssue[]> {
  const found = await Promise.all([
    auditProblem(db, business.id),
    listingProblem(db, business, now),
    backlinkProblem(db, business.id),
    failedCheckProblem(db, business.id, now),
  ])
  return sortIssues([
    ...findIssues(business),
    ...found.filter((issue): issue is DashboardIssue => issue !== null),
  ])
}
