// The second check of a day's drop (issue 34 item 5, docs/decisions/039-confirmed-drops.md): the
// keyword is asked again, by the other provider when the business has two, and the answer says
// whether the drop stands. A refuted drop's answer becomes the day's position; every outcome leaves a
// note on the day, so the first check stays visible. The alert itself is the caller's (automation).
import { MAIN_LOCATION, resolveLocation } from '@localseo/shared/location-selection'
import {
  confirmsDrop,
  describeCheck,
  type NamedCheck,
  type RankMove,
} from '@localseo/shared/confirmed-drops'
import { and, eq } from 'drizzle-orm'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { ADAPTERS, providerChoice } from './provider-settings.js'
import { meterFor, rankProviderFor } from './provider-for.js'
import type { RankProvider } from './rank-provider.js'
import { mapChecks, rankQuery } from './rank-checks.js'
import { storeRecheck } from './rank-store.js'
import { createSerpProvider } from './serp-provider.js'

type RecheckDeps = Pick<
  AppDeps,
  | 'db'
  | 'env'
  | 'clock'
  | 'rank'
  | 'secrets'
  | 'metrics'
  | 'recordFoundPlace'
  | 'recordMapSightings'
>

/** A day's drops of one keyword, as the daily check found them: what the recheck asks again. */
export interface DayDrops {
  businessId: string
  keywordId: string
  day: string
  /** The organic drop, the map drop or both, each from its last successful position. */
  moves: RankMove[]
  /** The day's check that saw them: its provider and time (ISO). */
  first: { provider: string; at: string }
}

/**
 * What the second check said of one drop. 'deferred': the day's query budget was spent, so it was
 * not asked; 'failed': asked, no answer. Neither is a position: the drop is not told.
 */
export type RecheckOutcome =
  | { move: RankMove; outcome: 'confirmed' | 'refuted'; second: NamedCheck }
  | { move: RankMove; outcome: 'failed'; reason: string }
  | { move: RankMove; outcome: 'deferred' }

/**
 * The provider of the second check. A business with its own key of one provider on an instance
 * whose default (env SERP_PROVIDER and SERP_API_KEY) is the other has two: the drop one saw is
 * checked by the other. Otherwise there is one provider (the business's key replaces the instance's,
 * ADR 020), asked again. Either way the query counts against the business's daily budget.
 */
async function secondProviderFor(deps: RecheckDeps, businessId: string): Promise<RankProvider> {
  const same = () => rankProviderFor(deps, businessId)
  const { SERP_PROVIDER, SERP_API_KEY } = deps.env
  if (deps.rank || !SERP_PROVIDER || !SERP_API_KEY) return same()
  const choice = await providerChoice(deps, businessId)
  if (!('own' in choice) || !choice.own || choice.provider === SERP_PROVIDER) return same()
  const { adapter, baseUrl } = ADAPTERS[SERP_PROVIDER]
  // The instance's key: the business's key status in Settings is not told its outcome. The month's
  // ledger counts the query as a rank check of this provider, at its price (ADR 038).
  return createSerpProvider({
    adapter,
    key: SERP_API_KEY,
    baseUrl: deps.env.SERP_BASE_URL ?? baseUrl,
    timeoutMs: deps.env.SERP_TIMEOUT_MS,
    meter: meterFor(deps, businessId, 'rank', adapter.label),
  })
}

/** The outcome of one drop from the second answer: a position (null: not found), a failure, or none. */
function outcomeOf(
  move: RankMove,
  answer: { status: 'ok'; position: number | null } | { status: 'failed'; reason: string } | null,
  provider: string,
  at: Date,
): RecheckOutcome {
  if (!answer) return { move, outcome: 'deferred' }
  if (answer.status === 'failed') return { move, outcome: 'failed', reason: answer.reason }
  const second = { provider, position: answer.position, at }
  return { move, outcome: confirmsDrop(move, answer.position) ? 'confirmed' : 'refuted', second }
}

