// The keyword engine behind Keyword Analysis and the Keyword Planner (docs/product.md §2, §3 "Planner keyword").
// Everything here is an estimate, never measured search data: figures are seeded by the keyword and
// the city (docs/house-rules.md "Deterministic simulation"), so the same keyword always shows the same
// numbers. It sits behind KeywordDataProvider so a real keyword-data API can replace it.
import { z } from 'zod'
import type { Business } from './business.js'
import { businessTerms } from './business-terms.js'
import { boundedMemo } from './memo.js'
import { CATEGORY_TERMS } from './category-terms.js'
import { figureSourceSchema } from './figure-source.js'
import { KEYWORD_LEVELS, type KeywordLevel } from './keyword-figures.js'
import { resolveLocation } from './location-selection.js'
import { fromUsd, moneyFor, USD_RATES_DATE, type Money } from './money.js'
import { seededRandom } from './random.js'

export const KEYWORD_INTENTS = ['commercial', 'informational', 'transactional', 'local'] as const
export type KeywordIntent = (typeof KEYWORD_INTENTS)[number]

export const KEYWORD_TRENDS = ['up', 'stable', 'down'] as const
export type KeywordTrend = (typeof KEYWORD_TRENDS)[number]

export const PLANNER_SORTS = ['volume', 'difficulty', 'relevance', 'cpc'] as const
export type PlannerSort = (typeof PLANNER_SORTS)[number]

/** Longest keyword the planner and the analysis accept. */
export const KEYWORD_MAX_LENGTH = 100

/** docs/product.md §3 "Planner keyword". */
export const plannerKeywordSchema = z.object({
  keyword: z.string(),
  // The estimated figures are null together when there is no estimate (issue 15 item 4): the text
  // is not a plausible search, so no number is invented for it.
  volume: z.number().int().nonnegative().nullable(),
  difficulty: z.enum(KEYWORD_LEVELS).nullable(),
  cpc: z.number().nonnegative().nullable(),
  competition: z.number().min(0).max(1).nullable(),
  relevance: z.enum(KEYWORD_LEVELS),
  intent: z.enum(KEYWORD_INTENTS),
  trend: z.enum(KEYWORD_TRENDS).nullable(),
  /**
   * Where volume, difficulty, CPC and competition came from (issue 18 item 4): the built-in estimate,
   * or a keyword data source with the month its figures cover. Absent means the estimate.
   */
  volumeSource: z.optional(figureSourceSchema),
  /** Searches per month from a keyword data source, oldest first ('2026-10'); none for an estimate. */
  monthlySearches: z
    .array(z.object({ month: z.string(), volume: z.number().int().nonnegative().nullable() }))
    .optional(),
})
export type PlannerKeyword = z.infer<typeof plannerKeywordSchema>

export const plannerQuerySchema = z.object({
  q: z.string().trim().max(KEYWORD_MAX_LENGTH).default(''),
  intent: z.enum(['all', ...KEYWORD_INTENTS]).default('all'),
  difficulty: z.enum(['all', ...KEYWORD_LEVELS]).default('all'),
  sort: z.enum(PLANNER_SORTS).default('volume'),
})
export type PlannerQuery = z.output<typeof plannerQuerySchema>

