// Backlink scoring, SPEC §9: computed from ALL of a business's backlinks, on the server for the AI
// analysis and in the browser for instant feedback.
import { categoryTerms } from './category-terms.js'
import { US_STATES } from './us-states.js'

export interface ScoredBacklink {
  domain: string
  anchorText: string
  quality: 'high' | 'medium' | 'low'
}

export interface BacklinkScores {
  qualityScore: number
  diversityScore: number
  localRelevanceScore: number
  totalBacklinks: number
}

/** Lower case letters and digits only, so 'San Antonio' matches 'sanantonio.com' and 'san-antonio'. */
const compact = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '')

// Words too generic to count as "mentioning the category" ('Legal Services' is about 'legal').
const GENERIC_CATEGORY_WORDS = new Set(['services', 'service', 'other', 'and'])

/** The phrases that make a link local: the city, the state (name or code), the category. */
export function localTerms(place: { city: string; state: string; category: string }) {
  const stateCode = place.state.trim().toUpperCase()
  const stateName = US_STATES[stateCode] ?? place.state
  const categoryWords = place.category
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !GENERIC_CATEGORY_WORDS.has(word))
  const noun =
    place.category.trim() && place.category !== 'Other' ? [categoryTerms(place.category).noun] : []
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
  return text
    .toLowerCase()
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

export function scoreBacklinks({
  backlinks,
  city,
  state,
  category,
}: {
  backlinks: readonly ScoredBacklink[]
  city: string
  state: string
  category: string
}): BacklinkScores {
  const total = backlinks.length
  if (total === 0) {
    return { qualityScore: 0, diversityScore: 0, localRelevanceScore: 0, totalBacklinks: 0 }
  }
  const high = backlinks.filter((link) => link.quality === 'high').length
  const medium = backlinks.filter((link) => link.quality === 'medium').length
  const domains = new Set(backlinks.map((link) => normaliseDomain(link.domain)))
  const terms = localTerms({ city, state, category })
  const local = backlinks.filter(
    (link) => mentionsLocalTerm(link.domain, terms) || mentionsLocalTerm(link.anchorText, terms),
  ).length
  return {
    qualityScore: percent(3 * high + medium, total),
    diversityScore: percent(domains.size, total),
    localRelevanceScore: percent(local, total),
    totalBacklinks: total,
  }
}
