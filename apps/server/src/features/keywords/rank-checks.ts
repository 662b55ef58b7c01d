// The stored daily checks of tracked keywords: asking the provider for the days a keyword lacks and
// storing what it answered, failures included (a failed check is stored as failed, never as 0).
import type { Business } from '@localseo/shared/business'
import {
  MAIN_LOCATION,
  resolveLocation,
  type ResolvedLocation,
} from '@localseo/shared/location-selection'
import { and, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm'
import { RANK_BACKFILL_DAYS, addDays, dayOf } from '@localseo/shared/rank-tracker'
import { pointOf } from '@localseo/shared/coordinates'
import type { Db, Tx } from '../../db/client.js'
import { preparedPerScope } from '../../db/prepared.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { RankProvider, RankQuery, RankResult } from './rank-provider.js'
import { scopeId, scopePlaceholders, scopeWhere, type KeywordRow } from './keyword-store.js'
import { recordFoundPlace } from '../business/public.js'

/**
 * The row a provider's answer becomes: its position ('Not in the top 100' is an ok check without
 * one), or a failed check (never a made-up 0), with the provider that answered. A deferred query
 * (the day's budget is spent) becomes no row: it is asked again the next day.
 */
export function storedCheck(
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
  Partial<Pick<Business, 'lat' | 'lng' | 'placeId'>>

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
 * The map pack of the same searches, asked from the place's pin (issue 17): one result per pair,
 * all 'not asked' when the place has no coordinates yet (Settings → the pin, or the geo-grid's first
 * map result, sets them) or when the day's budget is spent. Where the business is found and its place
 * id is not known yet, the id is kept, so later searches match it by id rather than by name.
 */
export async function mapChecks(
  db: Db,
  provider: RankProvider,
  business: CheckedBusiness,
  location: ResolvedLocation,
  pairs: readonly { keywordKey: string; day: string }[],
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
    await recordFoundPlace(db, business.id, location.id, { placeId, lat, lng })
  }
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

/** Inserts in slices, so a 500-keyword backfill stays under PostgreSQL's parameter limit. */
const INSERT_SLICE = 2000

/**
 * Asks the provider for every (keyword, day) in one batch and stores the answers. The provider is
 * called outside any transaction (a real one is slow); rows that appeared meanwhile are kept.
 */
async function storeChecks({
  db,
  provider,
  business,
  location,
  wanted,
  now,
  deferred = { count: 0 },
}: {
  db: Db | Tx
  provider: RankProvider
  business: CheckedBusiness
  location: ResolvedLocation
  wanted: { keyword: Pick<KeywordRow, 'id' | 'keywordKey'>; days: string[] }[]
  now: Date
  /** Counts the queries the day's budget left unasked. */
  deferred?: { count: number }
}): Promise<(StoredCheck & MapColumns)[]> {
  const pairs = wanted.flatMap(({ keyword, days }) => days.map((day) => ({ keyword, day })))
  if (pairs.length === 0) return []
  const queries: RankQuery[] = pairs.map(({ keyword, day }) => ({
    businessId: business.id,
    locationId: location.id,
    city: location.city,
    region: location.state,
    country: location.country,
    keyword: keyword.keywordKey,
    day,
    attempt: 1,
    website: business.website,
  }))
  const results = await provider.check(queries)
  const asked = pairs.filter((_, i) => results[i]?.status !== 'deferred')
  const maps = await mapChecks(
    db,
    provider,
    business,
    location,
    asked.map(({ keyword, day }) => ({ keywordKey: keyword.keywordKey, day })),
  )
  let m = 0
  const rows = pairs.flatMap(({ keyword, day }, i) => {
    const row = storedCheck(
      results[i],
      { keywordId: keyword.id, businessId: business.id, day, checkedAt: now },
      provider,
    )
    return row ? [{ ...row, ...(maps[m++] ?? MAP_NOT_ASKED) }] : []
  })
  deferred.count += pairs.length - rows.length
  for (let i = 0; i < rows.length; i += INSERT_SLICE) {
    await db
      .insert(rankPositions)
      .values(rows.slice(i, i + INSERT_SLICE))
      .onConflictDoNothing()
  }
  return rows
}

/** The scope's tracked keywords that have never been checked (prepared: every first-checks job). */
const uncheckedTracked = preparedPerScope((db, scope) =>
  db
    .select({ id: keywords.id, keywordKey: keywords.keywordKey })
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
export async function checkNewKeywords(request: {
  db: Db
  provider: RankProvider | (() => Promise<RankProvider>)
  business: CheckedBusiness
  location: ResolvedLocation
  now: Date
  /**
   * First checks under way in this process, per scope (deps.firstChecks). A keyword tracked while
   * the first-checks job of the business runs would be found by both and asked twice, spending paid
   * queries twice: a later caller waits for the running check, then looks again.
   */
  firstChecks: Map<string, Promise<number>>
}): Promise<number> {
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

async function checkUnchecked({
  db,
  provider: given,
  business,
  location,
  now,
}: Parameters<typeof checkNewKeywords>[0]): Promise<number> {
  const scope = { businessId: business.id, locationId: scopeId(location) }
  const rows = await uncheckedTracked(db, scope)
  if (rows.length === 0) return 0
  const provider = typeof given === 'function' ? await given() : given
  const today = dayOf(now)
  const days = provider.simulated ? backfillDays(today) : [today]
  const wanted = rows.map((keyword) => ({ keyword, days }))
  await storeChecks({ db, provider, business, location, wanted, now })
  return rows.length
}

/**
 * The day's scheduled check (issue 16 item 2): every tracked keyword of every scope of the business
 * that has no check for today gets one; a keyword checked today already is left as it is, so a
 * second run on the same day changes nothing. Missed days are not filled in. Checks past the daily
 * query budget are deferred: nothing is stored and tomorrow's run asks them.
 */
export async function checkTrackedToday({
  db,
  provider,
  business,
  now,
}: {
  db: Db
  provider: RankProvider
  business: Business
  now: Date
}): Promise<{ checked: number; failed: number; deferred: number; moves: RankMove[] }> {
  const today = dayOf(now)
  const stored: { keywordId: string; keyword: string; position: number | null }[] = []
  let failed = 0
  const deferred = { count: 0 }
  for (const scope of [MAIN_LOCATION, ...business.locations.map((l) => l.id)]) {
    const location = resolveLocation(business, scope)
    const rows = await db
      .select({ id: keywords.id, keywordKey: keywords.keywordKey, keyword: keywords.keyword })
      .from(keywords)
      .leftJoin(
        rankPositions,
        and(eq(rankPositions.keywordId, keywords.id), eq(rankPositions.day, today)),
      )
      .where(
        and(scopeWhere(business.id, location), keywords.tracked, isNull(rankPositions.keywordId)),
      )
    const wanted = rows.map((keyword) => ({ keyword, days: [today] }))
    const texts = new Map(rows.map((row) => [row.id, row.keyword]))
    const rowsStored = await storeChecks({
      db,
      provider,
      business,
      location,
      wanted,
      now,
      deferred,
    })
    for (const row of rowsStored) {
      if (row.status === 'failed') failed++
      stored.push({
        keywordId: row.keywordId,
        keyword: texts.get(row.keywordId) ?? '',
        position: row.position,
      })
    }
  }
  const moves = await movesSince(db, today, stored)
  return { checked: stored.length, failed, deferred: deferred.count, moves }
}

/** A tracked keyword's position today next to its last successful check before today. */
interface RankMove {
  keyword: string
  from: number
  to: number
}

/** Today's successful checks that have an earlier one to compare with, in one query. */
async function movesSince(
  db: Db,
  today: string,
  checks: { keywordId: string; keyword: string; position: number | null }[],
): Promise<RankMove[]> {
  const measured = checks.filter((c) => c.position !== null)
  if (measured.length === 0) return []
  const earlier = await db
    .selectDistinctOn([rankPositions.keywordId], {
      keywordId: rankPositions.keywordId,
      position: rankPositions.position,
    })
    .from(rankPositions)
    .where(
      and(
        inArray(
          rankPositions.keywordId,
          measured.map((c) => c.keywordId),
        ),
        lt(rankPositions.day, today),
        eq(rankPositions.status, 'ok'),
      ),
    )
    .orderBy(rankPositions.keywordId, desc(rankPositions.day))
  const before = new Map(earlier.map((row) => [row.keywordId, row.position]))
  return measured.flatMap((check) => {
    const from = before.get(check.keywordId)
    return from != null && check.position !== null
      ? [{ keyword: check.keyword, from, to: check.position }]
      : []
  })
}

/** Today's check of one keyword, unless it has one: a position is the same all day on every screen. */
export async function checkToday(args: {
  db: Db
  provider: RankProvider
  business: CheckedBusiness
  location: ResolvedLocation
  keyword: Pick<KeywordRow, 'id' | 'keywordKey'>
  now: Date
}) {
  await storeChecks({ ...args, wanted: [{ keyword: args.keyword, days: [dayOf(args.now)] }] })
}

/** The simulation's past of a new keyword: the backfill window, ending today. */
function backfillDays(today: string): string[] {
  const days: string[] = []
  for (let back = RANK_BACKFILL_DAYS - 1; back >= 0; back--) days.push(addDays(today, -back))
  return days
}
