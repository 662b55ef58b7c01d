// The stored daily checks of tracked keywords: asking the provider for the days a keyword lacks and
// storing what it answered, failures included (a failed check is stored as failed, never as 0).
// Here the asking and a keyword's first checks; today-checks.ts has the checks of one day.
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { and, eq, notExists, sql } from 'drizzle-orm'
import { RANK_BACKFILL_DAYS, addDays, dayOf } from '@localseo/shared/rank-tracker'
import { pointOf } from '@localseo/shared/coordinates'
import type { Db } from '../../db/client.js'
import { preparedPerScope } from '../../db/prepared.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { MapPackPlace, RankProvider, RankQuery, RankResult } from './rank-provider.js'
import { scopeId, scopePlaceholders, type KeywordRow } from './keyword-store.js'
import { storeChecks, type StoreOptions } from './rank-store.js'

/**
 * The row a provider's answer becomes: its position ('Not in the top 100' is an ok check without
 * one), or a failed check (never a made-up 0), with the provider that answered. A deferred query
 * (the day's budget is spent) becomes no row: it is asked again the next day.
 */
function storedCheck(
  result: RankResult | undefined,
  where: { keywordId: string; businessId: string; day: string; checkedAt: Date },
  provider: Pick<RankProvider, 'simulated' | 'label'>,
) {
  if (result?.status === 'deferred') return null
  const ok = result?.status === 'ok'
  return {
    ...where,
    status: ok ? ('ok' as const) : ('failed' as const),
    position: ok ? result.position : null,
    source: provider.simulated ? ('simulated' as const) : ('measured' as const),
    provider: provider.label,
    reason:
      result?.status === 'failed' ? result.reason : ok ? null : 'The provider gave no answer.',
  }
}

type StoredCheck = NonNullable<ReturnType<typeof storedCheck>>

/** What a check needs of the business: its website for the organic results, its NAP and pin for the map. */
type CheckedBusiness = Pick<Business, 'id' | 'name' | 'website'> &
  Partial<Pick<Business, 'lat' | 'lng' | 'placeId' | 'category'>>

/** The map-pack columns of a stored check: not asked (all null), its position, or its failure. */
interface MapColumns {
  mapStatus: 'ok' | 'failed' | null
  mapPosition: number | null
  mapReason: string | null
}

const MAP_NOT_ASKED: MapColumns = { mapStatus: null, mapPosition: null, mapReason: null }

/** Google Maps zoom of the daily map search: a neighbourhood, about 2 km across. */
const DAILY_MAP_ZOOM = 14

/**
 * Keeps what a map search found of the business where its place is not known yet. The business
 * feature owns that write (its `recordFoundPlace`); the app gives it (deps.ts), so keywords never
 * calls business (docs/decisions/014-feature-dependencies.md).
 */
export type OnPlaceFound = (
  db: Db,
  businessId: string,
  locationId: string,
  found: Pick<MapPackPlace, 'placeId' | 'lat' | 'lng'>,
) => Promise<void>

/**
 * Keeps what a day's answered map checks saw of the competitors (features/competitors
 * `recordMapSightings`, given through deps so keywords never imports competitors: ADR 014).
 */
export type OnMapSearched = (
  db: Db,
  batch: readonly {
    businessId: string
    locationId: string
    keywordKey: string
    keywordId: string
    provider: string
    simulated: boolean
    search: { kind: 'daily'; day: string }
    seenAt: Date
    answers: { position: number | null; places: MapPackPlace[] }[]
  }[],
) => Promise<void>

/**
 * The map pack of the same searches, asked from the place's pin (issue 17): one result per pair,
 * all 'not asked' when the place has no coordinates yet (Settings → the pin, or the geo-grid's first
 * map result, sets them) or when the day's budget is spent. Where the business is found and its place
 * id is not known yet, the id is kept, so later searches match it by id rather than by name.
 */
