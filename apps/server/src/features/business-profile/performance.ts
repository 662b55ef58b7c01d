// The Business Profile's performance the daily import stored (issue 33 item 5, ADR 035), read from
// our tables only: one place's 28 days up to the last day Google reported against the 28 before,
// the 90 days of the chart, the top search terms of the last full months, and where it all comes
// from. The sums and the change are the shared pure functions. Every query carries the caller's
// business id (docs/house-rules.md "Tenant scoping inside the query").
import {
  comparePerformance,
  performancePeriods,
  performanceSeries,
  TOP_SEARCH_TERMS,
  type PerformanceDay,
  type ProfilePerformance,
} from '@localseo/shared/business-profile-performance'
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import {
  businessProfileDailyMetrics,
  businessProfilePerformanceImports,
  businessProfileSearchTerms,
} from '../../db/schema/business-profile-performance.js'

const m = businessProfileDailyMetrics
const s = businessProfileSearchTerms

/** GET /api/business-profile/performance?location=: the place's figures, or 'not linked'. */
export async function profilePerformance(
  db: Db,
  businessId: string,
  locationKey: string,
  sample: boolean,
): Promise<ProfilePerformance> {
  const [row] = await db
    .select({ link: businessProfileLinks, run: businessProfilePerformanceImports })
    .from(businessProfileLinks)
    .leftJoin(
      businessProfilePerformanceImports,
      and(
        eq(businessProfilePerformanceImports.linkId, businessProfileLinks.id),
        eq(businessProfilePerformanceImports.businessId, businessId),
        eq(businessProfilePerformanceImports.googleLocation, businessProfileLinks.googleLocation),
      ),
    )
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        eq(businessProfileLinks.locationKey, locationKey),
        eq(businessProfileLinks.sample, sample),
      ),
    )
  if (!row) return { status: 'not_linked' }
  const { link, run } = row
  const answer = {
    status: 'linked' as const,
    profile: { googleLocation: link.googleLocation, title: link.title, sample: link.sample },
    source: link.sample
      ? { kind: 'sample' as const }
      : run?.importedAt
        ? { kind: 'google' as const, importedAt: run.importedAt.toISOString() }
        : { kind: 'not_imported' as const },
    failure:
      run?.status === 'failed' && run.attemptedAt
        ? { at: run.attemptedAt.toISOString(), reason: run.reason ?? 'The import failed.' }
        : null,
  }
  const until = run?.lastDay
  const firstDay = run?.firstDay
  if (!until || !firstDay) {
    return {
      ...answer,
      range: null,
      current: null,
      previous: null,
      change: null,
      days: [],
      searchTerms: await searchTerms(db, businessId, link.id, run),
    }
  }
  // The chart's 90 days reach further back than the two periods of 28 compared.
  const { series, previous } = performancePeriods(until)
  const from = series.from < previous.from ? series.from : previous.from
  const days: PerformanceDay[] = await db
    .select({
      day: m.day,
      desktopMaps: m.desktopMaps,
      desktopSearch: m.desktopSearch,
      mobileMaps: m.mobileMaps,
      mobileSearch: m.mobileSearch,
      calls: m.calls,
      directions: m.directions,
      websiteClicks: m.websiteClicks,
    })
    .from(m)
    .where(
      and(eq(m.businessId, businessId), eq(m.linkId, link.id), gte(m.day, from), lte(m.day, until)),
    )
    .orderBy(asc(m.day))
  const compared = comparePerformance(days, until, firstDay)
  return {
    ...answer,
    range: { from: firstDay, to: until },
    ...compared,
    // A day before the first one stored is not known: the chart starts there.
    days: performanceSeries(days, until).filter((d) => d.day >= firstDay),
    searchTerms: await searchTerms(db, businessId, link.id, run),
  }
}

/** The top terms of the stored months, most impressions first; below a threshold after counts. */
async function searchTerms(
  db: Db,
  businessId: string,
  linkId: string,
  run: typeof businessProfilePerformanceImports.$inferSelect | null,
): Promise<Extract<ProfilePerformance, { status: 'linked' }>['searchTerms']> {
  if (!run?.termsStartMonth || !run.termsEndMonth) return null
  const where = and(eq(s.businessId, businessId), eq(s.linkId, linkId))
  const terms = await db
    .select({ keyword: s.keyword, impressions: s.impressions, below: s.below })
    .from(s)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${s.impressions}, ${s.below} - 1, -1)`),
      desc(s.impressions),
      asc(s.keyword),
    )
    .limit(TOP_SEARCH_TERMS)
  const [total] = await db.select({ total: count() }).from(s).where(where)
  return {
    startMonth: run.termsStartMonth,
    endMonth: run.termsEndMonth,
    total: total?.total ?? 0,
    terms,
  }
}
