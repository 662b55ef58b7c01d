// Small text helpers for reading search terms: intent, related words, filling modifier templates.
import type { Business } from '@localseo/shared/business'
import { categoryTerms } from '@localseo/shared/category-terms'

export type SearchIntent = 'local' | 'transactional' | 'commercial' | 'informational'

const STOP_WORDS = new Set([
  'near',
  'best',
  'with',
  'that',
  'open',
  'from',
  'your',
  'services',
  'service',
])

export const normalise = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

export function wordsOf(value: string): string[] {
  return normalise(value)
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
}

/** The same buckets the keyword planner uses (docs/product.md §3 planner intent). */
export function detectIntent(keyword: string, city: string): SearchIntent {
  const k = normalise(keyword)
  if (/^(how|what|why|when|which|can|do|does|is|are)\b|\b(guide|tips|ideas|vs)\b/.test(k)) {
    return 'informational'
  }
  // Urgent searches ('emergency', 'open now') are people ready to call, like booking searches.
  if (
    /\b(book|buy|order|appointment|schedule|quote|estimate|price|prices|cost|hire|emergency|open now|24 hour|same day)\b/.test(
      k,
    )
  ) {
    return 'transactional'
  }
  if (k.includes('near me') || (city !== '' && k.includes(normalise(city)))) return 'local'
  return 'commercial'
}

export const INTENT_LABELS: Record<SearchIntent, string> = {
  local: 'local (the searcher wants a business nearby)',
  transactional: 'transactional (the searcher is ready to call, book or buy)',
  commercial: 'commercial (the searcher is comparing providers)',
  informational: 'informational (the searcher wants an answer first)',
}

/**
 * Phrases that say "this is what the business does": the noun, its services, the category words, in
 * the country's words and the American ones ('solicitor' and 'lawyer' for a UK law firm).
 */
export function coreTerms(category: string, country?: string): string[] {
  const terms = [categoryTerms(category, country), categoryTerms(category)]
  const categoryWords = wordsOf(category).filter((w) => w.length >= 4 && !STOP_WORDS.has(w))
  const phrases = terms.flatMap((t) => [t.noun, ...t.services])
  return [...new Set([...phrases, ...categoryWords].map(normalise))]
}

/** Single words of the core terms, for partial matches ('implants' in 'dental implants'). */
export function relatedWords(category: string, country?: string): Set<string> {
  return new Set(
    coreTerms(category, country)
      .flatMap(wordsOf)
      .filter((w) => w.length >= 4 && !STOP_WORDS.has(w)),
  )
}

export function fillTemplate(
  template: string,
  business: Pick<Business, 'category'> & { country?: string },
): string {
  return template.replace('{noun}', categoryTerms(business.category, business.country).noun)
}

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** Title case that keeps acronyms ('NHS Dentist Bristol'), shared with the services of a business. */
export { titleCase } from '@localseo/shared/title-case'

/** 'a, b and c' for advice text. */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