/** Lower case, single spaces, no leading or trailing space: the form keywords are compared in. */
export function normaliseKeyword(value: string): string {
  return value.toLowerCase().replace(/\s+/g, ' ').trim()
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// The planner describes up to 200 saved keywords per request against the same business, and
// building its terms and patterns again for each was a tenth of the server's CPU under many owners'
// traffic (issue 31 item 6): both are memoised.
const phrasePatterns = boundedMemo<RegExp | null>(500)

/** Whether `text` (normalised) holds `phrase` as whole words. */
function containsPhrase(text: string, phrase: string): boolean {
  const pattern = phrasePatterns(phrase, () => {
    const p = normaliseKeyword(phrase)
    return p === '' ? null : new RegExp(`(^|[^a-z0-9])${escapeRegExp(p)}($|[^a-z0-9])`)
  })
  return pattern !== null && pattern.test(text)
}

function wordsOf(value: string): string[] {
  return normaliseKeyword(value)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

// Whole words only, so 'bookkeeping' is not a booking and 'laptop' is not a 'top' list.
const INFORMATIONAL = /\b(how to|what is)\b/
const TRANSACTIONAL = /\b(buy|price|prices|pricing|cost|costs|book|booking)\b/
const COMMERCIAL = /\b(best|top|reviews?)\b/

/**
 * Intent by rule, checked in this order (issue 6): 'near me' or one of the business's cities is
 * local; 'how to' or 'what is' is informational; 'buy', 'price', 'cost' or 'book' is
 * transactional; 'best', 'top' or 'reviews' is commercial. Anything else is a plain service search,
 * someone comparing providers, so commercial.
 */
export function classifyIntent(keyword: string, cities: readonly string[] = []): KeywordIntent {
  const k = normaliseKeyword(keyword)
  if (containsPhrase(k, 'near me') || cities.some((city) => containsPhrase(k, city))) return 'local'
  if (INFORMATIONAL.test(k)) return 'informational'
  if (TRANSACTIONAL.test(k)) return 'transactional'
  if (COMMERCIAL.test(k)) return 'commercial'
  return 'commercial'
}

/**
 * What the business is about, for relevance: its name, category and services (business-terms.ts),
 * and its cities, the chosen location's first.
 */
export interface RelevanceContext {
  category: string
  name?: string
  services?: readonly string[]
  /** ISO code: the business's words are its country's (local-words.ts). */
  country?: string
  cities: readonly string[]
}

// Words too common to say that a keyword is about this business.
const STOP_WORDS = new Set(['and', 'for', 'the', 'near', 'services', 'service', 'local', 'company'])

// Words that make a search a shopper's or a researcher's rather than a buyer's: never high relevance.
const QUALIFIERS =
  /\b(cheap|affordable|24 hour|open now|emergency|reviews?|prices?|pricing|costs?|how|what|questions|choose)\b/

/**
 * The words that name a kind of business: every category's search noun and the common trades and
 * professions. A keyword naming one the business is not ('emergency dentist near me' for a plumber)
 * is someone looking for another business, however many other words it shares (issue 32 item 7).
 */
const TRADE_WORDS = new Set([
  ...Object.values(CATEGORY_TERMS)
    .map((terms) => terms.noun)
    .filter((noun) => !['local business', 'store', 'contractor', 'manufacturer'].includes(noun))
    .flatMap(wordsOf),
  ...['dentist', 'dental', 'orthodontist', 'doctor', 'physician', 'chiropractor', 'pharmacy'],
  ...['dermatologist', 'optometrist', 'therapist', 'lawyer', 'attorney', 'accountant', 'barber'],
  ...['solicitor', 'barrister', 'removalist'],
  ...['plumber', 'plumbing', 'electrician', 'roofer', 'roofing', 'landscaper', 'painter'],
  ...['exterminator', 'locksmith', 'handyman', 'mechanic', 'realtor', 'vet', 'veterinarian'],
  ...['salon', 'gym', 'restaurant', 'hotel', 'tutor', 'florist', 'bakery', 'daycare'],
])

/** A trade or profession the keyword names that is not among the business's own words. */
function namesAnotherTrade(keyword: string, businessWords: ReadonlySet<string>): boolean {
  return wordsOf(keyword).some((w) => {
    const single = w.replace(/s$/, '')
    const trade = TRADE_WORDS.has(w) ? w : TRADE_WORDS.has(single) ? single : undefined
    return trade !== undefined && !businessWords.has(trade) && !businessWords.has(w)
  })
}

/**
 * Relevance (issue 15 item 5). The topic: naming the business's search noun or one of its services
 * whole scores 2, sharing one of their words (or a word of the category) scores 1, nothing about the
 * business is low. High is kept for what a buyer types: the topic named whole, in the chosen
 * location's city or 'near me', with no shopping or research qualifier (cheap, prices, reviews, how…);
 * everything else about the business is medium. Another location's city is medium: that branch
 * serves it. So most ideas are medium and high means "a page for this, first". A keyword that names
 * another trade ('dentist' for a plumber) is low whatever else it shares.
 */
export function relevanceOf(keyword: string, context: RelevanceContext): KeywordLevel {
  const k = normaliseKeyword(keyword)
  const { phrases, businessWords } = topicOf(context)
  if (namesAnotherTrade(k, businessWords)) return 'low'
  const topic = phrases.some((p) => containsPhrase(k, p))
    ? 2
    : wordsOf(k).some((w) => businessWords.has(w) || businessWords.has(w.replace(/s$/, '')))
      ? 1
      : 0
  if (topic === 0) return 'low'
  const here = context.cities[0] ?? ''
  const place = containsPhrase(k, 'near me') || (here !== '' && containsPhrase(k, here))
  return topic === 2 && place && !QUALIFIERS.test(k) ? 'high' : 'medium'
}

const topics = boundedMemo<{ phrases: string[]; businessWords: Set<string> }>(100)

/** The phrases and words that make a keyword about this business, built once per business. */
function topicOf(context: RelevanceContext) {
  const key = JSON.stringify([
    context.category,
    context.name ?? '',
    context.services ?? [],
    context.country ?? '',
  ])
  return topics(key, () => {
    const local = businessTerms({ name: '', ...context })
    // The American words stay the business's too: 'lawyer bristol' is about a Bristol solicitor.
    const us = businessTerms({ name: '', ...context, country: 'US' })
    const phrases = [...new Set([local.noun, ...local.services, us.noun, ...us.services])]
    const businessWords = new Set(
      [...phrases, context.category]
        .flatMap(wordsOf)
        .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
    )
    return { phrases, businessWords }
  })
}

export interface KeywordEstimate {
  volume: number
  difficulty: KeywordLevel
  cpc: number
  competition: number
  trend: KeywordTrend
}

const round2 = (n: number) => Math.round(n * 100) / 100
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))

