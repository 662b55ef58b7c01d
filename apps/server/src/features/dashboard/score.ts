// The Local SEO Score of the dashboard (issue 11 item 5, ADR 011): the product's fixed 72 until the first
// site audit has finished, then measured from that audit, the backlink counts, the listings' NAP
// consistency and the profile. Everything is read as aggregates or bounded rows: the audit's issues
// (one row per failed check), a count of its readable pages, backlink_counts (never the backlinks),
// and the listing records (one per platform and location).
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import { LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import { buildListingsView } from '@localseo/shared/listings'
import {
  computeLocalSeoScore,
  REFERRING_DOMAINS_COUNTED,
  type ScorePart,
} from '@localseo/shared/local-seo-score'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { preparedPerDb } from '../../db/prepared.js'
import { backlinkCounts } from '../../db/schema/backlink-counts.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from '../../db/schema/site-audit.js'
import { recordsByLocation, showsSampleListings } from '../listings/public.js'

export interface DashboardScore {
  score: number
  /** False while the score is the product's fixed starting value (no finished audit yet). */
  measured: boolean
  breakdown: ScorePart[]
  /** What the measured score leaves out; '' when not measured. */
  note: string
  /** The audit the score comes from. */
  audit: { runId: string; finishedAt: string } | null
}

/** Pages the audit could read: they answered with HTML, directly or after redirects. */
const READABLE_OUTCOMES = ['ok', 'redirected']

/** The newest audit that finished (cancelled runs keep what they measured). */
const latestFinished = preparedPerDb((db) =>
  db
    .select({
      id: siteAuditRuns.id,
      pagesCrawled: siteAuditRuns.pagesCrawled,
      finishedAt: siteAuditRuns.finishedAt,
    })
    .from(siteAuditRuns)
    .where(
      and(
        eq(siteAuditRuns.businessId, sql.placeholder('businessId')),
        or(eq(siteAuditRuns.status, 'done'), eq(siteAuditRuns.status, 'cancelled')),
      ),
    )
    .orderBy(desc(siteAuditRuns.startedAt), desc(siteAuditRuns.id))
    .limit(1)
    .prepare('latest_finished_audit'),
)

async function latestFinishedRun(db: Db, businessId: string) {
  const [run] = await latestFinished(db).execute({ businessId })
  return run
}

async function auditInput(db: Db, businessId: string, run: { id: string; pagesCrawled: number }) {
  const [issues, [pages]] = await Promise.all([
    db
      .select({
        checkId: siteAuditIssues.checkId,
        category: siteAuditIssues.category,
        severity: siteAuditIssues.severity,
        pageCount: siteAuditIssues.pageCount,
      })
      .from(siteAuditIssues)
      .where(and(eq(siteAuditIssues.runId, run.id), eq(siteAuditIssues.businessId, businessId))),
    db
      .select({ read: count() })
      .from(siteAuditPages)
      .where(
        and(
          eq(siteAuditPages.runId, run.id),
          eq(siteAuditPages.businessId, businessId),
          inArray(siteAuditPages.outcome, READABLE_OUTCOMES),
        ),
      ),
  ])
  return { pagesCrawled: run.pagesCrawled, pagesRead: pages?.read ?? 0, issues }
}

/**
 * Counts of the whole business's backlinks from the trigger-kept running counts (ADR 008): the few
 * status and quality rows, and the domain rows counted up to REFERRING_DOMAINS_COUNTED, so a
 * business with 100,000 linking domains costs no more than one with a thousand.
 */
async function backlinkInput(db: Db, businessId: string) {
  const scope = and(eq(backlinkCounts.businessId, businessId), eq(backlinkCounts.scope, ''))
  const n = (filter: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${backlinkCounts.count}) filter (where ${filter}), 0)::int`
  const domains = db
    .select({ one: sql`1` })
    .from(backlinkCounts)
    .where(and(scope, eq(backlinkCounts.facet, 'domain')))
    .limit(REFERRING_DOMAINS_COUNTED)
    .as('domains')
  const [[counts], [referring]] = await Promise.all([
    db
      .select({
        total: n(sql`${backlinkCounts.facet} = 'status'`),
        high: n(sql`${backlinkCounts.facet} = 'quality' and ${backlinkCounts.value} = 'high'`),
        medium: n(sql`${backlinkCounts.facet} = 'quality' and ${backlinkCounts.value} = 'medium'`),
        broken: n(sql`${backlinkCounts.facet} = 'status' and ${backlinkCounts.value} = 'broken'`),
      })
      .from(backlinkCounts)
      .where(and(scope, inArray(backlinkCounts.facet, ['status', 'quality']))),
    db.select({ count: count() }).from(domains),
  ])
  return {
    total: counts?.total ?? 0,
    high: counts?.high ?? 0,
    medium: counts?.medium ?? 0,
    broken: counts?.broken ?? 0,
    referringDomains: referring?.count ?? 0,
  }
}

/** The Local Listings screen's view of the business and of every location. */
export async function listingViews(db: Db, business: Business, now: Date) {
  const [byLocation, samples] = await Promise.all([
    recordsByLocation(db, business.id),
    showsSampleListings(db, business.id),
  ])
  return [MAIN_LOCATION, ...business.locations.map((l) => l.id)].map((key) =>
    buildListingsView({
      business,
      locationId: key,
      records: byLocation.get(key) ?? [],
      today: now.toISOString().slice(0, 10),
      samples,
    }),
  )
}

/** NAP consistency over the business and every location, as the Local Listings screen computes it. */
async function citationInput(db: Db, business: Business, now: Date) {
  const totals = { listed: 0, consistent: 0, recorded: 0, platforms: 0 }
  for (const view of await listingViews(db, business, now)) {
    for (const entry of [...view.listings, ...view.citations]) {
      totals.platforms++
      if (entry.source === 'recorded') totals.recorded++
      if (entry.napConsistency === 'n/a') continue
      totals.listed++
      if (entry.napConsistency === 'consistent') totals.consistent++
    }
  }
  return totals
}

export async function getDashboardScore({
  db,
  business,
  now,
}: {
  db: Db
  business: Business
  now: Date
}): Promise<DashboardScore> {
  const run = await latestFinishedRun(db, business.id)
  if (!run) {
    return { score: LOCAL_SEO_SCORE, measured: false, breakdown: [], note: '', audit: null }
  }
  const [audit, backlinks, citations] = await Promise.all([
    auditInput(db, business.id, run),
    backlinkInput(db, business.id),
    citationInput(db, business, now),
  ])
  const result = computeLocalSeoScore({ audit, backlinks, citations, profile: business })
  return {
    ...result,
    measured: true,
    audit: { runId: run.id, finishedAt: (run.finishedAt ?? now).toISOString() },
  }
}
