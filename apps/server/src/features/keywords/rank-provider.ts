// Where positions come from (issue 7): an interface a real search-results API can implement, and the
// simulated provider used until one is configured. The simulation is deterministic per business,
// location, keyword and day (docs/house-rules.md "Deterministic simulation") and drifts smoothly from day to
// day inside positions 1-100, so a chart of it looks like a real ranking history.
import { seededRandom } from '@localseo/shared/random'
import { MAX_RANK_POSITION, MIN_RANK_POSITION } from '@localseo/shared/rank-tracker'
import { simulateMapPack } from './simulated-map-pack.js'

export interface RankQuery {
  businessId: string
  /** 'main' for the business itself, otherwise the location id. */
  locationId: string
  /** Where the search is made from: the location's city. */
  city: string
  /**
   * The location's country, ISO 3166-1 alpha-2 (docs/decisions/017-countries-and-addresses.md): a
   * real provider searches that country's Google; the simulation does not need it.
   */
  country: string
  /** The keyword key (normalized, lower case). */
  keyword: string
  /** YYYY-MM-DD (UTC). */
  day: string
  /** 1 for the day's first check; Refresh asks again with the next number. */
  attempt: number
  /** The location's region (state, province), so a real provider searches from the right city. */
  region?: string
  /** The business's website: a real provider finds its registrable domain among the results. */
  website?: string
}

/**
 * A query not asked because the business's daily query budget is spent (issue 17 item 5): nothing
 * is stored, the check runs the next day, and it is never shown as 0, 'not ranking' or a failure.
 */
export interface DeferredResult {
  status: 'deferred'
  reason: string
}

/**
 * A failed check carries no position: it is never reported as 0 or as "not ranking". An ok check
 * with position null is 'Not in the top 100': the website is not among the first 100 results.
 */
export type RankResult =
  { status: 'ok'; position: number | null } | { status: 'failed'; reason: string } | DeferredResult

/** What identifies the business among map results (issue 17): its place id when known, else its NAP. */
interface MapPackMatch {
  name: string
  phone: string | null
  address: string | null
  website: string | null
  placeId: string | null
  /** Where the business is, when known: the simulation ranks it worse the farther the searcher stands. */
  lat: number | null
  lng: number | null
}

/** A Google Maps / local-pack search made from a point (a geo-grid cell, or the business itself). */
export interface MapPackQuery {
  businessId: string
  /** 'main' for the business itself, otherwise the location id. */
  locationId: string
  /** The keyword key (normalized, lower case). */
  keyword: string
  /** ISO 3166-1 alpha-2 of the location. */
  country: string
  /** The location's city: the simulation names some competitors after it. */
  city?: string
  /** The business's category: the simulation's competitors are of the same kind. */
  category?: string
  /** Where the searcher stands. */
  lat: number
  lng: number
  /** Google Maps zoom of the search (the provider's `ll=@lat,lng,{zoom}z`). */
  zoom: number
  match: MapPackMatch
  /** YYYY-MM-DD (UTC). */
  day: string
}

/** One place in the map results, best first, with what the provider said of it (issue 34 item 1). */
export interface MapPackPlace {
  position: number
  name: string
  placeId: string | null
  lat: number | null
  lng: number | null
  /** Google's categories, the primary first; empty when the provider gave none. */
  categories: string[]
  rating: number | null
  reviewCount: number | null
  website: string | null
}

/**
 * The business's position in the map results searched from a point: null when it is not among the
 * places the provider returned ('Not in the top 20' is a result). `places` are the results as
 * returned (at most 20), so a scan can say which competitors beat the business.
 */
export type MapPackResult =
  | { status: 'ok'; position: number | null; business: MapPackPlace | null; places: MapPackPlace[] }
  | { status: 'failed'; reason: string }
  | DeferredResult

export interface RankProvider {
  /** One result per query, in the same order. */
  check(queries: readonly RankQuery[]): Promise<RankResult[]>
  /** Map-pack positions, one result per query, in the same order. */
  checkMapPack(queries: readonly MapPackQuery[]): Promise<MapPackResult[]>
  /** True while positions are simulated, so the screen labels them as sample data. */
  readonly simulated: boolean
  /** The figure's source as the screen names it: 'Simulated', or the provider's name. */
  readonly label: string
}

/** Anchors of the slow drift, this many days apart; the curve between them is smooth. */
const DRIFT_PERIOD_DAYS = 14
const DRIFT_AMPLITUDE = 12

const MS_PER_DAY = 86_400_000

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY)
}

/** The simulated position of a keyword on a day: a steady base, a smooth drift and ±1 daily noise. */
export function simulatedPosition(query: Omit<RankQuery, 'attempt' | 'country'>): number {
  const key = [query.businessId, query.locationId, query.keyword] as const
  const base = seededRandom('rank-base', ...key).int(3, 80)
  const n = dayNumber(query.day)
  const period = Math.floor(n / DRIFT_PERIOD_DAYS)
  const anchor = (i: number) =>
    seededRandom('rank-drift', ...key, i).float(-DRIFT_AMPLITUDE, DRIFT_AMPLITUDE)
  const t = (n - period * DRIFT_PERIOD_DAYS) / DRIFT_PERIOD_DAYS
  const eased = (1 - Math.cos(Math.PI * t)) / 2
  const drift = anchor(period) + (anchor(period + 1) - anchor(period)) * eased
  const noise = seededRandom('rank-noise', ...key, query.day).int(-1, 1)
  const position = Math.round(base + drift + noise)
  return Math.min(MAX_RANK_POSITION, Math.max(MIN_RANK_POSITION, position))
}

/**
 * One simulated check; `failureRate` (0..1) is the share that fail, like a real SERP API's occasional
 * errors: env SIMULATED_FAILURE_RATE in the app, 0 in tests unless a test asks for failures.
 */
export function simulateRankCheck(query: RankQuery, failureRate: number): RankResult {
  const { keyword, locationId, businessId, day, attempt } = query
  const fails =
    seededRandom('rank-failure', businessId, locationId, keyword, day, attempt).next() < failureRate
  if (fails) return { status: 'failed', reason: 'The simulated rank check did not answer.' }
  return { status: 'ok', position: simulatedPosition(query) }
}

export function createSimulatedRankProvider(options: { failureRate: number }): RankProvider {
  return {
    simulated: true,
    label: 'Simulated',
    check: (queries) =>
      Promise.resolve(queries.map((q) => simulateRankCheck(q, options.failureRate))),
    checkMapPack: (queries) => Promise.resolve(queries.map(simulateMapPack)),
  }
}
