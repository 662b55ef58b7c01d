// Competitor alerts (issue 34 item 6): after the day's checks, what the owner's followed competitors
// did worth telling: moving above the business in a tracked keyword's daily map check (it was not
// above at the keyword's previous answered check), or gaining more than REVIEW_SURGE_PER_WEEK reviews
// in the week to the day (and not in the week to the day before, so a surge is told once). A failed
// check is no check: it neither starts nor ends an overtake (docs/decisions/040-competitors.md).
import {
  REVIEW_SURGE_PER_WEEK,
  overtookAlert,
  reviewSurgeAlert,
} from '@localseo/shared/competitors'
import { addDays } from '@localseo/shared/rank-tracker'
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  competitorReviewCounts,
  competitorSightings,
  competitors,
} from '../../db/schema/competitors.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'

export interface CompetitorNews {
  kind: 'competitor_overtook' | 'competitor_reviews'
  message: string
}

/** How far back a keyword's previous answered check is looked for. */
const PREVIOUS_CHECK_DAYS = 14

type Followed = { id: string; name: string; scope: string; sample: boolean }

/** Each tracked keyword's answered map checks of the last days, newest first. */
function answeredChecks(db: Db, businessId: string, day: string) {
  return db
    .select({
      keywordId: rankPositions.keywordId,
      keyword: keywords.keyword,
      scope: sql<string>`coalesce(${keywords.locationId}, 'main')`,
      day: rankPositions.day,
      position: rankPositions.mapPosition,
    })
    .from(rankPositions)
    .innerJoin(keywords, eq(keywords.id, rankPositions.keywordId))
    .where(
      and(
        eq(rankPositions.businessId, businessId),
        eq(keywords.businessId, businessId),
        eq(keywords.tracked, true),
        eq(rankPositions.mapStatus, 'ok'),
        gte(rankPositions.day, addDays(day, -PREVIOUS_CHECK_DAYS)),
        lte(rankPositions.day, day),
      ),
    )
    .orderBy(asc(rankPositions.keywordId), desc(rankPositions.day))
}

async function overtakes(db: Db, businessId: string, day: string, followed: Followed[]) {
  // Each keyword's map check of the day and its previous answered one.
  const checks = await answeredChecks(db, businessId, day)
  const pairs = new Map<string, typeof checks>()
  for (const check of checks) {
    const list = pairs.get(check.keywordId) ?? []
    if (list.length < 2) list.push(check)
    pairs.set(check.keywordId, list)
  }
  const compared = [...pairs.values()].filter(
    (list): list is [(typeof checks)[number], (typeof checks)[number]] =>
      list.length === 2 && list[0]!.day === day,
  )
  if (compared.length === 0) return []
  const seen = await db
    .select({
      competitorId: competitorSightings.competitorId,
      keywordId: competitorSightings.keywordId,
      day: competitorSightings.day,
      rank: sql<number>`${competitorSightings.ranks}[1]`,
    })
    .from(competitorSightings)
    .where(
      and(
        eq(competitorSightings.businessId, businessId),
        eq(competitorSightings.kind, 'daily'),
        inArray(
          competitorSightings.competitorId,
          followed.map((f) => f.id),
        ),
        inArray(
          competitorSightings.keywordId,
          compared.map(([today]) => today.keywordId),
        ),
        gte(competitorSightings.day, addDays(day, -PREVIOUS_CHECK_DAYS)),
      ),
    )
  const rankOf = new Map(seen.map((s) => [`${s.competitorId}:${s.keywordId}:${s.day}`, s.rank]))
  const above = (rank: number | undefined, yours: number | null) =>
    rank !== undefined && (yours === null || rank < yours)
  return compared.flatMap(([today, before]) =>
    followed
      .filter((competitor) => competitor.scope === today.scope)
      .flatMap((competitor): CompetitorNews[] => {
        const rank = rankOf.get(`${competitor.id}:${today.keywordId}:${today.day}`)
        const previousRank = rankOf.get(`${competitor.id}:${before.keywordId}:${before.day}`)
        if (!above(rank, today.position) || above(previousRank, before.position)) return []
        return [
          {
            kind: 'competitor_overtook',
            message: overtookAlert({
              competitor: competitor.name,
              keyword: today.keyword,
              rank: rank!,
              yours: today.position,
              previousRank: previousRank ?? null,
              sample: competitor.sample,
            }),
          },
        ]
      }),
  )
}

/** The latest review count on or before each of the days asked, per competitor. */
function countOn(rows: { day: string; reviewCount: number }[], day: string) {
  let found: number | undefined
  for (const row of rows) if (row.day <= day) found = row.reviewCount
  return found
}

async function reviewSurges(db: Db, businessId: string, day: string, followed: Followed[]) {
  const rows = await db
    .select({
      competitorId: competitorReviewCounts.competitorId,
      day: competitorReviewCounts.day,
      reviewCount: competitorReviewCounts.reviewCount,
    })
    .from(competitorReviewCounts)
    .where(
      and(
        eq(competitorReviewCounts.businessId, businessId),
        inArray(
          competitorReviewCounts.competitorId,
          followed.map((f) => f.id),
        ),
        gte(competitorReviewCounts.day, addDays(day, -PREVIOUS_CHECK_DAYS)),
        lte(competitorReviewCounts.day, day),
      ),
    )
    .orderBy(asc(competitorReviewCounts.day))
  return followed.flatMap((competitor): CompetitorNews[] => {
    const mine = rows.filter((row) => row.competitorId === competitor.id)
    if (mine.at(-1)?.day !== day) return []
    const now = countOn(mine, day)
    const weekAgo = countOn(mine, addDays(day, -7))
    if (now === undefined || weekAgo === undefined || now - weekAgo <= REVIEW_SURGE_PER_WEEK) {
      return []
    }
    const yesterday = countOn(mine, addDays(day, -1))
    const weekBefore = countOn(mine, addDays(day, -8))
    const toldYesterday =
      yesterday !== undefined &&
      weekBefore !== undefined &&
      yesterday - weekBefore > REVIEW_SURGE_PER_WEEK
    if (toldYesterday) return []
    return [
      {
        kind: 'competitor_reviews',
        message: reviewSurgeAlert({
          competitor: competitor.name,
          from: weekAgo,
          to: now,
          sample: competitor.sample,
        }),
      },
    ]
  })
}

/** What the business's followed competitors did on the day that is worth an alert. */
export async function competitorNews(
  db: Db,
  businessId: string,
  day: string,
): Promise<CompetitorNews[]> {
  const followed = await db
    .select({
      id: competitors.id,
      name: competitors.name,
      scope: competitors.scope,
      sample: competitors.sample,
    })
    .from(competitors)
    .where(and(eq(competitors.businessId, businessId), eq(competitors.followed, true)))
  if (followed.length === 0) return []
  return [
    ...(await overtakes(db, businessId, day, followed)),
    ...(await reviewSurges(db, businessId, day, followed)),
  ]
}
