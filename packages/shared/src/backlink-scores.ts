// Backlink scoring, docs/product.md §9: computed from ALL of a business's backlinks, on the server for the AI
// analysis and in the browser for instant feedback.
import { QUALITY_POINTS, type RatedQuality } from './backlink-quality.js'
import { categoryTerms } from './category-terms.js'
import { regionCodes } from './regions.js'
import { ownValue } from './own-key.js'

export interface ScoredBacklink {
  domain: string
  anchorText: string
  quality: RatedQuality
  /** 'unreachable' counts against the Quality Score (issue 32 item 4). */
  status?: string | undefined
}

export interface BacklinkScores {
  /** Null when no link has been rated yet ('Not rated'), never a made-up figure. */
  qualityScore: number | null
  /** Links the Quality Score counts: rated ones and those that did not answer. */
  qualityCounted: number
  diversityScore: number
  localRelevanceScore: number
  totalBacklinks: number
}

/**
 * ASCII letters lowered, nothing else changed: the same in every locale and the same as the SQL the
 * server counts with (features/backlinks), where `translate()` does this. Unicode lowering would turn
 * the Kelvin sign into 'k' here but not in the database.
 */
const asciiLower = (value: string) => value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())

/** Lower case letters and digits only, so 'San Antonio' matches 'sanantonio.com' and 'san-antonio'. */
const compact = (value: string) => asciiLower(value).replace(/[^a-z0-9]/g, '')

// Words too generic to count as "mentioning the category" ('Legal Services' is about 'legal').
const GENERIC_CATEGORY_WORDS = new Set(['services', 'service', 'other', 'and'])

/**
 * The phrases that make a link local: the city, the state (name or code, read in the place's
 * country: 'WA' is Washington in the US, Western Australia in Australia), the category.
 */
export function localTerms(place: {
  city: string
  state: string
  category: string
  country?: string
}) {
  const stateCode = place.state.trim().toUpperCase()
  const names = regionCodes(place.country ?? 'US')?.names
  const stateName = (names && ownValue(names, stateCode)) ?? place.state
  const categoryWords = place.category
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !GENERIC_CATEGORY_WORDS.has(word))
  // The country's noun and the American one: a Bristol link may say 'solicitor' or 'lawyer'.
  const noun =
    place.category.trim() && place.category !== 'Other'
      ? [
          ...new Set(
            [categoryTerms(place.category, place.country), categoryTerms(place.category)].map(
              (t) => t.noun,
            ),
          ),
        ]
      : []
  const phrases = [place.city, stateName, ...categoryWords, ...noun]
    .map(compact)
    .filter((phrase) => phrase.length >= 3)
  // A two-letter state code would match inside any word, so it only counts as a separate token.
  const code = /^[A-Z]{2}$/.test(stateCode) ? stateCode.toLowerCase() : undefined
  return { phrases: [...new Set(phrases)], stateCode: code }
}

export function mentionsLocalTerm(text: string, terms: ReturnType<typeof localTerms>): boolean {
  const flat = compact(text)
  if (terms.phrases.some((phrase) => flat.includes(phrase))) return true
  if (!terms.stateCode) return false
  return asciiLower(text)
    .split(/[^a-z0-9]+/)
    .includes(terms.stateCode)
}

export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
}

const percent = (part: number, total: number) => Math.min(100, Math.round((part / total) * 100))

/** What the three scores are made of; the server counts these in SQL over all backlinks in scope. */
export interface BacklinkScoreCounts {
  total: number
  high: number
  medium: number
  /** Rated Low, broken links included. */
  low: number
  /** Not rated because the page did not answer at the last check. */
  unreachable: number
  /** Distinct domains after normaliseDomain. */
  uniqueDomains: number
  /** Links whose domain or anchor text mentions a local term (mentionsLocalTerm). */
  local: number
}

export function countScoreInputs({
  backlinks,
  city,
  state,
  category,
  country,
}: {
  backlinks: readonly ScoredBacklink[]
  city: string
  state: string
  category: string
  country?: string
}): BacklinkScoreCounts {
  const terms = localTerms({ city, state, category, country })
  return {
    total: backlinks.length,
    high: backlinks.filter((link) => link.quality === 'high').length,
    medium: backlinks.filter((link) => link.quality === 'medium').length,
    low: backlinks.filter((link) => link.quality === 'low').length,
    unreachable: backlinks.filter(
      (link) => link.quality === 'unrated' && link.status === 'unreachable',
    ).length,
    uniqueDomains: new Set(backlinks.map((link) => normaliseDomain(link.domain))).size,
    local: backlinks.filter(
      (link) => mentionsLocalTerm(link.domain, terms) || mentionsLocalTerm(link.anchorText, terms),
    ).length,
  }
}

/**
 * The Quality Score (issue 32 item 4, ADR 032): the average of High 100, Medium 50 and Low 0 over the
 * rated links and those that did not answer (0), so broken and unreachable links pull it down; links
 * never checked, or that could not be checked, are left out, and with none left it is null.
 */
export function qualityScoreOf(counts: BacklinkScoreCounts): {
  qualityScore: number | null
  qualityCounted: number
} {
  const counted = counts.high + counts.medium + counts.low + counts.unreachable
  if (counted === 0) return { qualityScore: null, qualityCounted: 0 }
  const points = counts.high * QUALITY_POINTS.high + counts.medium * QUALITY_POINTS.medium
  return { qualityScore: Math.round(points / counted), qualityCounted: counted }
}

/** docs/product.md §9 from the counts: quality (qualityScoreOf), diversity, local relevance. */
export function scoresFromCounts(counts: BacklinkScoreCounts): BacklinkScores {
  const { total } = counts
  if (total === 0) {
    return {
      qualityScore: null,
      qualityCounted: 0,
      diversityScore: 0,
      localRelevanceScore: 0,
      totalBacklinks: 0,
    }
  }
  return {
    ...qualityScoreOf(counts),
    diversityScore: percent(counts.uniqueDomains, total),
    localRelevanceScore: percent(counts.local, total),
    totalBacklinks: total,
  }
}

export function scoreBacklinks(options: {
  backlinks: readonly ScoredBacklink[]
  city: string
  state: string
  category: string
}): BacklinkScores {
  return scoresFromCounts(countScoreInputs(options))
}
