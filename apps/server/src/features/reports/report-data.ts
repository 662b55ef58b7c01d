// What a monthly report shows (issue 35 item 4), read with the services the screens use so the PDF
// says what the screens say: the dashboard's score (dashboard/score.ts), the geo-grid's scan
// (scan-store.ts), the reviews summary (business-profile/reviews.ts) and the performance sums
// (the shared performanceTotals). The month's rankings, backlinks and tasks are read here, bounded:
// the top keywords with a count of the rest, a day's average per day, the first gained links.
// Every query carries the business id (docs/house-rules.md "Tenant scoping inside the query").
import { and, asc, between, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  performanceTotals,
  type PerformanceDay,
} from '@localseo/shared/business-profile-performance'
import { figureSourceLabel } from '@localseo/shared/figure-source'
import type { ScanPoint } from '@localseo/shared/geo-grid'
import type { ScorePart } from '@localseo/shared/local-seo-score'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import {
  businessProfileDailyMetrics,
  businessProfilePerformanceImports,
} from '../../db/schema/business-profile-performance.js'
import { geoGridScans } from '../../db/schema/geo-grid.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { profileReviewsSummary } from '../business-profile/public.js'
import { getDashboardScore } from '../dashboard/public.js'
import { getScan } from '../geo-grid/public.js'
import { roleWhere } from '../keywords/public.js'
import type { ReportMonth } from './report-month.js'

/** Keywords listed by name; the rest are counted (the PDF stays a few pages whatever the size). */
const REPORT_KEYWORDS = 15
/** Gained links and done tasks listed by name. */
const REPORT_ROWS = 10

interface ReportKeyword {
  keyword: string
  /** The last successful check of the month; null: 'Not in the top 100'. */
  position: number | null
  /** Places gained over the month (first successful check against the last); null: no change to tell. */
  change: number | null
  /** 'Sample', 'Simulated' or 'SerpApi, checked Mar 31, 06:00 UTC'. */
  source: string
}

export interface ReportData {
  businessName: string
  place: string
  month: ReportMonth
  score: { value: number; parts: ScorePart[]; source: string; note: string }
  rankings: {
    keywords: ReportKeyword[]
    /** Tracked keywords of the place not listed. */
    more: number
    /** Average position of the checked keywords that ranked, per day of the month with checks. */
    days: { day: string; average: number }[]
    source: string
  }
  grid: null | {
    keyword: string
    size: number
    points: Pick<ScanPoint, 'row' | 'col' | 'status' | 'position'>[]
    averageRank: number | null
    found: number
    scanned: number
    source: string
  }
  /** null: no Business Profile linked for the place. */
  reviews: null | { count: number; average: number | null; source: string }
  performance: null | {
    calls: number
    directions: number
    websiteClicks: number
    days: number
    source: string
  }
  backlinks: {
    gained: number
    lost: number
    firstGained: { domain: string; firstSeen: string }[]
    source: string
  }
  tasks: { done: number; titles: { title: string; day: string }[]; source: string }
}

/** A timestamp column within the month, on the business's clock. */
function inMonth(column: SQL.Aliased | Parameters<typeof gte>[0], month: ReportMonth): SQL {
  const start = sql`(${month.from}::timestamp at time zone ${month.timeZone})`
  const end = sql`((${month.to}::date + 1)::timestamp at time zone ${month.timeZone})`
  return and(gte(column as never, start), lt(column as never, end)) as SQL
}

const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))

function scoreSource(audit: { finishedAt: string } | null, timeZone: string) {
  if (!audit) return 'Estimate'
  return `Measured by the site audit of ${formatDay(dayIn(new Date(audit.finishedAt), timeZone))}`
}

const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)

interface CheckJson {
  position: number | null
  source: 'simulated' | 'measured'
  provider: string | null
  checkedAt: string
}

/** One keyword's first or last successful check of the month, as JSON. */
const monthCheck = (month: ReportMonth, order: 'asc' | 'desc') => sql<CheckJson | null>`(
  select json_build_object('position', ${rankPositions.position}, 'source', ${rankPositions.source},
    'provider', ${rankPositions.provider}, 'checkedAt', ${rankPositions.checkedAt})
  from ${rankPositions}
  where ${rankPositions.keywordId} = ${keywords.id} and ${rankPositions.businessId} = ${keywords.businessId}
    and ${rankPositions.status} = 'ok' and ${rankPositions.day} between ${month.from}::date and ${month.to}::date
  order by ${rankPositions.day} ${order === 'asc' ? sql`asc` : sql`desc`} limit 1)`

