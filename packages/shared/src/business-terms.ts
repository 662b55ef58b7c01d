// What this business offers, in the words people search with (issue 15 item 5): the owner's own
// 'Services you offer' when they listed any, else the services its name names ('Lopez Plumbing' is
// plumbing), else its category's. The keyword ideas, their relevance, the default tracked keywords
// and the site audit's "service in title/H1" check all read these terms, so a plumber is never
// offered 'electrician prices' because the category also covers electricians.
import { categoryTerms, type CategoryTerms } from './category-terms.js'
import { ownValue } from './own-key.js'

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

const lower = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

/** The chips 'Services you offer' suggests for a category. */
export function serviceSuggestions(category: string): string[] {
  const all = [
    ...categoryTerms(category).services,
    ...(ownValue(EXTRA_SUGGESTIONS, category) ?? []),
  ]
  const seen = new Set<string>()
  return all.filter((s) => {
    const key = lower(s)
    if (key === 'services' || seen.has(key)) return false
    seen.add(key)
    return true
  })
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
export function servicesFromName(name: string, category: string): string[] {
  const words = ` ${wordsOf(name).join(' ')} `
  const known = [...serviceSuggestions(category), ...Object.keys(TRADE_NOUNS)]
  const found = known.filter((service) => words.includes(` ${wordsOf(service).join(' ')} `))
  // Title case as the owner would write it on their own profile.
  return normaliseServices(found.map((s) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase())))
}

export interface TermsSource {
  name: string
  category: string
  services?: readonly string[]
}

/** The services the business says it offers, in lower case: its own, else its name's. */
function ownServices(business: TermsSource): string[] {
  const own = normaliseServices(business.services ?? [])
  return (own.length > 0 ? own : servicesFromName(business.name, business.category)).map(lower)
}

/**
 * The search noun and services of this business (see the top of this file). The noun is the trade of
 * one of its own services ('plumbing' -> 'plumber') or the category's; without services of its own,
 * the category's services stand in.
 */
export function businessTerms(business: TermsSource): CategoryTerms {
  const category = categoryTerms(business.category)
  const own = ownServices(business)
  const trade = own.map((s) => ownValue(TRADE_NOUNS, s)).find(Boolean)
  return {
    noun: trade ?? category.noun,
    services: own.length > 0 ? own : category.services.map(lower),
  }
}
