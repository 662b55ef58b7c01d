// Built-in backlink advice: reads the docs/product.md §9 scores and a profile of ALL of the owner's links, and
// names the local and category link sources that are still missing (issue 5). The server counts the
// profile in SQL over every backlink in scope (features/backlinks/backlink-profile.ts);
// profileBacklinks counts the same figures from an array, and a test holds the two to each other.
import {
  countScoreInputs,
  normaliseDomain,
  type BacklinkScoreCounts,
  type BacklinkScores,
} from '@localseo/shared/backlink-scores'
import type { Business } from '@localseo/shared/business'
import { categoryTerms } from '@localseo/shared/category-terms'
import { categoryPlaybook, localLinkSources } from './category-playbook.js'
import { listPhrase, normalise } from './search-terms.js'

export interface BacklinkFacts {
  url: string
  domain: string
  anchorText: string
  linkType: 'dofollow' | 'nofollow'
  quality: 'high' | 'medium' | 'low' | 'unrated'
  status?: string | undefined
}

/** Everything the advice reads about all of the owner's backlinks in scope. */
export interface BacklinkProfile extends BacklinkScoreCounts {
  broken: number
  nofollow: number
  /** The domain (normaliseDomain) with the most links; ties go to the first in code point order. */
  topDomain: { domain: string; count: number } | null
  /** Links whose anchor text contains the business name (search-terms normalise). */
  brandAnchors: number
  /** For each link source probe, the first matching domain in code point order, if any. */
  sourceDomains: string[]
}

/**
 * What missingLinkSources looks for, as regular expressions that mean the same in JavaScript and in
 * PostgreSQL: a domain matches `match` and not `unless`. One domain per probe is enough to decide.
 */
export interface LinkSourceProbe {
  match: string
  unless: string | null
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function linkSourceProbes(
  business: Pick<Business, 'category' | 'country'>,
): LinkSourceProbe[] {
  const directories = categoryPlaybook(business).directories.map((source) => ({
    match: escapeRegex(source.domain),
    unless: null,
  }))
  // A domain counts for the first local source it matches, so later ones exclude earlier ones.
  const sources = localLinkSources(business.country)
  const local = sources.map((source, i) => ({
    match: source.pattern.source,
    unless:
      i === 0
        ? null
        : sources
            .slice(0, i)
            .map((earlier) => `(${earlier.pattern.source})`)
            .join('|'),
  }))
  return [...directories, ...local]
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The profile of an array of backlinks, as the SQL of features/backlinks counts it. */
export function profileBacklinks({
  business,
  place,
  backlinks,
}: {
  business: Business
  place: { city: string; state: string; country?: string }
  backlinks: readonly BacklinkFacts[]
}): BacklinkProfile {
  const domains = backlinks.map((link) => normaliseDomain(link.domain))
  const brand = normalise(business.name)
  const sourceDomains = linkSourceProbes(business).flatMap((probe) => {
    const match = new RegExp(probe.match)
    const unless = probe.unless === null ? undefined : new RegExp(probe.unless)
    const found = domains.filter((d) => match.test(d) && !unless?.test(d)).sort(byCodePoint)[0]
    return found === undefined ? [] : [found]
  })
  return {
    ...countScoreInputs({
      backlinks,
      city: place.city,
      state: place.state,
      country: place.country,
      category: business.category,
    }),
    broken: backlinks.filter((link) => link.status === 'broken').length,
    nofollow: backlinks.filter((link) => link.linkType === 'nofollow').length,
    topDomain: busiestDomain(domains),
    brandAnchors: backlinks.filter((link) => normalise(link.anchorText).includes(brand)).length,
    sourceDomains: [...new Set(sourceDomains)],
  }
}

/** Link sources the business has no link from yet: category directories and local organisations. */
export function missingLinkSources(
  business: Business,
  backlinks: readonly Pick<BacklinkFacts, 'domain'>[],
) {
  const domains = backlinks.map((link) => normaliseDomain(link.domain))
  const city = business.city || 'your city'
  const playbook = categoryPlaybook(business).directories
  const sources = localLinkSources(business.country)
  const directories = playbook
    .filter((source) => !domains.some((d) => d.includes(source.domain)))
    .map((source) => source.name)
  // Each domain counts for the first source it matches: a chamber's .org site is not a sponsorship.
  const present = new Set(domains.map((d) => sources.find((source) => source.pattern.test(d))?.key))
  // A local source that is also one of the category's directories (the Better Business Bureau) is
  // named once, as the directory (issue 15 item 6: no entity twice in one sentence).
  const local = sources
    .filter(
      (source) =>
        !present.has(source.key) &&
        !playbook.some((directory) => source.pattern.test(directory.domain)),
    )
    .map((source) => source.label.replace('{city}', city))
  return { directories, local }
}

function busiestDomain(domains: readonly string[]): { domain: string; count: number } | null {
  const counts = new Map<string, number>()
  for (const domain of domains) counts.set(domain, (counts.get(domain) ?? 0) + 1)
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]))
  return top ? { domain: top[0], count: top[1] } : null
}

