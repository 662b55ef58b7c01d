// Built-in SEO tasks: each one is derived from something true about the owner's business (its
// category, website, locations, tracked keywords, backlink scores), never from a random list.
import type { SeoTaskSuggestion } from '@localseo/shared/ai'
import type { BacklinkScores } from '@localseo/shared/backlink-scores'
import type { Business } from '@localseo/shared/business'
import { businessTerms } from '@localseo/shared/business-terms'
import { categoryPlaybook } from './category-playbook.js'
import { missingLinkSources, type BacklinkFacts } from './backlinks-engine.js'
import { capitalise, listPhrase } from './search-terms.js'

export interface TrackedKeyword {
  keyword: string
  position: number | null
  /** True when the position comes from the rank simulation, not a search-results provider. */
  simulated?: boolean
}

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const

function keywordTask(business: Business, keywords: readonly TrackedKeyword[]): SeoTaskSuggestion {
  const { noun } = businessTerms(business)
  const ranked = keywords.filter((k) => k.position !== null) as (TrackedKeyword & {
    position: number
  })[]
  const weakest = ranked.filter((k) => k.position > 10).sort((a, b) => a.position - b.position)[0]
  if (weakest) {
    return {
      title: `Move "${weakest.keyword}" onto page one`,
      // A simulated position is sample data and says so (issue 32 item 4), as alerts do.
      description: `It ranks #${weakest.position}${weakest.simulated ? ' (simulated)' : ''}, just off the first page. Give it one dedicated page that names ${business.city}, answers the questions ${categoryPlaybook(business).customers} ask, and link to it from your home page.`,
      priority: 'high',
      category: 'content',
      impact: 'Page-one positions get most of the clicks',
      points: 60,
    }
  }
  return {
    title: `Track the searches that bring ${business.city} customers`,
    description: `Add keywords such as "${noun} in ${business.city}", "best ${noun} near me" and "emergency ${noun} ${business.city}" to the rank tracker so you can see which pages need work.`,
    priority: 'medium',
    category: 'content',
    impact: 'Shows where effort pays off',
    points: 35,
  }
}

/** What every business should do, in the words of its category and city. */
function everyBusinessTasks(
  business: Business,
  keywords: readonly TrackedKeyword[],
): SeoTaskSuggestion[] {
  const { noun, services } = businessTerms(business)
  const playbook = categoryPlaybook(business)
  const city = business.city
  return [
    {
      title: 'Complete your Google Business Profile',
      description: `Choose the most specific primary category (for a ${noun}, "${capitalise(noun)}"), list ${listPhrase(services.slice(0, 3))} as services, add opening hours and at least ten photos of ${business.name} in ${city}.`,
      priority: 'high',
      category: 'listings',
      impact: 'The profile decides whether you appear in the map results',
      points: 75,
    },
    {
      title: `Ask ${playbook.customers} for Google reviews`,
      description: `Send a review link after each visit and ask ${playbook.customers} to mention the service and ${city} in their own words. Reply to every review, good or bad.`,
      priority: 'high',
      category: 'reputation',
      impact: 'Review count and recency are strong local ranking signals',
      points: 50,
    },
    {
      title: `Add ${playbook.schemaType} structured data`,
      description: `Mark up your name, address, phone and opening hours with schema.org ${playbook.schemaType} JSON-LD on your website so search engines read your ${city} details without guessing.`,
      priority: 'medium',
      category: 'technical',
      impact: 'Consistent, machine-readable business details',
      points: 50,
    },
    {
      title: `Claim your ${listPhrase(playbook.directories.slice(0, 2).map((d) => d.name))} profiles`,
      description: `${listPhrase(playbook.directories.map((d) => d.name))} rank for ${noun} searches themselves. Use exactly the same name, address and phone as on your website.`,
      priority: 'medium',
      category: 'listings',
      impact: 'More places to be found, plus a link back',
      points: 45,
    },
    keywordTask(business, keywords),
    {
      title: `Publish an FAQ page for ${city} ${playbook.customers}`,
      description: `Answer ${playbook.question}. Use the questions ${playbook.customers} actually ask on the phone.`,
      priority: 'low',
      category: 'content',
      impact: 'Catches question searches and voice search',
      points: 40,
    },
  ]
}

/** Tasks for what this business is missing: a website, pages and consistency for its locations. */
function profileGapTasks(business: Business): SeoTaskSuggestion[] {
  const city = business.city
  const tasks: SeoTaskSuggestion[] = []
  if (!business.website.trim()) {
    tasks.push({
      title: 'Give your business a website',
      description: `A one-page site with your services, ${city} address, phone and hours is enough to start; add it to your Google Business Profile.`,
      priority: 'high',
      category: 'technical',
      impact: 'Most local rankings need a website to point to',
      points: 60,
    })
  }
  if (business.locations.length > 0) {
    const names = business.locations.slice(0, 3).map((l) => `${l.name} (${l.city})`)
    tasks.push(
      {
        title: 'Create a page for each location',
        description: `Give ${listPhrase(names)} ${names.length === 1 ? 'its' : 'their'} own page with address, phone, hours, directions and a map, and link each one from your Google Business Profile for that branch.`,
        priority: 'high',
        category: 'content',
        impact: 'Each branch can rank in its own area',
        points: 60,
      },
      {
        title: 'Keep name, address and phone identical everywhere',
        description: `With ${business.locations.length + 1} addresses, small differences ("St" vs "Street", old phone numbers) split your citations. Check each listing against your Settings.`,
        priority: 'medium',
        category: 'listings',
        impact: 'Consistent citations build trust with search engines',
        points: 45,
      },
    )
  }
  return tasks
}

/** Weak or no local links: the organisations to ask first. */
function localLinkTasks(
  business: Business,
  backlinks: readonly BacklinkFacts[] | undefined,
  scores: BacklinkScores | undefined,
): SeoTaskSuggestion[] {
  const city = business.city
  const tasks: SeoTaskSuggestion[] = []
  if (backlinks && scores && (backlinks.length === 0 || scores.localRelevanceScore < 40)) {
    // Organisations first: category directories already have their own task above.
    const { local, directories } = missingLinkSources(business, backlinks)
    const missing = [...local, ...directories].slice(0, 3)
    tasks.push({
      title: `Earn links from ${city} organisations`,
      description: `Your local relevance score is ${scores.localRelevanceScore}/100. Start with ${listPhrase(missing)}.`,
      priority: 'medium',
      category: 'reputation',
      impact: 'Local links tell search engines where you belong',
      points: 50,
    })
  }
  return tasks
}

export function generateRecommendationsBuiltIn({
  business,
  keywords = [],
  backlinks,
  scores,
  existingTitles = [],
}: {
  business: Business
  keywords?: readonly TrackedKeyword[]
  backlinks?: readonly BacklinkFacts[]
  scores?: BacklinkScores
  existingTitles?: readonly string[]
}): SeoTaskSuggestion[] {
  const tasks = [
    ...everyBusinessTasks(business, keywords),
    ...profileGapTasks(business),
    ...localLinkTasks(business, backlinks, scores),
  ]
  const taken = new Set(existingTitles.map((t) => t.trim().toLowerCase()))
  return tasks
    .filter((task) => !taken.has(task.title.toLowerCase()))
    .sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority])
}
