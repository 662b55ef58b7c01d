// Keeping what map searches saw (issue 34 item 1): every place a geo-grid scan's points or a daily
// map check returned, other than the business itself, becomes (or updates) one competitor of the
// location, with what that search saw of it: its ranks, how often it ranked above the business, and
// its review count that day. The geo-grid and the daily checks call this through deps
// (`recordMapSightings`), so neither imports this feature (docs/decisions/014-feature-dependencies.md).
import { placeKey } from '@localseo/shared/competitors'
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { StoredMapPlace } from '../../db/schema/geo-grid.js'
import {
  competitorDayTallies,
  competitorReviewCounts,
  competitorSightings,
  competitors,
  mapSearches,
} from '../../db/schema/competitors.js'
import { countRank, emptyRanks } from './tally.js'

/** A place of a map search's answer, as the providers give it and a grid point keeps it. */
type SeenPlace = StoredMapPlace

/** One answered map search: where the business was (null: absent) and every place returned. */
interface MapAnswer {
  position: number | null
  places: readonly SeenPlace[]
}

/**
 * The answered searches of one scan (its points) or of one daily map check. Failed or deferred
 * searches are not passed: they say nothing of anyone (issue 34 item 5).
 */
export interface MapSightings {
  businessId: string
  /** 'main' or a location id. */
  locationId: string
  keywordKey: string
  keywordId: string | null
  provider: string
  simulated: boolean
  search: { kind: 'grid'; scanId: string } | { kind: 'daily'; day: string }
  seenAt: Date
  answers: readonly MapAnswer[]
}

export type RecordMapSightings = (db: Db, batch: readonly MapSightings[]) => Promise<void>

interface Seen {
  key: string
  place: SeenPlace
  names: Set<string>
  seenAt: Date
  simulated: boolean
  provider: string
}

interface Sighting {
  key: string
  ranks: number[]
  aboveYou: number
}

const searchKeyOf = (sightings: MapSightings) =>
  sightings.search.kind === 'grid'
    ? `scan:${sightings.search.scanId}`
    : `daily:${sightings.keywordId}:${sightings.search.day}`

/** An answer's places other than the business itself (the place at its own position). */
const othersIn = (answer: MapAnswer) =>
  answer.places.filter((place) => answer.position === null || place.position !== answer.position)

/** The competitors one search batch saw, keyed by place, and what it saw of each. */
function sightingsOf(sightings: MapSightings): Map<string, Sighting> {
  const byKey = new Map<string, Sighting>()
  for (const answer of sightings.answers) {
    const seenHere = new Set<string>()
    for (const place of othersIn(answer)) {
      const key = placeKey(place)
      // The same place twice in one answer (a provider's duplicate) counts once, at its best.
      if (seenHere.has(key)) continue
      seenHere.add(key)
      const entry = byKey.get(key) ?? { key, ranks: [], aboveYou: 0 }
      entry.ranks.push(place.position)
      if (answer.position === null || place.position < answer.position) entry.aboveYou += 1
      byKey.set(key, entry)
    }
  }
  return byKey
}

/** Each place's latest answer across the batch, with every name it was shown under. */
function latestPlaces(batch: readonly MapSightings[], scope: string) {
  const latest = new Map<string, Seen>()
  for (const sightings of batch) {
    if (sightings.locationId !== scope) continue
    for (const answer of sightings.answers) {
      for (const place of othersIn(answer)) {
        const key = placeKey(place)
        const known = latest.get(key)
        const names = known?.names ?? new Set<string>()
        names.add(place.name)
        if (!known || sightings.seenAt >= known.seenAt) {
          latest.set(key, {
            key,
            place,
            names,
            seenAt: sightings.seenAt,
            simulated: (known?.simulated ?? true) && sightings.simulated,
            provider: sightings.provider,
          })
        } else {
          known.simulated &&= sightings.simulated
        }
      }
    }
  }
  return [...latest.values()]
}

const dayOfDate = (at: Date) => at.toISOString().slice(0, 10)
const CHUNK = 500

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/**
 * Upserts the competitors seen and returns their ids by key. The name, rating, review count,
 * categories and website are the latest search's; a name it no longer goes by joins other_names.
 */