/** What the Quality Score leaves out or counts as 0 (issue 32 item 4, ADR 032). */
function unratedAdvice(profile: BacklinkProfile, scores: BacklinkScores): string[] {
  const { total, unreachable } = profile
  const unchecked = total - scores.qualityCounted
  const advice: string[] = []
  if (unchecked > 0) {
    advice.push(
      `${unchecked} of ${total} link${unchecked === 1 ? ' is' : 's are'} not rated: never checked, or the page could not be checked. Use Verify all so the quality comes from what each page shows.`,
    )
  }
  if (unreachable > 0) {
    advice.push(
      `${unreachable} link${unreachable === 1 ? "'s page" : "s' pages"} did not answer at the last check and count against the Quality Score until they do.`,
    )
  }
  return advice
}

export function analyseBacklinksBuiltIn({
  business,
  profile,
  scores,
}: {
  business: Business
  profile: BacklinkProfile
  scores: BacklinkScores
}): string {
  const noun = categoryTerms(business.category, business.country).noun
  const city = business.city || 'your city'
  const sources = profile.sourceDomains.map((domain) => ({ domain }))
  const { directories, local } = missingLinkSources(business, sources)
  const missing = [...directories, ...local]
  if (profile.total === 0) {
    return [
      `${business.name} has no backlinks recorded yet, so there is nothing to score.`,
      `Start with the sources that send local ${noun} customers: ${listPhrase(missing)}.`,
    ].join('\n\n')
  }
  const { total } = profile
  const quality =
    scores.qualityScore === null
      ? 'quality not rated yet (no link has been checked)'
      : `quality ${scores.qualityScore}/100`
  const paragraphs = [
    `${total} backlink${total === 1 ? '' : 's'} analysed: ${quality}, diversity ${scores.diversityScore}/100, local relevance ${scores.localRelevanceScore}/100.`,
  ]
  const lowCount = profile.low
  paragraphs.push(...unratedAdvice(profile, scores))
  if (scores.qualityScore !== null && scores.qualityScore < 40) {
    paragraphs.push(
      `Link quality is weak: ${lowCount} of ${total} links are low quality. One link from a respected ${city} organisation is worth more than many directory submissions.`,
    )
  } else if (lowCount > 0) {
    paragraphs.push(
      `${lowCount} low-quality link${lowCount === 1 ? '' : 's'} add little; check them for spam and leave them alone unless they come from link networks.`,
    )
  }
  const top = profile.topDomain
  if (scores.diversityScore < 60 && top && top.count > 1) {
    paragraphs.push(
      `${top.count} of ${total} links come from ${top.domain}. New links from different websites help more than more links from the same one.`,
    )
  }
  if (scores.localRelevanceScore < 40) {
    paragraphs.push(
      `Few links mention ${city}, ${business.state} or your category. Search engines use those signals to decide which ${noun} is local, so favour ${city} sites and anchors such as "${noun} in ${city}".`,
    )
  }
  const { broken } = profile
  if (broken > 0) {
    paragraphs.push(
      `${broken} link${broken === 1 ? ' is' : 's are'} broken: ask those sites to update the address, or redirect the old page on your website to a live one.`,
    )
  }
  const { nofollow } = profile
  if (nofollow / total > 0.6) {
    paragraphs.push(
      `${nofollow} of ${total} links are nofollow. They still bring visitors, but dofollow links from local sites pass more ranking value.`,
    )
  }
  if (profile.brandAnchors / total > 0.7) {
    paragraphs.push(
      `Most anchors are your business name. That is natural; when you can suggest the wording, ask for a descriptive one such as "${noun} in ${city}".`,
    )
  }
  if (missing.length > 0) {
    paragraphs.push(`Missing sources worth pursuing: ${listPhrase(missing)}.`)
  }
  return paragraphs.join('\n\n')
}
