// Built-in keyword analysis: deterministic, and read from the owner's category, city and location
// (issue 5). Volumes are estimates keyed by the keyword and place, labelled as such in the text.
import type { KeywordAnalysis, Level } from '@localseo/shared/ai'
import type { Business } from '@localseo/shared/business'
import { categoryTerms } from '@localseo/shared/category-terms'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { seededRandom } from '@localseo/shared/random'
import { categoryPlaybook } from './category-playbook.js'
import {
  coreTerms,
  detectIntent,
  fillTemplate,
  INTENT_LABELS,
  normalise,
  relatedWords,
  titleCase,
  wordsOf,
} from './search-terms.js'

const LEVEL_ORDER: readonly Level[] = ['Low', 'Medium', 'High']
const clampLevel = (index: number): Level =>
  LEVEL_ORDER[Math.max(0, Math.min(2, index))] ?? 'Medium'

interface KeywordFacts {
  keyword: string
  words: number
  hasPlace: boolean
  nearMe: boolean
  relevance: Level
  relevanceReason: string
}

function readKeyword(
  keyword: string,
  business: Business,
  location: ResolvedLocation,
): KeywordFacts {
  const k = normalise(keyword)
  const city = normalise(location.city)
  const matchedCore = coreTerms(business.category, business.country).find((term) =>
    k.includes(term),
  )
  const matchedWord = wordsOf(k).find((w) =>
    relatedWords(business.category, business.country).has(w),
  )
  const noun = categoryTerms(business.category, business.country).noun
  const [relevance, relevanceReason]: [Level, string] = matchedCore
    ? ['High', `it names "${matchedCore}", which is what ${business.name} offers`]
    : matchedWord
      ? ['Medium', `it shares "${matchedWord}" with your services but does not name them directly`]
      : ['Low', `it does not mention a ${noun} or any of your services`]
  return {
    keyword: k,
    words: wordsOf(k).length,
    hasPlace: city !== '' && k.includes(city),
    nearMe: k.includes('near me'),
    relevance,
    relevanceReason,
  }
}

function estimateVolume(facts: KeywordFacts, business: Business, location: ResolvedLocation) {
  const base = seededRandom(
    'built-in-volume',
    business.category,
    normalise(location.city),
    facts.keyword,
  ).int(300, 900)
  let factor = facts.words <= 2 ? 2 : facts.words === 3 ? 1.2 : facts.words === 4 ? 0.7 : 0.4
  if (facts.nearMe) factor *= 1.4
  // Adding the city narrows a search to the people who typed it.
  if (facts.hasPlace) factor *= 0.6
  if (facts.relevance === 'Low') factor *= 0.5
  return Math.max(10, Math.round((base * factor) / 10) * 10)
}

function estimateCompetition(facts: KeywordFacts, business: Business, location: ResolvedLocation) {
  let index = LEVEL_ORDER.indexOf(categoryPlaybook(business).competition)
  const intent = detectIntent(facts.keyword, location.city)
  const reasons: string[] = [
    `${business.category || 'local'} searches are usually ${LEVEL_ORDER[index]?.toLowerCase()} in competition`,
  ]
  if (facts.words >= 4) {
    index -= 1
    reasons.push('a longer, more specific phrase has fewer pages aiming at it')
  } else if (facts.words <= 2 && !facts.hasPlace) {
    index += 1
    reasons.push('a short head term is targeted by directories and national brands as well')
  }
  if (intent === 'informational') {
    index -= 1
    reasons.push('question searches are answered by fewer local businesses')
  }
  return { competition: clampLevel(index), reason: reasons.join(', and ') }
}