const COMPETITION_BASE: Record<KeywordIntent, number> = {
  transactional: 0.6,
  commercial: 0.55,
  local: 0.45,
  informational: 0.2,
}

const CPC_RANGE: Record<KeywordIntent, [number, number]> = {
  transactional: [2, 9],
  commercial: [1.5, 7],
  local: [1, 6],
  informational: [0.1, 1.2],
}

/**
 * Monthly volume, competition, difficulty, cost per click and trend for one keyword in one city.
 * Shorter head terms get more searches and more competition; naming the city narrows the audience;
 * questions are cheap and contested less. Difficulty combines competition with volume, because
 * popular terms attract the most pages.
 */
export function estimateKeyword(keyword: string, city: string): KeywordEstimate {
  const k = normaliseKeyword(keyword)
  const random = seededRandom('keyword-estimate', k, normaliseKeyword(city))
  const intent = classifyIntent(k, city ? [city] : [])
  const words = wordsOf(k).length
  let factor = words <= 2 ? 8 : words === 3 ? 3 : words === 4 ? 1.5 : 0.8
  if (containsPhrase(k, 'near me')) factor *= 2
  if (city && containsPhrase(k, city)) factor *= 0.7
  if (intent === 'informational') factor *= 0.8
  const volume = Math.max(10, Math.round((random.int(50, 400) * factor) / 10) * 10)

  const lengthEffect = -0.05 * (words - 3)
  const competition = round2(
    clamp(COMPETITION_BASE[intent] + lengthEffect + random.float(-0.15, 0.25), 0.02, 0.98),
  )
  const popularity = clamp(Math.log10(volume) / 4, 0, 1)
  const score = 0.65 * competition + 0.35 * popularity
  const difficulty: KeywordLevel = score < 0.45 ? 'low' : score < 0.6 ? 'medium' : 'high'

  const [low, high] = CPC_RANGE[intent]
  const cpc = round2(random.float(low, high) * (0.6 + competition))
  const roll = random.next()
  const trend: KeywordTrend = roll < 0.3 ? 'up' : roll < 0.8 ? 'stable' : 'down'
  return { volume, difficulty, cpc, competition, trend }
}

/** The business and the place a planner search is for. */
export interface IdeaRequest {
  business: Business
  /** 'main' or a location id; see resolveLocation. */
  locationId?: string | null
  /** The owner's search term; empty for ideas from the category alone. */
  seed?: string
}

