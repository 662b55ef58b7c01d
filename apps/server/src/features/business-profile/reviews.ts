// The reviews the daily import stored (issue 33 item 2, ADR 034 "Reviews import"), read from our
// tables only: one place's reviews filtered and paged, and its summary computed in SQL. Every query
// carries the caller's business id (docs/house-rules.md "Tenant scoping inside the query").
import {
  REVIEW_REPLY_STATES,
  REVIEWS_PAGE_SIZE,
  type ReviewReplyState,
  type ProfileReview,
  type ReviewsPage,
  type ReviewsQuery,
  type ReviewsSummary,
} from '@localseo/shared/business-profile'
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businessProfileLinks, businessProfileReviews } from '../../db/schema/business-profile.js'

const r = businessProfileReviews

/** The place's link and its import, as the screens show it; null when not linked. */
async function importOf(
  db: Db,
  businessId: string,
  locationKey: string,
  sample: boolean,
): Promise<ReviewsPage['import']> {
  const [link] = await db
    .select()
    .from(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        eq(businessProfileLinks.locationKey, locationKey),
        eq(businessProfileLinks.sample, sample),
      ),
    )
  if (!link) return null
  const status = link.reviewsImportStatus
  return {
    googleLocation: link.googleLocation,
    title: link.title,
    sample: link.sample,
    importedAt: link.reviewsImportedAt?.toISOString() ?? null,
    attemptedAt: link.reviewsAttemptedAt?.toISOString() ?? null,
    status: status === 'ok' || status === 'failed' ? status : null,
    reason: link.reviewsImportReason,
  }
}

/**
 * The instant a calendar day starts where the business is (issue 33: the owner's 'from' and 'to'
 * are days on the business's clock, not UTC's), worked out by PostgreSQL from the IANA zone.
 */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`

/** The place's reviews under the link shown now (sample ones only while Google is sample). */
const placeReviews = (businessId: string, locationKey: string, sample: boolean) => [
  eq(r.businessId, businessId),
  eq(r.locationKey, locationKey),
  eq(r.sample, sample),
]

function filters(query: ReviewsQuery, timeZone: string): SQL[] {
  const where: SQL[] = []
  if (query.rating) where.push(eq(r.rating, query.rating))
  if (query.replied === 'true') where.push(isNotNull(r.replyComment))
  if (query.replied === 'false') where.push(isNull(r.replyComment))
  if (query.from) where.push(gte(r.createTime, dayStart(query.from, timeZone)))
  if (query.to) where.push(lt(r.createTime, dayStart(query.to, timeZone, 1)))
  if (query.q) {
    const words = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(or(ilike(r.comment, words), ilike(r.reviewerName, words))!)
  }
  return where
}

const replyState = (state: string | null): ReviewReplyState | null =>
  (REVIEW_REPLY_STATES as readonly string[]).includes(state ?? '')
    ? (state as ReviewReplyState)
    : null

/** A stored review as the screens read it (the reply routes answer it too, ADR 037). */
export function toReview(row: typeof r.$inferSelect): ProfileReview {
  return {
    name: row.name,
    reviewer: row.reviewerName,
    reviewerAnonymous: row.reviewerAnonymous,
    reviewerPhotoUrl: row.reviewerPhotoUrl,
    rating: row.rating,
    comment: row.comment,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
    reply:
      row.replyComment === null
        ? null
        : {
            comment: row.replyComment,
            updateTime: row.replyUpdateTime?.toISOString() ?? null,
            state: replyState(row.replyState),
            policyViolation: row.replyPolicyViolation,
          },
    sample: row.sample,
  }
}

/**
 * GET /api/business-profile/reviews: newest first, REVIEWS_PAGE_SIZE a page; `from` and `to` are
 * days in the business's time zone.
 */
export async function listProfileReviews(
  db: Db,
  business: { id: string; timeZone: string },
  locationKey: string,
  sample: boolean,
  query: ReviewsQuery,
): Promise<ReviewsPage> {
  const businessId = business.id
  const where = and(
    ...placeReviews(businessId, locationKey, sample),
    ...filters(query, business.timeZone),
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.createTime), desc(r.name))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(r)
      .where(where),
  ])
  return {
    reviews: rows.map(toReview),
    page: query.page,
    pageSize: REVIEWS_PAGE_SIZE,
    total: counted?.total ?? 0,
    import: await importOf(db, businessId, locationKey, sample),
  }
}

/** The median hours from a review to its reply, over the replied reviews of the group. */
const medianReplyHours = sql`percentile_cont(0.5) within group (order by extract(epoch from (${r.replyUpdateTime} - ${r.createTime})) / 3600) filter (where ${r.replyUpdateTime} is not null)`

const round2 = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100

/** The month ('2026-03-01') `now` falls in where the business is. */
function monthIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
  return `${parts.year}-${parts.month}-01`
}

/**
 * GET /api/business-profile/reviews/summary: count, average, the 1-5 distribution, the 12 months up
 * to `now`'s (months of the business's time zone, as the date filters' days), the share answered
 * and the median time to a reply, each computed by PostgreSQL.
 */
export async function profileReviewsSummary(
  db: Db,
  business: { id: string; timeZone: string },
  locationKey: string,
  sample: boolean,
  now: Date,
): Promise<ReviewsSummary> {
  const businessId = business.id
  const where = and(...placeReviews(businessId, locationKey, sample))
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`avg(${r.rating})`,
      one: sql<number>`count(*) filter (where ${r.rating} = 1)::int`,
      two: sql<number>`count(*) filter (where ${r.rating} = 2)::int`,
      three: sql<number>`count(*) filter (where ${r.rating} = 3)::int`,
      four: sql<number>`count(*) filter (where ${r.rating} = 4)::int`,
      five: sql<number>`count(*) filter (where ${r.rating} = 5)::int`,
      replied: sql<number>`count(${r.replyComment})::int`,
      medianHours: sql<string | null>`${medianReplyHours}`,
    })
    .from(r)
    .where(where)
  const thisMonth = monthIn(now, business.timeZone)
  const result = await db.execute(sql`
    select to_char(m.month, 'YYYY-MM') as month,
           count(${r.id})::int as count,
           avg(${r.rating}) as average,
           count(${r.replyComment})::int as replied,
           ${medianReplyHours} as median_hours
    from generate_series(${thisMonth}::date - interval '11 months', ${thisMonth}::date, interval '1 month') as m(month)
    left join ${r} on ${where}
      and ${r.createTime} >= (m.month at time zone ${business.timeZone})
      and ${r.createTime} < ((m.month + interval '1 month') at time zone ${business.timeZone})
    group by m.month
    order by m.month`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  const months = result as {
    rows: {
      month: string
      count: number
      average: string | null
      replied: number
      median_hours: string | number | null
    }[]
  }
  const count = totals?.count ?? 0
  return {
    count,
    average: round2(totals?.average ?? null),
    distribution: [
      totals?.one ?? 0,
      totals?.two ?? 0,
      totals?.three ?? 0,
      totals?.four ?? 0,
      totals?.five ?? 0,
    ],
    months: months.rows.map((m) => ({
      month: m.month,
      count: Number(m.count),
      average: round2(m.average),
      responseRate: Number(m.count) === 0 ? null : round2(Number(m.replied) / Number(m.count)),
      medianReplyHours: round2(m.median_hours),
    })),
    responseRate: count === 0 ? null : round2((totals?.replied ?? 0) / count),
    medianReplyHours: round2(totals?.medianHours ?? null),
    import: await importOf(db, businessId, locationKey, sample),
  }
}
