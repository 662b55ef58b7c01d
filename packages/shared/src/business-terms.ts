// What this business offers, in the words people search with (issue 15 item 5): the owner's own
// 'Services you offer' when they listed any, else the services its name names ('Lopez Plumbing' is
// plumbing), else its category's. The keyword ideas, their relevance, the default tracked keywords
// and the site audit's "service in title/H1" check all read these terms, so a plumber is never
// offered 'electrician prices' because the category also covers electricians. The lists are written
// as Americans search; outside the US they read in the country's words (local-words.ts), while the
// owner's own services stay as the owner wrote them.
import { categoryTerms, type CategoryTerms } from './category-terms.js'
import { localWords } from './local-words.js'
import { ownValue } from './own-key.js'
import { titleCase } from './title-case.js'

/** At most this many services, each at most SERVICE_MAX_LENGTH characters. */
export const MAX_SERVICES = 20
export const SERVICE_MAX_LENGTH = 60

/**
 * Trades whose searcher calls the business by a noun of its own: 'plumbing' is searched as
 * 'plumber'. A category that covers several trades (Home Services) takes the noun of the owner's.
 */
const TRADE_NOUNS: Readonly<Record<string, string>> = {
  plumbing: 'plumber',
  electrical: 'electrician',
  'electrical repair': 'electrician',
  electrician: 'electrician',
  hvac: 'hvac contractor',
  'ac repair': 'ac repair company',
  'heating and cooling': 'hvac contractor',
  roofing: 'roofer',
  'roof repair': 'roofer',
  landscaping: 'landscaper',
  'lawn care': 'lawn care service',
  painting: 'painter',
  'house cleaning': 'house cleaner',
  cleaning: 'cleaning service',
  'pest control': 'exterminator',
  locksmith: 'locksmith',
  'garage door repair': 'garage door company',
  handyman: 'handyman',
  'appliance repair': 'appliance repair technician',
  flooring: 'flooring contractor',
  'tree service': 'tree service',
  moving: 'movers',
  'pool service': 'pool service',
  remodeling: 'remodeling contractor',
}

/** More services per category than the search terms use: the chips the form suggests. */
const EXTRA_SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  'Home Services': [
    'plumbing',
    'leak repair',
    'sewer line repair',
    'electrical repair',
    'HVAC',
    'heating repair',
    'roofing',
    'pest control',
    'house cleaning',
    'handyman',
    'garage door repair',
  ],
  'Construction & Home Improvement': ['roofing', 'flooring', 'painting', 'remodeling'],
}

/**
 * What one trade offers, by its search noun (TRADE_NOUNS): once a business is known to be a plumber,
 * the form suggests plumbing work, never electrician, roofing or HVAC (issue 32 item 7).
 */
const TRADE_SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  plumber: [
    'drain cleaning',
    'water heater repair',
    'leak repair',
    'burst pipe repair',
    'toilet repair',
    'sewer line repair',
    'emergency plumbing',
    'bathroom plumbing',
  ],
  electrician: [
    'electrical repair',
    'rewiring',
    'lighting installation',
    'fuse box replacement',
    'EV charger installation',
    'outlet installation',
  ],
  'hvac contractor': [
    'AC repair',
    'heating repair',
    'furnace repair',
    'AC installation',
    'heat pump installation',
    'duct cleaning',
  ],
  'ac repair company': ['AC repair', 'AC installation', 'heating repair', 'duct cleaning'],
  roofer: ['roof repair', 'roof replacement', 'gutter repair', 'flat roofing', 'roof inspection'],
  landscaper: ['garden design', 'lawn care', 'tree trimming', 'patio installation', 'fencing'],
  'lawn care service': ['lawn mowing', 'weed control', 'lawn aeration', 'hedge trimming'],
  painter: ['interior painting', 'exterior painting', 'cabinet painting', 'wallpaper removal'],
  'house cleaner': ['deep cleaning', 'move out cleaning', 'regular cleaning', 'oven cleaning'],
  'cleaning service': ['deep cleaning', 'office cleaning', 'carpet cleaning', 'window cleaning'],
  exterminator: ['rodent control', 'termite treatment', 'bed bug treatment', 'wasp nest removal'],
  locksmith: ['emergency lockout', 'lock change', 'key cutting', 'car lockout'],
  'garage door company': ['garage door repair', 'spring replacement', 'opener installation'],
  handyman: ['furniture assembly', 'drywall repair', 'TV mounting', 'door repair'],
}

const lower = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