function checkSource(check: CheckJson, sample: boolean): string {
  if (sample) return 'Sample'
  return figureSourceLabel(
    check.source === 'measured'
      ? {
          kind: 'measured',
          at: new Date(check.checkedAt).toISOString(),
          ...(check.provider ? { provider: check.provider } : {}),
        }
      : { kind: 'simulated' },
  )
}

async function rankings(
  db: Db,
  business: Business,
  location: ResolvedLocation,
  month: ReportMonth,
) {
  const tracked = roleWhere(business.id, location, 'tracked')
  const rows = await db
    .select({
      keyword: keywords.keyword,
      sample: keywords.sample,
      first: monthCheck(month, 'asc'),
      last: monthCheck(month, 'desc'),
    })
    .from(keywords)
    .where(tracked)
    .orderBy(asc(keywords.keyword), asc(keywords.id))
  const checked = rows.flatMap((row) =>
    row.first && row.last ? [{ ...row, first: row.first, last: row.last }] : [],
  )
  // Best position first; 'Not in the top 100' after every ranked keyword.
  checked.sort((a, b) => (a.last.position ?? 101) - (b.last.position ?? 101))
  const listed = checked.slice(0, REPORT_KEYWORDS).map((row) => ({
    keyword: row.keyword,
    position: row.last.position,
    change:
      row.first.position !== null && row.last.position !== null
        ? row.first.position - row.last.position
        : null,
    source: checkSource(row.last, row.sample),
  }))
  const days = await db
    .select({
      day: rankPositions.day,
      average: sql<string>`avg(${rankPositions.position})`,
    })
    .from(rankPositions)
    .innerJoin(
      keywords,
      and(
        eq(keywords.id, rankPositions.keywordId),
        eq(keywords.businessId, rankPositions.businessId),
      ),
    )
    .where(
      and(
        eq(rankPositions.businessId, business.id),
        tracked,
        eq(rankPositions.status, 'ok'),
        isNotNull(rankPositions.position),
        between(rankPositions.day, month.from, month.to),
      ),
    )
    .groupBy(rankPositions.day)
    .orderBy(asc(rankPositions.day))
  const sources = new Set(
    listed.map((k) => (k.source === 'Sample' || k.source === 'Simulated' ? k.source : 'Measured')),
  )
  return {
    keywords: listed,
    more: rows.length - listed.length,
    days: days.map((d) => ({ day: d.day, average: Math.round(Number(d.average) * 10) / 10 })),
    source:
      sources.size === 1
        ? [...sources][0]!
        : sources.size === 0
          ? 'No checks'
          : 'Mixed: see each keyword',
  }
}

/** The newest finished scan of the place in the month, drawn as on the Geo-Grid screen. */
async function latestGrid(
  db: Db,
  business: Business,
  location: ResolvedLocation,
  month: ReportMonth,
) {
  const [row] = await db
    .select({ id: geoGridScans.id })
    .from(geoGridScans)
    .where(
      and(
        eq(geoGridScans.businessId, business.id),
        location.isMain
          ? sql`${geoGridScans.locationId} is null`
          : eq(geoGridScans.locationId, location.id),
        eq(geoGridScans.status, 'done'),
        inMonth(geoGridScans.finishedAt, month),
      ),
    )
    .orderBy(desc(geoGridScans.finishedAt), desc(geoGridScans.id))
    .limit(1)
  if (!row) return null
  const { scan, points } = await getScan(db, business, row.id)
  const finished = scan.finishedAt
    ? formatDay(dayIn(new Date(scan.finishedAt), month.timeZone))
    : ''
  return {
    keyword: scan.keyword,
    size: scan.gridSize,
    points: points.map(({ row, col, status, position }) => ({ row, col, status, position })),
    averageRank: scan.summary.averageRank,
    found: scan.summary.found,
    scanned: scan.summary.scanned,
    source: `${scan.simulated ? 'Simulated' : scan.sourceLabel}, scanned ${finished}`,
  }
}

/** The place's Business Profile link, the one the screens read (sample without Google sign-in). */
async function profileLink(db: Db, businessId: string, locationKey: string, sample: boolean) {
  const [row] = await db
    .select({ link: businessProfileLinks, run: businessProfilePerformanceImports })
    .from(businessProfileLinks)
    .leftJoin(
      businessProfilePerformanceImports,
      and(
        eq(businessProfilePerformanceImports.linkId, businessProfileLinks.id),
        eq(businessProfilePerformanceImports.businessId, businessId),
      ),
    )
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        eq(businessProfileLinks.locationKey, locationKey),
        eq(businessProfileLinks.sample, sample),
      ),
    )
    .limit(1)
  return row
}

const importedSource = (sample: boolean, at: Date | null | undefined, timeZone: string) =>
  sample ? 'Sample' : at ? `Google, imported ${formatDay(dayIn(at, timeZone))}` : 'Not imported yet'