/** A page title for the phrase: "near me" dropped (pages cannot say it), the city added once. */
function suggestedTitle(facts: KeywordFacts, business: Business, city: string): string {
  const phrase = titleCase(
    facts.keyword
      .replace(/\bnear me\b/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
  const place = facts.hasPlace || !city ? '' : ` in ${city}`
  return `${phrase}${place} | ${business.name}`
}

function relatedSearches(facts: KeywordFacts, business: Business, city: string): string[] {
  return (
    categoryPlaybook(business)
      .modifiers.map((m) => fillTemplate(m, business))
      .filter((m) => !facts.keyword.includes(normalise(m)))
      .slice(0, 3)
      // "near me" already carries the place; adding the city would read oddly.
      .map((m) => (m.includes('near me') || !city ? `"${m}"` : `"${m} ${city}"`))
  )
}

function recommendationsFor(
  facts: KeywordFacts,
  business: Business,
  location: ResolvedLocation,
  competition: Level,
) {
  const playbook = categoryPlaybook(business)
  const { noun, services } = categoryTerms(business.category, business.country)
  const city = location.city
  const related = relatedSearches(facts, business, city)
  if (facts.relevance === 'Low') {
    // Advice on ranking for an unrelated phrase would waste the owner's time.
    return [
      `This phrase does not describe what a ${noun} offers, so people searching for it are unlikely to become ${playbook.customers}.`,
      `Put the effort into phrases that fit ${business.name} instead, such as ${[`"${noun} ${city}"`, `"${services[0] ?? noun} ${city}"`, ...related].slice(0, 4).join(', ')}.`,
    ]
  }
  const out: string[] = []
  if (!facts.hasPlace && !facts.nearMe && city) {
    out.push(
      `Also target "${facts.keyword} ${city}": people looking for a ${noun} usually add the city or "near me".`,
    )
  }
  out.push(
    `Use the phrase in the title and main heading of one dedicated page, for example "${suggestedTitle(facts, business, city)}".`,
  )
  if (related.length > 0) {
    out.push(
      `Answer the related searches ${related.join(', ')} on the same page or in its FAQ; they match how ${playbook.customers} look for a ${noun}.`,
    )
  }
  if (!location.isMain) {
    out.push(
      `Link the page to your ${location.name} location page with its own address (${location.address}, ${city}) so search engines tie the phrase to that branch.`,
    )
  }
  if (competition === 'High') {
    out.push(
      `Competition is high: reviews that mention "${facts.keyword}" and links from ${city} websites will matter more than on-page changes alone.`,
    )
  } else {
    out.push(
      `Add the phrase to your Google Business Profile services and mention it in a post for ${city} ${playbook.customers}.`,
    )
  }
  return out.slice(0, 5)
}

/** Why a keyword has the relevance the keyword data provider gave it, when it differs from ours. */
const RELEVANCE_REASONS: Record<Level, string> = {
  High: 'it names what you offer, the way buyers near you search for it',
  Medium:
    'it is about what you offer, but as a shopper comparing prices or reviews, a question, or a search for another area',
  Low: 'it does not mention what you offer',
}

function withRelevance(facts: KeywordFacts, relevance: Level | undefined): KeywordFacts {
  if (!relevance || relevance === facts.relevance) return facts
  return { ...facts, relevance, relevanceReason: RELEVANCE_REASONS[relevance] }
}

/** The estimate sentence: the provider's figure, or why there is none. */
function volumeSentence(searchVolume: number | null, location: ResolvedLocation) {
  return searchVolume === null
    ? 'We have no estimate of monthly searches: the phrase does not read like a search people make.'
    : `We estimate about ${searchVolume.toLocaleString('en-US')} searches a month around ${location.city || 'your area'}; this is an estimate from the built-in engine, not measured search data.`
}

export function analyseKeywordBuiltIn({
  business,
  location,
  keyword,
  estimate,
}: {
  business: Business
  location: ResolvedLocation
  keyword: string
  /** The keyword data provider's figures, stated instead of this engine's own guess when given. */
  estimate?: { volume: number | null; competition: Level | null; relevance?: Level }
}): Omit<KeywordAnalysis, 'source'> {
  const facts = withRelevance(readKeyword(keyword, business, location), estimate?.relevance)
  const searchVolume = estimate ? estimate.volume : estimateVolume(facts, business, location)
  const own = estimateCompetition(facts, business, location)
  const competition = estimate ? estimate.competition : own.competition
  const intent = detectIntent(facts.keyword, location.city)
  const noun = categoryTerms(business.category, business.country).noun
  const place = [location.city, location.state].filter(Boolean).join(', ')
  const aiAnalysis = [
    `"${keyword}" reads as a ${INTENT_LABELS[intent]} search.`,
    `For ${business.name}, a ${noun} in ${place}, its relevance is ${facts.relevance.toLowerCase()}: ${facts.relevanceReason}.`,
    volumeSentence(searchVolume, location),
    competition === null
      ? ''
      : `Competition is likely ${competition.toLowerCase()}: ${own.reason}.`,
  ]
    .filter(Boolean)
    .join(' ')
  return {
    keyword,
    searchVolume,
    competition,
    relevance: facts.relevance,
    recommendations: recommendationsFor(facts, business, location, competition ?? own.competition),
    aiAnalysis,
  }
}