/** The day's note of one recheck, in the owner's words, both checks named. */
function noteOf(result: RecheckOutcome, first: NamedCheck, timeZone: string): string {
  const { kind } = result.move
  const where = kind === 'map' ? 'Map results: the' : 'The'
  const firstCheck = describeCheck(kind, first, timeZone)
  if (result.outcome === 'deferred') {
    return `${where} drop to ${firstCheck} was not checked again: the day's query budget was spent.`
  }
  if (result.outcome === 'failed') {
    return `${where} drop to ${firstCheck} could not be checked again (${result.reason}), so it is not confirmed.`
  }
  const second = describeCheck(kind, result.second, timeZone)
  return result.outcome === 'confirmed'
    ? `${where} drop was checked twice and confirmed: ${firstCheck}, ${second}.`
    : `${where} drop was not confirmed: ${firstCheck}, then ${second}, the day's position now.`
}

/**
 * Asks the day's dropped keyword again and stores what the answer says (rank-store.ts
 * `storeRecheck`). Answers each drop's outcome, or null when there is nothing to check any more
 * (the business, the keyword or its day removed, or the keyword no longer tracked).
 */
export async function recheckDrops(
  deps: RecheckDeps,
  drops: DayDrops,
): Promise<{
  results: RecheckOutcome[]
  first: NamedCheck[]
  simulated: boolean
  timeZone: string
} | null> {
  const { db } = deps
  const { businessId, keywordId, day } = drops
  const business = await getBusinessById(db, businessId)
  const [keyword] = await db
    .select({ keywordKey: keywords.keywordKey, locationId: keywords.locationId })
    .from(keywords)
    .where(and(eq(keywords.businessId, businessId), eq(keywords.id, keywordId), keywords.tracked))
  const [stored] = await db
    .select({ checks: rankPositions.checks, source: rankPositions.source })
    .from(rankPositions)
    .where(
      and(
        eq(rankPositions.businessId, businessId),
        eq(rankPositions.keywordId, keywordId),
        eq(rankPositions.day, day),
      ),
    )
  if (!business || !keyword || !stored) return null
  const provider = await secondProviderFor(deps, businessId)
  const now = deps.clock.now()
  const request = {
    db,
    provider,
    business,
    location: resolveLocation(business, keyword.locationId ?? MAIN_LOCATION),
    now,
    onPlaceFound: deps.recordFoundPlace,
    onMapSearched: deps.recordMapSightings,
  }
  const results: RecheckOutcome[] = []
  // What the day stores: the note, and each refuted drop's second answer.
  const update: Parameters<typeof storeRecheck>[2] = { note: '' }
  for (const move of drops.moves) {
    const result =
      move.kind === 'organic'
        ? await recheckOrganic(request, keyword.keywordKey, day, stored.checks + 1, move)
        : await recheckMap(request, keyword.keywordKey, day, move)
    results.push(result)
    if (result.outcome !== 'refuted') continue
    if (move.kind === 'map') update.map = { position: result.second.position }
    else {
      update.organic = {
        position: result.second.position,
        provider: provider.label,
        source: provider.simulated ? 'simulated' : 'measured',
        checkedAt: now,
      }
    }
  }
  const timeZone = business.timeZone
  const first = drops.moves.map((move) => ({
    provider: drops.first.provider,
    position: move.to,
    at: new Date(drops.first.at),
  }))
  update.note = results.map((result, i) => noteOf(result, first[i]!, timeZone)).join(' ')
  await storeRecheck(db, { businessId, keywordId, day }, update)
  return { results, first, simulated: stored.source === 'simulated', timeZone }
}

type RecheckRequest = Parameters<typeof mapChecks>[0]

async function recheckOrganic(
  request: RecheckRequest,
  keywordKey: string,
  day: string,
  attempt: number,
  move: RankMove,
): Promise<RecheckOutcome> {
  const [answer] = await request.provider.check([rankQuery(request, keywordKey, day, attempt)])
  const asked = answer && answer.status !== 'deferred' ? answer : null
  return outcomeOf(move, asked, request.provider.label, request.now)
}

async function recheckMap(
  request: RecheckRequest,
  keywordKey: string,
  day: string,
  move: RankMove,
): Promise<RecheckOutcome> {
  const [map] = await mapChecks(request, [{ keywordKey, day }])
  // Not asked (mapStatus null): the budget was spent, or the place lost its pin meanwhile.
  const answer =
    map?.mapStatus === 'ok'
      ? { status: 'ok' as const, position: map.mapPosition }
      : map?.mapStatus === 'failed'
        ? { status: 'failed' as const, reason: map.mapReason ?? 'The map search failed.' }
        : null
  return outcomeOf(move, answer, request.provider.label, request.now)
}