async function profileFigures(
  db: Db,
  business: Business,
  location: ResolvedLocation,
  month: ReportMonth,
  sample: boolean,
) {
  const found = await profileLink(db, business.id, location.id, sample)
  if (!found) return { reviews: null, performance: null }
  const { link, run } = found
  // The reviews summary's months end with the month `now` falls in: the month's last moment.
  const end = new Date(Date.parse(`${month.to}T12:00:00Z`))
  const summary = await profileReviewsSummary(db, business, location.id, sample, end)
  const ofMonth = summary.months.find((m) => m.month === month.month)
  const m = businessProfileDailyMetrics
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
      and(
        eq(m.businessId, business.id),
        eq(m.linkId, link.id),
        between(m.day, month.from, month.to),
      ),
    )
  const totals = performanceTotals(days, { from: month.from, to: month.to })
  return {
    reviews: {
      count: ofMonth?.count ?? 0,
      average: ofMonth?.average ?? null,
      source: importedSource(link.sample, link.reviewsImportedAt, month.timeZone),
    },
    performance: {
      calls: totals.calls,
      directions: totals.directions,
      websiteClicks: totals.websiteClicks,
      days: days.length,
      source: importedSource(link.sample, run?.importedAt, month.timeZone),
    },
  }
}

/** Links first seen in the month, and links found broken at a check in the month (still broken). */
async function backlinkChanges(
  db: Db,
  business: Business,
  location: ResolvedLocation,
  month: ReportMonth,
) {
  const place = and(
    eq(backlinks.businessId, business.id),
    location.isMain ? undefined : eq(backlinks.locationId, location.id),
  )
  const gainedWhere = and(place, inMonth(backlinks.firstSeen, month))
  const [[counts], firstGained] = await Promise.all([
    db
      .select({
        gained: sql<number>`count(*) filter (where ${inMonth(backlinks.firstSeen, month)})::int`,
        lost: sql<number>`count(*) filter (where ${backlinks.status} = 'broken' and ${inMonth(backlinks.lastCheckedAt, month)})::int`,
        sample: sql<number>`count(*) filter (where ${backlinks.sample})::int`,
        all: count(),
      })
      .from(backlinks)
      .where(place),
    db
      .select({ domain: backlinks.domain, firstSeen: backlinks.firstSeen })
      .from(backlinks)
      .where(gainedWhere)
      .orderBy(asc(backlinks.firstSeen), asc(backlinks.id))
      .limit(REPORT_ROWS),
  ])
  const all = counts?.all ?? 0
  return {
    gained: counts?.gained ?? 0,
    lost: counts?.lost ?? 0,
    firstGained: firstGained.map((b) => ({
      domain: b.domain,
      firstSeen: dayIn(b.firstSeen, month.timeZone),
    })),
    source:
      all > 0 && counts?.sample === all
        ? 'Sample'
        : 'Your backlink list: gained by first seen, lost when a check found the page gone',
  }
}

async function tasksDone(db: Db, businessId: string, month: ReportMonth) {
  const where = and(
    eq(recommendations.businessId, businessId),
    eq(recommendations.status, 'completed'),
    between(recommendations.completedDate, month.from, month.to),
  )
  const [[total], titles] = await Promise.all([
    db.select({ done: count() }).from(recommendations).where(where),
    db
      .select({ title: recommendations.title, day: recommendations.completedDate })
      .from(recommendations)
      .where(where)
      .orderBy(asc(recommendations.completedDate), asc(recommendations.title))
      .limit(REPORT_ROWS),
  ])
  return {
    done: total?.done ?? 0,
    titles: titles.map((t) => ({ title: t.title, day: t.day ?? month.from })),
    source: 'Your SEO task list, by the day each was marked done',
  }
}

export async function gatherReport({
  db,
  business,
  location,
  month,
  now,
  sample,
}: {
  db: Db
  business: Business
  location: ResolvedLocation
  month: ReportMonth
  now: Date
  /** No Google sign-in configured: the Business Profile figures are the sample ones (ADR 034). */
  sample: boolean
}): Promise<ReportData> {
  const [score, ranks, grid, profile, links, tasks] = await Promise.all([
    getDashboardScore({ db, business, now }),
    rankings(db, business, location, month),
    latestGrid(db, business, location, month),
    profileFigures(db, business, location, month, sample),
    backlinkChanges(db, business, location, month),
    tasksDone(db, business.id, month),
  ])
  return {
    businessName: business.name,
    place: location.label,
    month,
    score: {
      value: score.score,
      parts: score.breakdown,
      source: scoreSource(score.audit, month.timeZone),
      note: score.note,
    },
    rankings: ranks,
    grid,
    ...profile,
    backlinks: links,
    tasks,
  }
}