export async function mapChecks(
  { db, provider, business, location, onPlaceFound, onMapSearched }: CheckRequest,
  pairs: readonly { keywordKey: string; day: string; keywordId?: string }[],
): Promise<MapColumns[]> {
  const place = location.isMain ? business : location.location
  const point = place ? pointOf(place) : null
  if (!point || pairs.length === 0) return pairs.map(() => MAP_NOT_ASKED)
  const results = await provider.checkMapPack(
    pairs.map(({ keywordKey, day }) => ({
      businessId: business.id,
      locationId: location.id,
      keyword: keywordKey,
      country: location.country,
      city: location.city,
      category: business.category,
      ...point,
      zoom: DAILY_MAP_ZOOM,
      day,
      match: {
        name: business.name,
        phone: location.phone || null,
        address: location.address || null,
        website: business.website || null,
        placeId: place?.placeId ?? null,
        ...point,
      },
    })),
  )
  const found = results.find((r) => r.status === 'ok' && r.business?.placeId)
  if (!place?.placeId && found?.status === 'ok' && found.business) {
    const { placeId, lat, lng } = found.business
    await onPlaceFound(db, business.id, location.id, { placeId, lat, lng })
  }
  // Each answered check's places, kept as the day's competitors (issue 34 item 1); each stands at
  // noon UTC of its day, so a window of days counts a day once.
  await onMapSearched(
    db,
    pairs.flatMap(({ keywordKey, keywordId, day }, i) => {
      const result = results[i]
      if (result?.status !== 'ok' || !keywordId) return []
      return [
        {
          businessId: business.id,
          locationId: location.id,
          keywordKey,
          keywordId,
          provider: provider.label,
          simulated: provider.simulated,
          search: { kind: 'daily' as const, day },
          seenAt: new Date(`${day}T12:00:00Z`),
          answers: [{ position: result.position, places: result.places }],
        },
      ]
    }),
  )
  return results.map((result): MapColumns => {
    if (result.status === 'ok') {
      return { mapStatus: 'ok', mapPosition: result.position, mapReason: null }
    }
    if (result.status === 'failed') {
      return { mapStatus: 'failed', mapPosition: null, mapReason: result.reason }
    }
    return MAP_NOT_ASKED
  })
}

/** What every check of a scope's keywords is given. */
export interface CheckRequest {
  db: Db
  provider: RankProvider
  business: CheckedBusiness
  location: ResolvedLocation
  now: Date
  onPlaceFound: OnPlaceFound
  onMapSearched: OnMapSearched
}

/** The organic search of one keyword on one day, from the scope's city. */
export function rankQuery(
  { business, location }: Pick<CheckRequest, 'business' | 'location'>,
  keyword: string,
  day: string,
  attempt: number,
): RankQuery {
  return {
    businessId: business.id,
    locationId: location.id,
    city: location.city,
    region: location.state,
    country: location.country,
    keyword,
    day,
    attempt,
    website: business.website,
  }
}

/**
 * Asks the provider for every (keyword, day) in one batch and stores the answers (rank-store.ts:
 * `sameDay` says whether a day already stored stays or is replaced). The provider is called outside
 * any transaction (a real one is slow). `attempt` counts the asks of that day: 1, more on Refresh.
 */
export async function checkAndStore({
  wanted,
  deferred = { count: 0 },
  sameDay = 'keep',
  remainingIds,
  ...request
}: CheckRequest & {
  wanted: { keyword: Pick<KeywordRow, 'id' | 'keywordKey'>; days: string[]; attempt?: number }[]
  /** Counts the queries the day's budget left unasked. */
  deferred?: { count: number }
} & Partial<StoreOptions>): Promise<(StoredCheck & MapColumns)[]> {
  const { db, provider, business, now } = request
  const pairs = wanted.flatMap(({ keyword, days, attempt = 1 }) =>
    days.map((day) => ({ keyword, day, attempt })),
  )
  if (pairs.length === 0) return []
  const queries = pairs.map(({ keyword, day, attempt }) =>
    rankQuery(request, keyword.keywordKey, day, attempt),
  )
  const results = await provider.check(queries)
  const asked = pairs.filter((_, i) => results[i]?.status !== 'deferred')
  const maps = await mapChecks(
    request,
    asked.map(({ keyword, day }) => ({
      keywordKey: keyword.keywordKey,
      keywordId: keyword.id,
      day,
    })),
  )
  let m = 0
  const rows = pairs.flatMap(({ keyword, day, attempt }, i) => {
    const row = storedCheck(
      results[i],
      { keywordId: keyword.id, businessId: business.id, day, checkedAt: now },
      provider,
    )
    // A query past the daily budget was not asked: today's stored check, if any, stays.
    return row ? [{ ...row, ...(maps[m++] ?? MAP_NOT_ASKED), checks: attempt }] : []
  })
  deferred.count += pairs.length - rows.length
  await storeChecks(db, rows, { sameDay, remainingIds })
  return rows
}

