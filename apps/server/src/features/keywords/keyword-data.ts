// The one place a keyword's volume and difficulty come from (docs/decisions/016-one-keyword-entity.md):
// the shared engine behind KeywordDataProvider, with two rules of its own. Text that is not a plausible
// search gets no estimate (issue 15 item 4), and planner searches wait like a real keyword API would
// (docs/product.md §9 "planner delay 1500 ms", zero in tests through SIMULATED_DELAYS).
import type { Business } from '@localseo/shared/business'
import { categoryTerms } from '@localseo/shared/category-terms'
import {
  NO_ESTIMATE,
  simulatedKeywordData,
  type KeywordDataProvider,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import { isPlausibleSearch, searchVocabulary } from '../../lib/plausible-search.js'

const PLANNER_DELAY_MS = 1500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The words the business itself uses, its country's and the American ones, count as a search's. */
export function businessVocabulary(business: Business): string[] {
  const terms = [
    categoryTerms(business.category, business.country),
    categoryTerms(business.category),
  ]
  return [
    business.name,
    business.category,
    business.city,
    business.state,
    ...terms.flatMap((t) => [t.noun, ...t.services]),
    ...business.locations.flatMap((l) => [l.name, l.city, l.state]),
  ]
}

/**
 * Each business read's vocabulary, made once: a request reads its business once (lib/tenant.ts) and
 * may describe its 500 tracked keywords, where making it for each was most of the Rank Tracker's
 * history read (bench/README.md, issue 36 item 2). Kept only while that business object lives.
 */
const vocabularies = new WeakMap<Business, ReadonlySet<string>>()

function vocabularyOf(business: Business): ReadonlySet<string> {
  let vocabulary = vocabularies.get(business)
  if (!vocabulary) {
    vocabulary = searchVocabulary(businessVocabulary(business))
    vocabularies.set(business, vocabulary)
  }
  return vocabulary
}

/** The engine's figures, or none at all for text that is not a plausible search. */
function withoutInventedFigures(keyword: PlannerKeyword, business: Business): PlannerKeyword {
  return isPlausibleSearch(keyword.keyword, vocabularyOf(business))
    ? keyword
    : { ...keyword, ...NO_ESTIMATE }
}

export function createSimulatedKeywordProvider({
  delays,
}: {
  delays: boolean
}): KeywordDataProvider {
  return {
    pure: true,
    async describe(keyword, business, locationId) {
      const described = await simulatedKeywordData.describe(keyword, business, locationId)
      return withoutInventedFigures(described, business)
    },
    async ideas(request) {
      if (delays) await wait(PLANNER_DELAY_MS)
      // An idea that is not a search is no idea at all: the planner lists none for nonsense and
      // says 'No keywords found' (issue 32 item 4), by the same rule Keyword Analysis applies.
      const vocabulary = businessVocabulary(request.business)
      const ideas = await simulatedKeywordData.ideas(request)
      return ideas.filter((idea) => isPlausibleSearch(idea.keyword, vocabulary))
    },
  }
}
