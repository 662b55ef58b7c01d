// Building a monthly report (issue 35 item 4): the months that have something to tell, and the PDF
// of one of them for the business or one location. Every query carries the business id
// (docs/house-rules.md "Tenant scoping inside the query").
import { sql, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { geoGridScans } from '../../db/schema/geo-grid.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { AppError } from '../../lib/errors.js'
import { gatherReport } from './report-data.js'
import { reportMonth } from './report-month.js'
import { renderReportPdf, type ReportBranding } from './report-pdf.js'

/** The Reports screen's month picker goes back two years. */
const MONTHS_LISTED = 24

const NO_DATA = 'There is nothing to report for that month yet: pick a month with data.'

/**
 * The first day of each month from the business's last check back to its first, newest first (plain
 * timestamps: the days are the business's own, no time zone to apply).
 */
function checkMonths(businessId: string) {
  const edge = (day: SQL) =>
    sql`(select date_trunc('month', ${day}::timestamp) from ${rankPositions}
         where ${rankPositions.businessId} = ${businessId})`
  // At most the months the picker lists; the limit also tells the planner how few rows to expect
  // (a bare generate_series is costed at 1,000 and set PostgreSQL's JIT compiling, ~200 ms).
  return sql`(select generate_series(${edge(sql`max(${rankPositions.day})`)}, ${edge(sql`min(${rankPositions.day})`)}, interval '-1 month') as start
              limit ${MONTHS_LISTED})`
}

/**
 * The months ('2026-03', newest first) in which the place has rank checks, a finished geo-grid
 * scan or a gained backlink, or the business has a task done: the months a report can tell about.
 */
export async function monthsWithData(
  db: Db,
  business: Business,
  location: ResolvedLocation,
): Promise<string[]> {
  const tz = business.timeZone
  const place = (column: unknown) => (location.isMain ? sql`true` : sql`${column} = ${location.id}`)
  const month = (column: unknown) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM')`
  const result = await db.execute(sql`
    select m from (
      -- A year of daily checks is 180,000 rows: each month from the first check to the last is
      -- looked up on (business_id, day) and stops at its first check of the place, instead of
      -- reading every check (issue 36 item 2).
      select to_char(start, 'YYYY-MM') as m
      from ${checkMonths(business.id)} as months
      where exists (
        select 1 from ${rankPositions} join ${keywords} on ${keywords.id} = ${rankPositions.keywordId}
          and ${keywords.businessId} = ${rankPositions.businessId}
        where ${rankPositions.businessId} = ${business.id} and ${keywords.tracked}
          and ${rankPositions.day} >= start::date and ${rankPositions.day} < (start + interval '1 month')::date
          and ${location.isMain ? sql`${keywords.locationId} is null` : sql`${keywords.locationId} = ${location.id}`}
      )
      union
      select distinct ${month(geoGridScans.finishedAt)} from ${geoGridScans}
      where ${geoGridScans.businessId} = ${business.id} and ${geoGridScans.status} = 'done'
        and ${location.isMain ? sql`${geoGridScans.locationId} is null` : sql`${geoGridScans.locationId} = ${location.id}`}
      union
      select distinct ${month(backlinks.firstSeen)} from ${backlinks}
      where ${backlinks.businessId} = ${business.id} and ${place(backlinks.locationId)}
      union
      select distinct to_char(${recommendations.completedDate}, 'YYYY-MM') from ${recommendations}
      where ${recommendations.businessId} = ${business.id} and ${recommendations.status} = 'completed'
        and ${recommendations.completedDate} is not null
    ) months
    where m is not null
    order by m desc
    limit ${MONTHS_LISTED}`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  return (result as { rows: { m: string }[] }).rows.map((r) => r.m)
}

const generatedFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })

/** An ASCII file name: 'local-seo-report-lodz-dental-2026-03.pdf'. */
function reportFilename(name: string, month: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[łŁ]/g, 'l')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
  return `local-seo-report-${slug ? `${slug}-` : ''}${month}.pdf`
}

/** The month's report as a PDF; a month with nothing to tell is a 404 in the error shape. */
export async function buildReportPdf({
  db,
  business,
  location,
  month,
  now,
  sample,
  branding,
}: {
  db: Db
  business: Business
  location: ResolvedLocation
  month: string
  now: Date
  sample: boolean
  branding: ReportBranding
}) {
  const months = await monthsWithData(db, business, location)
  if (!months.includes(month)) throw new AppError('not_found', NO_DATA)
  const data = await gatherReport({
    db,
    business,
    location,
    month: reportMonth(month, business.timeZone),
    now,
    sample,
  })
  const pdf = await renderReportPdf(data, branding, generatedFormat(business.timeZone).format(now))
  return { pdf, filename: reportFilename(business.name, month) }
}
