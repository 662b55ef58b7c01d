// The Competitors screen's figures (issue 34 item 1): over a window of days, a location's answered
// map searches (geo-grid points and daily map checks) tallied per competitor in the database and
// read through the open methods of shared/local-metrics, beside the business's own tally over the
// same searches (docs/decisions/040-competitors.md). Every query carries the business id.
import {
  COMPETITORS_LIST_LIMIT,
  MAX_FOLLOWED_COMPETITORS,
  followLimitMessage,
  type Competitor,
  type CompetitorsResponse,
  type MapHistory,
} from '@localseo/shared/competitors'
import {
  averageRank,
  reviewsPerMonth,
  shareOfLocalVoice,
  top3Share,
  type RankTally,
} from '@localseo/shared/local-metrics'
import { addDays, dayOf } from '@localseo/shared/rank-tracker'
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  competitorDayTallies,
  competitorReviewCounts,
  competitorSightings,
  competitors,
  mapSearches,
} from '../../db/schema/competitors.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { AppError } from '../../lib/errors.js'
import { addTally, emptyTally, type Tally } from './tally.js'

const NOT_FOUND = 'That competitor does not exist.'

/** Where a competitor sits: the business and 'main' or a location id. */
interface Scope {
  businessId: string
  scope: string
}

/** The business's own ranks over the window's answered searches, and how many there were of each kind. */
async function ownTally(db: Db, { businessId, scope }: Scope, since: string) {
  const rows = await db
    .select({ kind: mapSearches.kind, answered: mapSearches.answered, atRank: mapSearches.atRank })
    .from(mapSearches)
    .where(
      and(
        eq(mapSearches.businessId, businessId),
        eq(mapSearches.scope, scope),
        gte(mapSearches.day, since),
      ),
    )
  const tally = emptyTally()
  const searches = { gridPoints: 0, dailyChecks: 0 }
  let scans = 0
  for (const row of rows) {
    addTally(tally, row.answered, row.atRank)
    if (row.kind === 'grid') {
      searches.gridPoints += row.answered
      scans += 1
    } else {
      searches.dailyChecks += row.answered
    }
  }
  return { tally, searches, scans }
}

const figuresOf = (tally: RankTally) => ({
  averageRank: averageRank(tally),
  top3Share: top3Share(tally),
  shareOfLocalVoice: shareOfLocalVoice(tally),
})

/** Each listed competitor's rank tally and review counts over the window. */
async function talliesOf(db: Db, where: Scope, { ids, since }: { ids: string[]; since: string }) {
  const tallies = new Map<string, Tally>()
  const counts = new Map<string, { at: string; reviewCount: number }[]>()
  if (ids.length === 0) return { tallies, counts }
  const days = await db
    .select({ id: competitorDayTallies.competitorId, atRank: competitorDayTallies.atRank })
    .from(competitorDayTallies)
    .where(
      and(
        eq(competitorDayTallies.businessId, where.businessId),
        eq(competitorDayTallies.scope, where.scope),
        gte(competitorDayTallies.day, since),
        inArray(competitorDayTallies.competitorId, ids),
      ),
    )
  for (const row of days) {
    const tally = tallies.get(row.id) ?? emptyTally()
    addTally(tally, 0, row.atRank)
    tallies.set(row.id, tally)
  }
  const reviewRows = await db
    .select({
      id: competitorReviewCounts.competitorId,
      day: competitorReviewCounts.day,
      reviewCount: competitorReviewCounts.reviewCount,
    })
    .from(competitorReviewCounts)
    .where(
      and(
        eq(competitorReviewCounts.businessId, where.businessId),
        inArray(competitorReviewCounts.competitorId, ids),
        gte(competitorReviewCounts.day, since),
      ),
    )
  for (const row of reviewRows) {
    const list = counts.get(row.id) ?? []
    list.push({ at: row.day, reviewCount: row.reviewCount })
    counts.set(row.id, list)
  }
  return { tallies, counts }
}

/**
 * The location's competitors over the last `days` days: the ones most often above the business
 * first (at most COMPETITORS_LIST_LIMIT), followed ones always, hidden ones last.
 */
