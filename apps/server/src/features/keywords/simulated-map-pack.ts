// The simulated map pack (issue 17): what a geo-grid shows until a search-results provider is
// configured. Deterministic per business, location, keyword, point and day (docs/house-rules.md
// "Deterministic simulation"), and shaped like the real thing: the business ranks best near where it
// is and drops out of the 20 places a map search returns a few kilometres away, behind the same
// handful of nearby competitors.
import { seededRandom } from '@localseo/shared/random'
import type { MapPackPlace, MapPackQuery, MapPackResult } from './rank-provider.js'

/** A map search returns at most this many places. */
export const MAP_PACK_RESULTS = 20
/** Positions lost per kilometre between the searcher and the business. */
const POSITIONS_PER_KM = 2.2
const COMPETITOR_PREFIXES = [
  'Northside',
  'Main Street',
  'Riverside',
  'Summit',
  'Oak Hill',
  'Lakeview',
  'Downtown',
  'Parkway',
  'Evergreen',
  'Cornerstone',
  'Bluebird',
  'Keystone',
] as const

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/**
 * What kind of business the competitors are: the searching business's category ('Dental') when it
 * has one, else the keyword's first word ('dentist austin' gives 'Dentist').
 */
function kindOf(query: MapPackQuery): string {
  const category = query.category?.trim()
  if (category) return category
  const first = query.keyword.split(' ')[0] || 'local'
  return first.charAt(0).toUpperCase() + first.slice(1)
}

/**
 * The same dozen competitors for a business and keyword, named after its kind (kindOf) and,
 * for some, the location's city ('Austin Dentist Co.'), as local businesses are (issue 34 item 7).
 */
function competitors(query: MapPackQuery): string[] {
  const noun = kindOf(query)
  const city = query.city?.trim()
  const names = COMPETITOR_PREFIXES.map((prefix) => `${prefix} ${noun}`)
  if (city) names.splice(2, 2, `${city} ${noun} Co.`, `${city} ${noun} Group`)
  return names
}

/** The nth competitor; past the dozen, numbered branches ('Summit Dentist 2'). */
function nthCompetitor(names: readonly string[], n: number): string {
  const name = names[n % names.length] ?? 'Competitor'
  return n < names.length ? name : `${name} ${Math.floor(n / names.length) + 1}`
}

/** Simulated review counts grow from this day, each competitor at its own steady pace. */
const REVIEWS_SINCE = Date.UTC(2024, 0, 1)

/**
 * A simulated competitor's rating and review count: stable for its name and location, the count
 * growing a few reviews a month, so the Competitors screen's reviews per month has something to read.
 */
function simulatedProfile(query: MapPackQuery, name: string) {
  const own = seededRandom('map-profile', query.businessId, query.locationId, name)
  const rating = Math.round(own.float(3.6, 4.9) * 10) / 10
  const base = own.int(15, 320)
  const perMonth = own.float(0.5, 9)
  const months = (Date.parse(`${query.day}T00:00:00Z`) - REVIEWS_SINCE) / (30.44 * 86_400_000)
  return {
    categories: [kindOf(query)],
    rating,
    reviewCount: base + Math.max(0, Math.floor(perMonth * months)),
    website: null,
  }
}

export function simulateMapPack(query: MapPackQuery): MapPackResult {
  const key = [query.businessId, query.locationId, query.keyword] as const
  const point = `${query.lat.toFixed(4)},${query.lng.toFixed(4)}`
  const base = seededRandom('map-base', ...key).int(1, 6)
  const origin = query.match.lat !== null && query.match.lng !== null ? query.match : null
  const km = origin ? distanceKm(query, { lat: origin.lat!, lng: origin.lng! }) : 0
  const noise = seededRandom('map-noise', ...key, point, query.day).int(-1, 2)
  const raw = Math.max(1, Math.round(base + km * POSITIONS_PER_KM + noise))
  const position = raw <= MAP_PACK_RESULTS ? raw : null
  const shuffle = seededRandom('map-order', ...key, point)
  const others = competitors(query).sort(() => shuffle.next() - 0.5)
  let next = 0
  const places: MapPackPlace[] = Array.from({ length: MAP_PACK_RESULTS }, (_, i) => {
    const own = i + 1 === position
    const name = own ? query.match.name : nthCompetitor(others, next++)
    const profile = own
      ? { categories: [], rating: null, reviewCount: null, website: query.match.website }
      : simulatedProfile(query, name)
    return { position: i + 1, name, placeId: null, lat: null, lng: null, ...profile }
  })
  const business = position === null ? null : (places[position - 1] ?? null)
  return { status: 'ok', position, business, places }
}