function unique(all: readonly string[]): string[] {
  const seen = new Set<string>()
  return all.filter((s) => {
    const key = lower(s)
    if (key === 'services' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Everything a category covers: its search services and the other trades it includes. */
function categorySuggestions(category: string, country?: string): string[] {
  return unique(
    [...categoryTerms(category).services, ...(ownValue(EXTRA_SUGGESTIONS, category) ?? [])].map(
      (s) => localWords(s, country),
    ),
  )
}

/** One trade's own work in the words of `country`. */
function tradeSuggestions(trade: string, country?: string): string[] | undefined {
  return ownValue(TRADE_SUGGESTIONS, trade)?.map((s) => localWords(s, country))
}

/**
 * The chips 'Services you offer' suggests: the trade's own work once the name or the services say
 * which trade it is (a plumber), else everything its category covers.
 */
export function serviceSuggestions(business: TermsSource): string[] {
  const trade = ownTrade(business)
  const own = trade ? tradeSuggestions(trade, business.country) : undefined
  return own ? unique(own) : categorySuggestions(business.category, business.country)
}

/** Trimmed, single-spaced, without duplicates (case-insensitive) or empty entries, in order. */
export function normaliseServices(services: readonly string[]): string[] {
  const seen = new Set<string>()
  return services
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => {
      const key = s.toLowerCase()
      if (!s || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

const wordsOf = (value: string) =>
  lower(value)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/**
 * The services a business name names, from its category's suggestions and the trades above:
 * 'Lopez Plumbing' -> ['Plumbing'], 'Bright Smile Dental' -> [] (Dental names no service).
 */
export function servicesFromName(name: string, category: string, country?: string): string[] {
  const words = ` ${wordsOf(name).join(' ')} `
  const known = [
    ...categorySuggestions(category),
    ...(country ? categorySuggestions(category, country) : []),
    ...Object.keys(TRADE_NOUNS),
  ]
  const found = known.filter((service) => words.includes(` ${wordsOf(service).join(' ')} `))
  // Title case as the owner would write it on their own profile.
  return normaliseServices(found.map(titleCase))
}

export interface TermsSource {
  name: string
  category: string
  services?: readonly string[]
  /** ISO code; the terms read in its words (local-words.ts). US when absent. */
  country?: string
}

/** The services the business says it offers, in lower case: its own, else its name's. */
function ownServices(business: TermsSource): string[] {
  const own = normaliseServices(business.services ?? [])
  const named = servicesFromName(business.name, business.category, business.country)
  return (own.length > 0 ? own : named).map(lower)
}

/**
 * The trade this business names ('plumbing' in its services or name -> 'plumber'), or one whose
 * own work it lists ('drain cleaning' -> 'plumber'); undefined when it names none.
 */
function ownTrade(business: TermsSource): string | undefined {
  const own = ownServices(business)
  return (
    own.map((s) => ownValue(TRADE_NOUNS, s)).find(Boolean) ??
    Object.keys(TRADE_SUGGESTIONS).find((trade) =>
      [...TRADE_SUGGESTIONS[trade]!, ...(tradeSuggestions(trade, business.country) ?? [])].some(
        (s) => own.includes(lower(s)),
      ),
    )
  )
}

/**
 * The search noun and services of this business (see the top of this file). The noun is the trade of
 * one of its own services ('plumbing' -> 'plumber') or the category's; without services of its own,
 * the category's services stand in.
 */
export function businessTerms(business: TermsSource): CategoryTerms {
  const category = categoryTerms(business.category, business.country)
  const own = ownServices(business)
  const trade = own.map((s) => ownValue(TRADE_NOUNS, s)).find(Boolean)
  return {
    noun: trade ? localWords(trade, business.country) : category.noun,
    services: own.length > 0 ? own : category.services.map(lower),
  }
}

/** The examples an input shows in its placeholder, in the words of this business (issue 32 item 7). */
export interface SearchExamples {
  /** Keyword Analysis: 'drain cleaning near me'. */
  keyword: string
  /** Keyword Planner's search and a service to add: 'water heater repair'. */
  service: string
  /** Rank Tracker: 'plumber near me'. */
  nearMe: string
  /** A backlink's anchor text: 'best plumber in Austin'. */
  anchor: string
}

/** An example this long or shorter still fits its box on a phone (390 px). */
const SHORT_EXAMPLE = 20

/** The first of `options` short enough for a placeholder, else the first. */
const shortFirst = (options: readonly string[]) =>
  options.find((s) => s.length <= SHORT_EXAMPLE) ?? options[0]

/** Examples for a business with its services, in its city (the chosen location's, when given). */
export function searchExamples(business: TermsSource & { city: string }): SearchExamples {
  const { noun, services } = businessTerms(business)
  const first = shortFirst(services) ?? noun
  const second = services.find((s) => s !== first) ?? first
  const listed = new Set(ownServices(business))
  const suggestion = shortFirst(serviceSuggestions(business).filter((s) => !listed.has(lower(s))))
  const city = business.city.trim()
  return {
    keyword: `${first} near me`,
    service: suggestion ? lower(suggestion) : second,
    nearMe: `${noun} near me`,
    anchor: city ? `best ${noun} in ${city}` : `best local ${noun}`,
  }
}
