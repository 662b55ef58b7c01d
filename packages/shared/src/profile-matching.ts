// Suggesting which Business Profile location is which of ours (issue 33 item 1, ADR 034): a score
// out of 100 from the name, address and phone. Apart from business-profile.ts, whose schemas the
// screens read: the phone comparison brings libphonenumber's metadata, which only the server needs
// here (docs/decisions/019-compressed-assets-and-preloading.md).
import { normalizeAddress, normalizeName, normalizePhone } from './nap.js'
import { foldText } from './nap-name.js'

/** What we compare of one of our locations. */
export interface OurPlace {
  id: string
  label: string
  name: string
  address: string
  city: string
  state: string
  zip: string
  country: string
  phone: string
}

/** What we compare of a profile location (the parts of Google's storefrontAddress). */
export interface TheirPlace {
  name: string
  title: string
  addressLines: string[]
  locality: string
  postalCode: string
  /** ISO 3166-1 alpha-2 (Google's regionCode). */
  regionCode: string
  phone: string
}

export type MatchedField = 'name' | 'address' | 'phone'

/** Points per part: a suggestion needs at least SUGGEST_AT of the 100. */
const NAME_POINTS = 40
const STREET_POINTS = 25
const POSTAL_POINTS = 10
const CITY_POINTS = 5
const PHONE_POINTS = 20
export const SUGGEST_AT = 50

const nameWords = (name: string) => new Set(normalizeName(name).split(' ').filter(Boolean))
const postal = (code: string) => foldText(code).replace(/[^a-z0-9]/g, '')
const city = (name: string) => foldText(name).replace(/[^a-z0-9]/g, '')

/**
 * How well a profile location matches one of ours, out of 100: the name (equal, or the share of
 * words they have in common), the street line, postcode and town, and the phone number; with the
 * parts that matched in full.
 */
export function matchScore(
  ours: OurPlace,
  theirs: TheirPlace,
): { score: number; matched: MatchedField[] } {
  const matched: MatchedField[] = []
  let score = 0

  const a = nameWords(ours.name)
  const b = nameWords(theirs.title)
  if (a.size > 0 && normalizeName(ours.name) === normalizeName(theirs.title)) {
    score += NAME_POINTS
    matched.push('name')
  } else if (a.size > 0 && b.size > 0) {
    const common = [...a].filter((word) => b.has(word)).length
    score += Math.round((NAME_POINTS * 0.75 * common) / new Set([...a, ...b]).size)
  }

  const country = (theirs.regionCode || ours.country || 'US').toUpperCase()
  let addressPoints = 0
  // Google keeps a suite or a district on a line of its own ('Suite 120', 'Clifton'): our street
  // matches all the lines, or the first one alone.
  const streets = [theirs.addressLines.join(' '), theirs.addressLines[0] ?? '']
  if (ours.address.trim()) {
    const own = normalizeAddress(ours.address, country)
    if (streets.some((street) => street.trim() && normalizeAddress(street, country) === own)) {
      addressPoints += STREET_POINTS
    }
  }
  if (ours.zip.trim() && postal(ours.zip) === postal(theirs.postalCode))
    addressPoints += POSTAL_POINTS
  if (ours.city.trim() && city(ours.city) === city(theirs.locality)) addressPoints += CITY_POINTS
  score += addressPoints
  if (addressPoints === STREET_POINTS + POSTAL_POINTS + CITY_POINTS) matched.push('address')

  if (ours.phone.trim() && theirs.phone.trim()) {
    if (normalizePhone(ours.phone, country) === normalizePhone(theirs.phone, country)) {
      score += PHONE_POINTS
      matched.push('phone')
    }
  }
  return { score, matched }
}

/**
 * One suggestion per location of ours: the best pairs first, each profile location suggested at
 * most once, and none below SUGGEST_AT (a guess the owner would have to undo is worse than none).
 */
export function suggestLinks(
  ours: OurPlace[],
  theirs: TheirPlace[],
): Map<string, { googleLocation: string; score: number; matched: MatchedField[] }> {
  const pairs = ours
    .flatMap((place, i) => theirs.map((profile, j) => ({ i, j, ...matchScore(place, profile) })))
    .filter((pair) => pair.score >= SUGGEST_AT)
    // Best first; ties keep our order, then Google's.
    .sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j)
  const taken = new Set<number>()
  const suggestions = new Map<
    string,
    { googleLocation: string; score: number; matched: MatchedField[] }
  >()
  for (const pair of pairs) {
    const place = ours[pair.i]!
    if (suggestions.has(place.id) || taken.has(pair.j)) continue
    taken.add(pair.j)
    suggestions.set(place.id, {
      googleLocation: theirs[pair.j]!.name,
      score: pair.score,
      matched: pair.matched,
    })
  }
  return suggestions
}
