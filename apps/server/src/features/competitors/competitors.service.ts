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
  NOT_FOUND_RANK,
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
  competitorReviewCounts,
  competitorSightings,
  competitors,
} from '../../db/schema/competitors.js'
import { geoGridPoints, geoGridScans } from '../../db/schema/geo-grid.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { AppError } from '../../lib/errors.js'

const NOT_FOUND = 'That competitor does not exist.'

/** Where a competitor sits: the business and 'main' or a location id. */
interface Scope {
  businessId: string
  scope: string
}

const emptyTally = (): { answered: number; atRank: number[] } => ({
  answered: 0,
  atRank: Array.from({ length: NOT_FOUND_RANK - 1 }, () => 0),
})

/** Adds `n` searches at `rank` (null or out of 1-20: absent) to a tally. */
function add(tally: { answered: number; atRank: number[] }, rank: number | null, n: number) {
  tally.answered += n
  if (rank !== null && rank >= 1 && rank < NOT_FOUND_RANK) tally.atRank[rank - 1]! += n
}

/** The business's own ranks over the window's answered searches, and how many there were of each kind. */
async function ownTally(db: Db, { businessId, scope }: Scope, since: string) {
  const sinceAt = new Date(`${since}T00:00:00Z`)
  const grid = await db
    .select({
      position: geoGridPoints.position,
      n: sql<number>`count(*)::int`,
      scans: sql<number>`count(DISTINCT ${geoGridPoints.scanId})::int`,
    })
    .from(geoGridPoints)
    .innerJoin(geoGridScans, eq(geoGridScans.id, geoGridPoints.scanId))
    .where(
      and(
        eq(geoGridScans.businessId, businessId),
        eq(geoGridPoints.businessId, businessId),
        sql`coalesce(${geoGridScans.locationId}, 'main') = ${scope}`,
        gte(geoGridScans.createdAt, sinceAt),
        eq(geoGridPoints.status, 'ok'),
      ),
    )
    .groupBy(geoGridPoints.position)
  const [scans] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(geoGridScans)
    .where(
      and(
        eq(geoGridScans.businessId, businessId),
        sql`coalesce(${geoGridScans.locationId}, 'main') = ${scope}`,
        gte(geoGridScans.createdAt, sinceAt),
        eq(geoGridScans.status, 'done'),
      ),
    )
  const daily = await db
    .select({ position: rankPositions.mapPosition, n: sql<number>`count(*)::int` })
    .from(rankPositions)
    .innerJoin(keywords, eq(keywords.id, rankPositions.keywordId))
    .where(
      and(
        eq(rankPositions.businessId, businessId),
        eq(keywords.businessId, businessId),
        sql`coalesce(${keywords.locationId}, 'main') = ${scope}`,
        gte(rankPositions.day, since),
        eq(rankPositions.mapStatus, 'ok'),
      ),
    )
    .groupBy(rankPositions.mapPosition)
  const tally = emptyTally()
  for (const row of [...grid, ...daily]) add(tally, row.position, row.n)
  return {
    tally,
    searches: {
      gridPoints: grid.reduce((sum, row) => sum + row.n, 0),
      dailyChecks: daily.reduce((sum, row) => sum + row.n, 0),
    },
    scans: scans?.n ?? 0,
  }
}

const figuresOf = (tally: RankTally) => ({
  averageRank: averageRank(tally),
  top3Share: top3Share(tally),
  shareOfLocalVoice: shareOfLocalVoice(tally),
})

/** Each listed competitor's rank tally and review counts over the window. */
async function talliesOf(
  db: Db,
  where: Scope,
  { ids, since, sinceAt }: { ids: string[]; since: string; sinceAt: Date },
) {
  const tallies = new Map<string, { answered: number; atRank: number[] }>()
  const counts = new Map<string, { at: string; reviewCount: number }[]>()
  if (ids.length === 0) return { tallies, counts }
  const histogram = await db
    .select({
      id: competitorSightings.competitorId,
      rank: sql<number>`r.rank`,
      n: sql<number>`count(*)::int`,
    })
    .from(competitorSightings)
    .innerJoin(sql`unnest(${competitorSightings.ranks}) AS r(rank)`, sql`true`)
    .where(
      and(
        eq(competitorSightings.businessId, where.businessId),
        eq(competitorSightings.scope, where.scope),
        gte(competitorSightings.seenAt, sinceAt),
        inArray(competitorSightings.competitorId, ids),
      ),
    )
    .groupBy(competitorSightings.competitorId, sql`r.rank`)
  for (const row of histogram) {
    const tally = tallies.get(row.id) ?? emptyTally()
    add(tally, row.rank, row.n)
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
  const sinceAt = new Date(`${since}T00:00:00Z`)
  const own = await ownTally(db, where, since)
  const inWindow = and(
    eq(competitorSightings.businessId, where.businessId),
    eq(competitorSightings.scope, where.scope),
    gte(competitorSightings.seenAt, sinceAt),
  )
  const above = sql<number>`coalesce(sum(${competitorSightings.aboveYou}), 0)::int`
  const seen = sql<number>`coalesce(sum(cardinality(${competitorSightings.ranks})), 0)::int`
  const rows = await db
    .select({ competitor: competitors, above, seen })
    .from(competitors)
    .leftJoin(
      competitorSightings,
      and(eq(competitorSightings.competitorId, competitors.id), inWindow),
    )
    .where(and(eq(competitors.businessId, where.businessId), eq(competitors.scope, where.scope)))
    .groupBy(competitors.id)
    .having(
      sql`count(${competitorSightings.competitorId}) > 0 OR ${competitors.followed} OR ${competitors.hidden}`,
    )
    .orderBy(desc(competitors.followed), desc(above), desc(seen), asc(competitors.name))
    .limit(COMPETITORS_LIST_LIMIT * 2)
  const shown = rows.filter((row) => !row.competitor.hidden).slice(0, COMPETITORS_LIST_LIMIT)
  const hidden = rows.filter((row) => row.competitor.hidden).slice(0, COMPETITORS_LIST_LIMIT)
  const listed = [...shown, ...hidden]
  const ids = listed.map((row) => row.competitor.id)
  const { tallies, counts } = await talliesOf(db, where, { ids, since, sinceAt })
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
