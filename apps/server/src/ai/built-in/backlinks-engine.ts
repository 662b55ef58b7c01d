// Built-in backlink advice: reads the SPEC §9 scores and ALL of the owner's links, and names the
// local and category link sources that are still missing (issue 5).
import type { BacklinkScores } from '@localseo/shared/backlink-scores'
import { normaliseDomain } from '@localseo/shared/backlink-scores'
import type { Business } from '@localseo/shared/business'
import { categoryTerms } from '@localseo/shared/category-terms'
import { categoryPlaybook, LOCAL_LINK_SOURCES } from './category-playbook.js'
import { listPhrase, normalise } from './search-terms.js'

export interface BacklinkFacts {
  url: string
  domain: string
  anchorText: string
  linkType: 'dofollow' | 'nofollow'
  quality: 'high' | 'medium' | 'low'
  status?: string | undefined
}

/** Link sources the business has no link from yet: category directories and local organisations. */
export function missingLinkSources(business: Business, backlinks: readonly BacklinkFacts[]) {
  const domains = backlinks.map((link) => normaliseDomain(link.domain))
  const city = business.city || 'your city'
  const directories = categoryPlaybook(business.category)
    .directories.filter((source) => !domains.some((d) => d.includes(source.domain)))
    .map((source) => source.name)
  // Each domain counts for the first source it matches: a chamber's .org site is not a sponsorship.
  const present = new Set(
    domains.map((d) => LOCAL_LINK_SOURCES.find((source) => source.pattern.test(d))?.key),
  )
  const local = LOCAL_LINK_SOURCES.filter((source) => !present.has(source.key)).map((source) =>
    source.label.replace('{city}', city),
  )
  return { directories, local }
}

function busiestDomain(backlinks: readonly BacklinkFacts[]) {
  const counts = new Map<string, number>()
  for (const link of backlinks) {
    const domain = normaliseDomain(link.domain)
    counts.set(domain, (counts.get(domain) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]
}

export function analyseBacklinksBuiltIn({
  business,
  backlinks,
  scores,
}: {
  business: Business
  backlinks: readonly BacklinkFacts[]
  scores: BacklinkScores
}): string {
  const noun = categoryTerms(business.category).noun
  const city = business.city || 'your city'
  const { directories, local } = missingLinkSources(business, backlinks)
  const missing = [...directories, ...local]
  if (backlinks.length === 0) {
    return [
      `${business.name} has no backlinks recorded yet, so there is nothing to score.`,
      `Start with the sources that send local ${noun} customers: ${listPhrase(missing)}.`,
    ].join('\n\n')
  }
  const total = backlinks.length
  const paragraphs = [
    `${total} backlink${total === 1 ? '' : 's'} analysed. Quality ${scores.qualityScore}/100, diversity ${scores.diversityScore}/100, local relevance ${scores.localRelevanceScore}/100.`,
  ]
  const lowCount = backlinks.filter((link) => link.quality === 'low').length
  if (scores.qualityScore < 40) {
    paragraphs.push(
      `Link quality is weak: ${lowCount} of ${total} links are low quality. One link from a respected ${city} organisation is worth more than many directory submissions.`,
    )
  } else if (lowCount > 0) {
    paragraphs.push(
      `${lowCount} low-quality link${lowCount === 1 ? '' : 's'} add little; check them for spam and leave them alone unless they come from link networks.`,
    )
  }
  const top = busiestDomain(backlinks)
  if (scores.diversityScore < 60 && top && top[1] > 1) {
    paragraphs.push(
      `${top[1]} of ${total} links come from ${top[0]}. New links from different websites help more than more links from the same one.`,
    )
  }
  if (scores.localRelevanceScore < 40) {
    paragraphs.push(
      `Few links mention ${city}, ${business.state} or your category. Search engines use those signals to decide which ${noun} is local, so favour ${city} sites and anchors such as "${noun} in ${city}".`,
    )
  }
  const broken = backlinks.filter((link) => link.status === 'broken').length
  if (broken > 0) {
    paragraphs.push(
      `${broken} link${broken === 1 ? ' is' : 's are'} broken: ask those sites to update the address, or redirect the old page on your website to a live one.`,
    )
  }
  const nofollow = backlinks.filter((link) => link.linkType === 'nofollow').length
  if (nofollow / total > 0.6) {
    paragraphs.push(
      `${nofollow} of ${total} links are nofollow. They still bring visitors, but dofollow links from local sites pass more ranking value.`,
    )
  }
  const brandAnchors = backlinks.filter((link) =>
    normalise(link.anchorText).includes(normalise(business.name)),
  ).length
  if (brandAnchors / total > 0.7) {
    paragraphs.push(
      `Most anchors are your business name. That is natural; when you can suggest the wording, ask for a descriptive one such as "${noun} in ${city}".`,
    )
  }
  if (missing.length > 0) {
    paragraphs.push(`Missing sources worth pursuing: ${listPhrase(missing)}.`)
  }
  return paragraphs.join('\n\n')
}