async function upsertCompetitors(db: Db, businessId: string, scope: string, seen: Seen[]) {
  const ids = new Map<string, string>()
  for (const part of chunks(seen)) {
    const rows = await db
      .insert(competitors)
      .values(
        part.map(({ key, place, names, seenAt, simulated, provider }) => ({
          businessId,
          locationId: scope === 'main' ? null : scope,
          scope,
          placeKey: key,
          placeId: place.placeId,
          name: place.name,
          otherNames: [...names].filter((name) => name !== place.name),
          categories: place.categories ?? [],
          rating: place.rating ?? null,
          reviewCount: place.reviewCount ?? null,
          website: place.website ?? null,
          sample: simulated,
          source: provider,
          firstSeenAt: seenAt,
          lastSeenAt: seenAt,
        })),
      )
      .onConflictDoUpdate({
        target: [competitors.businessId, competitors.scope, competitors.placeKey],
        set: {
          // An older batch (a backfilled day) keeps the newer answer's fields.
          name: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at THEN excluded.name ELSE competitors.name END`,
          otherNames: sql`(SELECT coalesce(jsonb_agg(DISTINCT n ORDER BY n), '[]'::jsonb)
            FROM jsonb_array_elements_text(competitors.other_names || excluded.other_names
              || jsonb_build_array(competitors.name, excluded.name)) AS n
            WHERE n <> CASE WHEN excluded.last_seen_at >= competitors.last_seen_at
              THEN excluded.name ELSE competitors.name END)`,
          categories: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at AND excluded.categories <> '[]'::jsonb THEN excluded.categories ELSE competitors.categories END`,
          rating: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at THEN coalesce(excluded.rating, competitors.rating) ELSE competitors.rating END`,
          reviewCount: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at THEN coalesce(excluded.review_count, competitors.review_count) ELSE competitors.review_count END`,
          website: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at THEN coalesce(excluded.website, competitors.website) ELSE competitors.website END`,
          placeId: sql`coalesce(competitors.place_id, excluded.place_id)`,
          sample: sql`competitors.sample AND excluded.sample`,
          source: sql`CASE WHEN excluded.last_seen_at >= competitors.last_seen_at THEN excluded.source ELSE competitors.source END`,
          firstSeenAt: sql`least(competitors.first_seen_at, excluded.first_seen_at)`,
          lastSeenAt: sql`greatest(competitors.last_seen_at, excluded.last_seen_at)`,
        },
      })
      .returning({ id: competitors.id, key: competitors.placeKey })
    for (const row of rows) ids.set(row.key, row.id)
  }
  return ids
}

/** The day a search counts on: a daily check's day, a scan's UTC day. */
const dayOfSearch = (sightings: MapSightings) =>
  sightings.search.kind === 'daily' ? sightings.search.day : dayOfDate(sightings.seenAt)

/** The business's own tally of each search of the batch (map_searches), replacing a day checked again. */
async function keepSearches(db: Db, businessId: string, scope: string, mine: MapSightings[]) {
  const rows = mine.map((sightings) => {
    const atRank = emptyRanks()
    for (const answer of sightings.answers) countRank(atRank, answer.position)
    return {
      businessId,
      locationId: scope === 'main' ? null : scope,
      scope,
      searchKey: searchKeyOf(sightings),
      kind: sightings.search.kind,
      scanId: sightings.search.kind === 'grid' ? sightings.search.scanId : null,
      keywordId: sightings.keywordId,
      day: dayOfSearch(sightings),
      answered: sightings.answers.length,
      atRank,
    }
  })
  for (const part of chunks(rows)) {
    await db
      .insert(mapSearches)
      .values(part)
      .onConflictDoUpdate({
        target: [mapSearches.businessId, mapSearches.searchKey],
        set: { answered: sql`excluded.answered`, atRank: sql`excluded.at_rank` },
      })
  }
}

/**
 * Rewrites the competitors' tallies of the days the batch touched from those days' sightings, so
 * the screen sums one row per competitor and day (docs/decisions/040-competitors.md).
 */
async function retallyDays(db: Db, businessId: string, scope: string, days: string[]) {
  const sorted = [...new Set(days)].sort()
  const first = sorted[0]
  const last = sorted.at(-1)
  if (!first || !last) return
  const wanted = new Set(sorted)
  const end = new Date(`${last}T00:00:00Z`)
  end.setUTCDate(end.getUTCDate() + 1)
  const rows = await db
    .select({
      competitorId: competitorSightings.competitorId,
      ranks: competitorSightings.ranks,
      aboveYou: competitorSightings.aboveYou,
      seenAt: competitorSightings.seenAt,
    })
    .from(competitorSightings)
    .where(
      and(
        eq(competitorSightings.businessId, businessId),
        eq(competitorSightings.scope, scope),
        gte(competitorSightings.seenAt, new Date(`${first}T00:00:00Z`)),
        lt(competitorSightings.seenAt, end),
      ),
    )
  const tallies = new Map<string, typeof competitorDayTallies.$inferInsert>()
  for (const row of rows) {
    const day = dayOfDate(row.seenAt)
    if (!wanted.has(day)) continue
    const key = `${row.competitorId}:${day}`
    const tally = tallies.get(key) ?? {
      competitorId: row.competitorId,
      businessId,
      scope,
      day,
      atRank: emptyRanks(),
      aboveYou: 0,
      seen: 0,
    }
    for (const rank of row.ranks) countRank(tally.atRank, rank)
    tally.aboveYou += row.aboveYou
    tally.seen += row.ranks.length
    tallies.set(key, tally)
  }
  for (const part of chunks(sorted)) {
    await db
      .delete(competitorDayTallies)
      .where(
        and(
          eq(competitorDayTallies.businessId, businessId),
          eq(competitorDayTallies.scope, scope),
          inArray(competitorDayTallies.day, part),
        ),
      )
  }
  for (const part of chunks([...tallies.values()])) {
    await db.insert(competitorDayTallies).values(part)
  }
}

/** Each competitor's review count of the day, as the batch's latest answer gave it. */
async function keepReviewCounts(
  db: Db,
  businessId: string,
  mine: MapSightings[],
  ids: Map<string, string>,
) {
  const counts = new Map<string, typeof competitorReviewCounts.$inferInsert>()
  for (const sightings of mine) {
    const day = dayOfSearch(sightings)
    for (const answer of sightings.answers) {
      for (const place of othersIn(answer)) {
        const competitorId = ids.get(placeKey(place))
        if (!competitorId || place.reviewCount == null) continue
        counts.set(`${competitorId}:${day}`, {
          competitorId,
          businessId,
          day,
          rating: place.rating ?? null,
          reviewCount: place.reviewCount,
        })
      }
    }
  }
  for (const part of chunks([...counts.values()])) {
    await db
      .insert(competitorReviewCounts)
      .values(part)
      .onConflictDoUpdate({
        target: [competitorReviewCounts.competitorId, competitorReviewCounts.day],
        set: {
          rating: sql`excluded.rating`,
          reviewCount: sql`excluded.review_count`,
        },
      })
  }
}

/** Keeps a batch of map searches' answers, one transaction per business location. */
export const recordMapSightings: RecordMapSightings = async (db, batch) => {
  const answered = batch.filter((sightings) => sightings.answers.length > 0)
  if (answered.length === 0) return
  const businessId = answered[0]!.businessId
  const scopes = [...new Set(answered.map((sightings) => sightings.locationId))]
  for (const scope of scopes) {
    const mine = answered.filter((s) => s.locationId === scope && s.businessId === businessId)
    const seen = latestPlaces(mine, scope)
    await db.transaction(async (tx) => {
      const ids = await upsertCompetitors(tx, businessId, scope, seen)
      const searchKeys = mine.map(searchKeyOf)
      // A day checked again replaces what its first check saw.
      for (const part of chunks(searchKeys)) {
        await tx
          .delete(competitorSightings)
          .where(
            and(
              eq(competitorSightings.businessId, businessId),
              eq(competitorSightings.scope, scope),
              inArray(competitorSightings.searchKey, part),
            ),
          )
      }
      const rows = mine.flatMap((sightings) =>
        [...sightingsOf(sightings).values()].flatMap((sighting) => {
          const competitorId = ids.get(sighting.key)
          if (!competitorId) return []
          return [
            {
              competitorId,
              businessId,
              scope,
              searchKey: searchKeyOf(sightings),
              kind: sightings.search.kind,
              scanId: sightings.search.kind === 'grid' ? sightings.search.scanId : null,
              keywordId: sightings.keywordId,
              keywordKey: sightings.keywordKey,
              day: sightings.search.kind === 'daily' ? sightings.search.day : null,
              ranks: sighting.ranks,
              aboveYou: sighting.aboveYou,
              provider: sightings.provider,
              seenAt: sightings.seenAt,
            },
          ]
        }),
      )
      for (const part of chunks(rows)) await tx.insert(competitorSightings).values(part)
      await keepSearches(tx, businessId, scope, mine)
      await retallyDays(tx, businessId, scope, mine.map(dayOfSearch))
      await keepReviewCounts(tx, businessId, mine, ids)
    })
  }
}

/**
 * Removes the competitors only simulated searches saw, with what they saw (issue 34 item 7): they go
 * with the other sample data. Answers how many went.
 */
export async function removeSampleCompetitors(db: Db, businessId: string): Promise<number> {
  const removed = await db
    .delete(competitors)
    .where(and(eq(competitors.businessId, businessId), eq(competitors.sample, true)))
    .returning({ id: competitors.id })
  return removed.length
}