export async function listCompetitors(
  db: Db,
  where: Scope,
  { days, now }: { days: number; now: Date },
): Promise<CompetitorsResponse> {
  const since = addDays(dayOf(now), -days)
  const own = await ownTally(db, where, since)
  const above = sql<number>`coalesce(sum(${competitorDayTallies.aboveYou}), 0)::int`
  const seen = sql<number>`coalesce(sum(${competitorDayTallies.seen}), 0)::int`
  const rows = await db
    .select({ competitor: competitors, above, seen })
    .from(competitors)
    .leftJoin(
      competitorDayTallies,
      and(
        eq(competitorDayTallies.competitorId, competitors.id),
        eq(competitorDayTallies.businessId, where.businessId),
        gte(competitorDayTallies.day, since),
      ),
    )
    .where(and(eq(competitors.businessId, where.businessId), eq(competitors.scope, where.scope)))
    .groupBy(competitors.id)
    .having(
      sql`count(${competitorDayTallies.competitorId}) > 0 OR ${competitors.followed} OR ${competitors.hidden}`,
    )
    .orderBy(desc(competitors.followed), desc(above), desc(seen), asc(competitors.name))
    .limit(COMPETITORS_LIST_LIMIT * 2)
  const shown = rows.filter((row) => !row.competitor.hidden).slice(0, COMPETITORS_LIST_LIMIT)
  const hidden = rows.filter((row) => row.competitor.hidden).slice(0, COMPETITORS_LIST_LIMIT)
  const listed = [...shown, ...hidden]
  const ids = listed.map((row) => row.competitor.id)
  const { tallies, counts } = await talliesOf(db, where, { ids, since })
  return {
    locationId: where.scope,
    days,
    searches: own.searches,
    scans: own.scans,
    you: figuresOf(own.tally),
    competitors: listed.map(({ competitor: row, above: aboveYou, seen: searchesSeen }) => {
      // Seen at some searches; absent at every other answered search of the window.
      const found = tallies.get(row.id) ?? emptyTally()
      const tally = { answered: own.tally.answered, atRank: found.atRank }
      return {
        id: row.id,
        name: row.name,
        otherNames: row.otherNames,
        placeId: row.placeId,
        primaryCategory: row.categories[0] ?? null,
        rating: row.rating,
        reviewCount: row.reviewCount,
        reviewsPerMonth: reviewsPerMonth(counts.get(row.id) ?? []),
        website: row.website,
        searchesSeen,
        searchesAboveYou: aboveYou,
        ...figuresOf(tally),
        followed: row.followed,
        hidden: row.hidden,
        sample: row.sample,
        source: row.source,
        lastSeenAt: row.lastSeenAt.toISOString(),
      } satisfies Competitor
    }),
  }
}

/** Follows, unfollows, hides or shows a competitor of the business; another's is a 404. */
export async function updateCompetitor(
  db: Db,
  businessId: string,
  id: string,
  change: { followed?: boolean; hidden?: boolean },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(competitors)
      .where(and(eq(competitors.id, id), eq(competitors.businessId, businessId)))
      .for('update')
    if (!row) throw new AppError('not_found', NOT_FOUND)
    // Hiding stops following; following shows it again.
    const hidden = change.hidden ?? (change.followed ? false : row.hidden)
    const followed = hidden ? false : (change.followed ?? row.followed)
    if (followed && !row.followed) {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(competitors)
        .where(
          and(
            eq(competitors.businessId, businessId),
            eq(competitors.scope, row.scope),
            eq(competitors.followed, true),
          ),
        )
      if ((count?.n ?? 0) >= MAX_FOLLOWED_COMPETITORS) {
        throw new AppError('validation_failed', followLimitMessage)
      }
    }
    await tx
      .update(competitors)
      .set({ followed, hidden })
      .where(and(eq(competitors.id, id), eq(competitors.businessId, businessId)))
    return { id, followed, hidden }
  })
}

/** The location's followed competitors with their place key, for the geo-grid's point view. */
export async function followedCompetitors(db: Db, { businessId, scope }: Scope) {
  const rows = await db
    .select({ id: competitors.id, name: competitors.name, key: competitors.placeKey })
    .from(competitors)
    .where(
      and(
        eq(competitors.businessId, businessId),
        eq(competitors.scope, scope),
        eq(competitors.followed, true),
      ),
    )
    .orderBy(asc(competitors.name))
  return { followed: rows }
}

/**
 * A tracked keyword's daily map positions over the range, the business's and each followed
 * competitor's, on the days whose map check answered (a failed check is no point of the chart).
 */
export async function mapHistory(
  db: Db,
  where: Scope,
  { keywordId, range, now }: { keywordId: string; range: number; now: Date },
): Promise<MapHistory> {
  const [keyword] = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(
      and(
        eq(keywords.id, keywordId),
        eq(keywords.businessId, where.businessId),
        sql`coalesce(${keywords.locationId}, 'main') = ${where.scope}`,
      ),
    )
  if (!keyword) throw new AppError('not_found', 'That keyword is not tracked.')
  const since = addDays(dayOf(now), -(range - 1))
  const own = await db
    .select({ day: rankPositions.day, position: rankPositions.mapPosition })
    .from(rankPositions)
    .where(
      and(
        eq(rankPositions.keywordId, keywordId),
        eq(rankPositions.businessId, where.businessId),
        gte(rankPositions.day, since),
        eq(rankPositions.mapStatus, 'ok'),
      ),
    )
    .orderBy(asc(rankPositions.day))
  const { followed } = await followedCompetitors(db, where)
  const seen = followed.length
    ? await db
        .select({
          id: competitorSightings.competitorId,
          day: competitorSightings.day,
          rank: sql<number>`${competitorSightings.ranks}[1]`,
        })
        .from(competitorSightings)
        .where(
          and(
            eq(competitorSightings.businessId, where.businessId),
            eq(competitorSightings.keywordId, keywordId),
            eq(competitorSightings.kind, 'daily'),
            gte(competitorSightings.day, since),
            inArray(
              competitorSightings.competitorId,
              followed.map((f) => f.id),
            ),
          ),
        )
    : []
  const days = own.map((row) => row.day)
  const rankOn = new Map(seen.map((row) => [`${row.id}:${row.day}`, row.rank]))
  return {
    days,
    you: own.map((row) => ({ day: row.day, position: row.position })),
    competitors: followed.map((competitor) => ({
      id: competitor.id,
      name: competitor.name,
      positions: days.map((day) => ({
        day,
        position: rankOn.get(`${competitor.id}:${day}`) ?? null,
      })),
    })),
  }
}