/** The scope's tracked keywords that have never been checked (prepared: every first-checks job). */
const uncheckedTracked = preparedPerScope((db, scope) =>
  db
    .select({ id: keywords.id, keywordKey: keywords.keywordKey, updatedAt: keywords.updatedAt })
    .from(keywords)
    .where(
      and(
        scopePlaceholders(scope),
        keywords.tracked,
        notExists(
          db
            .select({ one: sql`1` })
            .from(rankPositions)
            .where(eq(rankPositions.keywordId, keywords.id)),
        ),
      ),
    )
    .prepare(`unchecked_tracked_${scope}`),
)

/** How many of the scope's tracked keywords still wait for their first check (screens say so). */
export async function countUncheckedKeywords(
  db: Db,
  business: Pick<Business, 'id'>,
  location: Pick<ResolvedLocation, 'isMain' | 'id'>,
): Promise<number> {
  const rows = await uncheckedTracked(db, {
    businessId: business.id,
    locationId: scopeId(location),
  })
  return rows.length
}

/**
 * The first check of the scope's tracked keywords that were never checked (just tracked, or written
 * as defaults: first-checks.ts). The simulation also stores its past, up to the backfill window,
 * labelled simulated; a real provider can only check today. Later days are stored by the daily job
 * (issue 16); a screen never checks (issue 30 item 8). The provider may be given as a function, so
 * a caller that usually finds nothing to check looks it up only when needed (issue 19 item 4).
 * Answers how many keywords it found to check: 0 means the scope's positions are as stored.
 */
export async function checkNewKeywords(
  request: Omit<CheckRequest, 'provider'> & {
    provider: RankProvider | (() => Promise<RankProvider>)
    /**
     * First checks under way in this process, per scope (deps.firstChecks). A keyword tracked while
     * the first-checks job of the business runs would be found by both and asked twice, spending
     * paid queries twice: a later caller waits for the running check, then looks again.
     */
    firstChecks: Map<string, Promise<number>>
    /**
     * When the business was read (a job's): a keyword written after it is left to the request that
     * wrote it, which checks it with the business as it is then (a pin set meanwhile gives it its
     * map pack).
     */
    businessReadAt?: Date
  },
): Promise<number> {
  const { firstChecks } = request
  const key = `${request.business.id}|${scopeId(request.location) ?? 'main'}`
  const running = firstChecks.get(key)
  if (running) await running.catch(() => undefined) // its caller reports its failure
  const check = checkUnchecked(request)
  firstChecks.set(key, check)
  try {
    return await check
  } finally {
    if (firstChecks.get(key) === check) firstChecks.delete(key)
  }
}

async function checkUnchecked(request: Parameters<typeof checkNewKeywords>[0]): Promise<number> {
  const { db, provider: given, business, location, now } = request
  const scope = { businessId: business.id, locationId: scopeId(location) }
  const readAt = request.businessReadAt
  const rows = (await uncheckedTracked(db, scope)).filter(
    (row) => !readAt || row.updatedAt <= readAt,
  )
  if (rows.length === 0) return 0
  const provider = typeof given === 'function' ? await given() : given
  const today = dayOf(now)
  const days = provider.simulated ? backfillDays(today) : [today]
  const wanted = rows.map((keyword) => ({ keyword, days }))
  await checkAndStore({ ...request, provider, wanted })
  return rows.length
}

/**
 * A keyword analysed or saved before it was tracked has today's check only: with the simulated
 * provider it gets the simulated past every newly tracked keyword has (docs/product.md §2 Rank
 * Tracker; issue 32 item 2), the days it has kept as they are. A real provider can only check today.
 */
export async function fillSimulatedPast({
  keyword,
  ...request
}: CheckRequest & { keyword: Pick<KeywordRow, 'id' | 'keywordKey'> }): Promise<void> {
  if (!request.provider.simulated) return
  await checkAndStore({
    ...request,
    wanted: [{ keyword, days: backfillDays(dayOf(request.now)) }],
  })
}

/** The simulation's past of a new keyword: the backfill window, ending today. */
function backfillDays(today: string): string[] {
  const days: string[] = []
  for (let back = RANK_BACKFILL_DAYS - 1; back >= 0; back--) days.push(addDays(today, -back))
  return days
}