/** Cities of the chosen location first, then the business and its other locations, once each. */
export function citiesFor(business: Business, locationId?: string | null): string[] {
  const first = resolveLocation(business, locationId).city
  const all = [first, business.city, ...business.locations.map((l) => l.city)]
  const seen = new Set<string>()
  return all
    .map((c) => c.trim())
    .filter((c) => {
      const key = normaliseKeyword(c)
      if (!key || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

// Common modifiers people add to a service search, by intent. {t} is the term, {c} the city.
const HEAD_TEMPLATES = [
  '{t} {c}',
  '{t} in {c}',
  '{t} {c} {s}',
  '{t} near me',
  'best {t} in {c}',
  'top rated {t} {c}',
  '{t} reviews',
  'affordable {t} {c}',
  'cheap {t} near me',
  'emergency {t} {c}',
  '{t} open now near me',
  '24 hour {t} near me',
  '{t} prices',
  'how much does a {t} cost',
  'book a {t} appointment',
  'how to choose a {t}',
  'how to find a good {t}',
  'what is the average {t} cost',
  'questions to ask a {t}',
  'local {t}',
]

const SERVICE_TEMPLATES = [
  '{t} {c}',
  '{t} near me',
  'best {t} in {c}',
  '{t} prices',
  '{t} reviews',
  'what is the cost of {t}',
]

// A seed can be any phrase, so only modifiers that read well after (or before) any phrase.
const SEED_TEMPLATES = [
  '{t}',
  '{t} {c}',
  '{t} in {c}',
  '{t} {c} {s}',
  '{t} near me',
  'best {t} in {c}',
  'top rated {t} {c}',
  '{t} reviews',
  'affordable {t} {c}',
  '{t} open now near me',
  '{t} prices',
  '{t} cost',
  'what is the cost of {t}',
  'how to choose {t}',
  '{t} services',
]

const OTHER_CITY_TEMPLATES = ['{t} {c}', 'best {t} in {c}', '{t} near {c}']

function fill(template: string, term: string, city: string, state: string): string | undefined {
  if ((template.includes('{c}') && !city) || (template.includes('{s}') && !state)) return undefined
  return normaliseKeyword(template.replace('{t}', term).replace('{c}', city).replace('{s}', state))
}

/**
 * Keyword ideas for the planner: the category's search noun with common local, commercial,
 * transactional and question modifiers, each service with its own modifiers, and the other
 * locations' cities. With a seed, the seed is the head term and the category ideas that share a word
 * with it follow. Always at least 40 distinct ideas for any category when the business has a city.
 */
export function generateKeywordIdeas({ business, locationId, seed = '' }: IdeaRequest): string[] {
  const location = resolveLocation(business, locationId)
  const city = location.city.trim()
  const state = location.state.trim()
  const { noun, services } = businessTerms(business)
  const ideas: (string | undefined)[] = []
  const term = normaliseKeyword(seed)
  const base: (string | undefined)[] = [
    ...HEAD_TEMPLATES.map((t) => fill(t, noun, city, state)),
    ...services.flatMap((service) => SERVICE_TEMPLATES.map((t) => fill(t, service, city, state))),
    ...citiesFor(business, locationId)
      .slice(1)
      .flatMap((other) => OTHER_CITY_TEMPLATES.map((t) => fill(t, noun, other, state))),
  ]
  if (term) {
    ideas.push(...SEED_TEMPLATES.map((t) => fill(t, term, city, state)))
    const seedWords = new Set(wordsOf(term).filter((w) => !STOP_WORDS.has(w)))
    ideas.push(...base.filter((idea) => idea && wordsOf(idea).some((w) => seedWords.has(w))))
  } else {
    ideas.push(...base)
  }
  return [...new Set(ideas.filter((idea): idea is string => Boolean(idea)))]
}

/** One idea with its estimates, read for this business. */
export function describeKeyword(
  keyword: string,
  business: Business,
  locationId?: string | null,
): PlannerKeyword {
  const cities = citiesFor(business, locationId)
  const k = normaliseKeyword(keyword)
  return {
    keyword: k,
    ...estimateKeyword(k, cities[0] ?? ''),
    relevance: relevanceOf(k, { ...business, cities }),
    intent: classifyIntent(k, cities),
  }
}

const LEVEL_RANK: Record<KeywordLevel, number> = { low: 0, medium: 1, high: 2 }
const difficultyRank = (k: PlannerKeyword) => (k.difficulty === null ? 3 : LEVEL_RANK[k.difficulty])

/** The figures of a keyword with no estimate: nothing is invented (issue 15 item 4). */
export const NO_ESTIMATE = {
  volume: null,
  difficulty: null,
  cpc: null,
  competition: null,
  trend: null,
} as const satisfies Partial<PlannerKeyword>

/** The planner's filters (docs/product.md §2): intent and difficulty, 'all' for no filter. */
export function filterKeywords(
  keywords: readonly PlannerKeyword[],
  { intent, difficulty }: Pick<PlannerQuery, 'intent' | 'difficulty'>,
): PlannerKeyword[] {
  return keywords.filter(
    (k) =>
      (intent === 'all' || k.intent === intent) &&
      (difficulty === 'all' || k.difficulty === difficulty),
  )
}

/**
 * The planner's sorts: search volume and CPC highest first, difficulty easiest first, relevance
 * most relevant first; ties by volume, then alphabetically, so the order is stable.
 */
export function sortKeywords(keywords: readonly PlannerKeyword[], sort: PlannerSort) {
  // A keyword with no estimate sorts after every estimated one, whatever the sort.
  const volume = (k: PlannerKeyword) => k.volume ?? -1
  const primary: Record<PlannerSort, (a: PlannerKeyword, b: PlannerKeyword) => number> = {
    volume: (a, b) => volume(b) - volume(a),
    difficulty: (a, b) => difficultyRank(a) - difficultyRank(b),
    relevance: (a, b) => LEVEL_RANK[b.relevance] - LEVEL_RANK[a.relevance],
    cpc: (a, b) => (b.cpc ?? -1) - (a.cpc ?? -1),
  }
  return [...keywords].sort(
    (a, b) => primary[sort](a, b) || volume(b) - volume(a) || a.keyword.localeCompare(b.keyword),
  )
}

/** A source of keyword ideas and estimates: this engine today, a keyword-data API tomorrow. */
/**
 * Where keyword figures come from. The business carries the country of each place
 * (`resolveLocation(business, locationId).country`, docs/decisions/017-countries-and-addresses.md),
 * so a real provider asks that country's market; the simulation does not need it.
 */
export interface KeywordDataProvider {
  /**
   * True when `describe` answers from the keyword, the business and the location alone (the
   * built-in estimates), so an answer may be kept as long as they stay the same.
   */
  readonly pure?: boolean
  describe(keyword: string, business: Business, locationId?: string | null): Promise<PlannerKeyword>
  ideas(request: IdeaRequest): Promise<PlannerKeyword[]>
}

/** The built-in provider: the rules above, no network. */
export const simulatedKeywordData: KeywordDataProvider = {
  pure: true,
  describe: (keyword, business, locationId) =>
    Promise.resolve(describeKeyword(keyword, business, locationId)),
  ideas: (request) =>
    Promise.resolve(
      generateKeywordIdeas(request).map((idea) =>
        describeKeyword(idea, request.business, request.locationId),
      ),
    ),
}

/** A planner search: ideas, then the filters, then the sort. */
export function searchKeywordIdeas(
  ideas: readonly PlannerKeyword[],
  query: Pick<PlannerQuery, 'intent' | 'difficulty' | 'sort'>,
): PlannerKeyword[] {
  return sortKeywords(filterKeywords(ideas, query), query.sort)
}

/**
 * The CPC column's header names its currency (issue 32 item 5): 'CPC (USD)', or for a converted
 * one 'CPC (GBP, from USD at 0.79, 2026-11-02)'.
 */
function cpcHeader(money: Money): string {
  return money.converted
    ? `CPC (${money.currency}, from USD at ${money.rate}, ${USD_RATES_DATE})`
    : `CPC (${money.currency})`
}

/**
 * docs/product.md §9 CSV columns for the planner export, with the CPC's currency, and where the
 * figures came from (issue 32 item 9): 'estimate', or the keyword data source that measured them.
 */
export function plannerCsvHeader(money: Money = moneyFor('US')) {
  return [
    'Keyword',
    'Search Volume',
    'Difficulty',
    cpcHeader(money),
    'Competition',
    'Relevance',
    'Intent',
    'Trend',
    'Figures Source',
  ] as const
}

/** The Figures Source cell: 'estimate', or 'provider: DataForSEO (Google Ads), 2026-10'. */
function sourceCell(k: PlannerKeyword): string {
  const source = k.volumeSource
  if (source?.kind !== 'measured') return 'estimate'
  const month = source.month ? `, ${source.month}` : ''
  return `provider: ${source.provider ?? 'keyword data source'}${month}`
}

export function plannerCsvRows(keywords: readonly PlannerKeyword[], money: Money = moneyFor('US')) {
  // A keyword with no estimate says so in the volume column and leaves the other figures empty.
  return keywords.map((k) => [
    k.keyword,
    k.volume ?? 'no estimate',
    k.difficulty ?? '',
    k.cpc === null ? '' : fromUsd(k.cpc, money).toFixed(2),
    k.competition?.toFixed(2) ?? '',
    k.relevance,
    k.intent,
    k.trend ?? '',
    sourceCell(k),
  ])
}
