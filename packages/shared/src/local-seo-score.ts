// The measured Local SEO Score (issue 11 item 5; ADR 011). Pure: the server feeds it aggregates (the
// latest finished audit's failed checks, backlink counts, listing consistency, the profile) and the
// dashboard shows the result with a breakdown.
//
// Formula
// - Factor groups and weights start from Whitespark's 2023 Local Search Ranking Factors, local
//   organic results: on-page 36, links 26, Google Business Profile 9, behavioural 9, citations 7,
//   reviews 6, personalisation 6. We measure on-page (split evenly between the audit's technical and
//   content checks and its local checks, 18 + 18), links 26, the business profile 9 (our stand-in
//   for the Google Business Profile) and citations 7; reviews, behaviour and personalisation are not
//   measurable here and are left out. The weights are renormalised over the groups measured.
// - Each group scores 0-100:
//   - website / local: 100 minus a penalty per failed check: critical 30, alert 15, warning 5. For
//     website checks the penalty is scaled by how much of the site it hits (half for a single page,
//     full for every crawled page); local checks concern the home and location pages, so always
//     count in full. 'audit-blocked' is about our auditor, not search engines, and costs nothing.
//     Not measured when the audit could not read any page.
//   - links: 40% link quality ((high + medium / 2) / total), 40% referring domains (10 or more
//     different websites is full marks), 20% links still working (1 - broken / total). No backlinks
//     at all is 0.
//   - citations: the share of listed platforms whose name, address and phone match the profile,
//     over the business and every location.
//   - profile: completeness of what the owner entered (see profileScore).
// - Score = round(sum(weight x group score) / sum(weight)), over the groups measured.
import type { Business } from './business.js'
import { zipMatchesState } from './zip-state.js'

export type ScoreGroup = 'website' | 'local' | 'links' | 'citations' | 'profile'

/** Published local-organic weights (Whitespark LSRF 2023) of the groups we can measure. */
export const SCORE_GROUP_WEIGHTS: Readonly<Record<ScoreGroup, number>> = {
  website: 18,
  local: 18,
  links: 26,
  profile: 9,
  citations: 7,
}

/** What each group is called on the dashboard. */
export const SCORE_GROUP_LABELS: Readonly<Record<ScoreGroup, string>> = {
  website: 'Website health',
  local: 'Local signals on your website',
  links: 'Backlinks',
  citations: 'Listings consistency',
  profile: 'Business profile',
}

export type AuditSeverity = 'critical' | 'alert' | 'warning'

export const CHECK_PENALTY: Readonly<Record<AuditSeverity, number>> = {
  critical: 30,
  alert: 15,
  warning: 5,
}

/** Checks that say nothing about the site itself. */
const UNSCORED_CHECKS = new Set(['audit-blocked'])

/** Referring domains for full marks on the link diversity part. */
export const FULL_MARKS_DOMAINS = 10

/** Referring domains are counted up to this many; more reads as "1000+". */
export const REFERRING_DOMAINS_COUNTED = 1000

export interface ScoreAuditIssue {
  checkId: string
  category: 'indexability' | 'content' | 'local'
  severity: AuditSeverity
  pageCount: number
}

export interface LocalSeoScoreInput {
  audit: {
    /** Pages the crawl visited. */
    pagesCrawled: number
    /** Pages it could read (answered with HTML, after any redirect). */
    pagesRead: number
    issues: readonly ScoreAuditIssue[]
  }
  backlinks: {
    total: number
    high: number
    medium: number
    broken: number
    referringDomains: number
  }
  citations: {
    /** Platforms where the business (or a location) is listed. */
    listed: number
    /** Of those, the ones whose name, address and phone match the profile. */
    consistent: number
    /** Platforms whose details the owner recorded; the others are sample data. */
    recorded: number
    platforms: number
  }
  profile: Business
}

export interface ScorePart {
  group: ScoreGroup
  label: string
  /** Share of the total score, in percent; the parts add up to 100. */
  weight: number
  score: number
  explanation: string
}

export interface LocalSeoScore {
  score: number
  breakdown: ScorePart[]
  /** What the score leaves out, in words. */
  note: string
}

const NOT_MEASURED =
  'Reviews, searcher behaviour and personalisation (about a fifth of the published weights) cannot be measured here, so the score leaves them out.'
const AUDIT_UNREAD =
  'The site audit could not read any page of your website, so the website parts are left out until an audit can.'

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)))
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function severityCounts(issues: readonly ScoreAuditIssue[]): string {
  const counts = (['critical', 'alert', 'warning'] as const)
    .map((s) => [s, issues.filter((i) => i.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
  return counts.join(', ')
}

function websiteScore(audit: LocalSeoScoreInput['audit']) {
  const issues = audit.issues.filter(
    (i) => i.category !== 'local' && !UNSCORED_CHECKS.has(i.checkId),
  )
  const penalty = issues.reduce((sum, issue) => {
    const share = Math.min(1, issue.pageCount / Math.max(1, audit.pagesCrawled))
    return sum + CHECK_PENALTY[issue.severity] * (0.5 + 0.5 * share)
  }, 0)
  const pages = `${plural(audit.pagesRead, 'page')} read`
  return {
    score: clamp(100 - penalty),
    explanation:
      issues.length === 0
        ? `No technical or content problems found on your website (${pages}).`
        : `${plural(issues.length, 'technical or content problem')} found (${severityCounts(issues)}; ${pages}). Fix them in the site audit, most severe first.`,
  }
}

function localScore(audit: LocalSeoScoreInput['audit']) {
  const issues = audit.issues.filter((i) => i.category === 'local')
  const penalty = issues.reduce((sum, issue) => sum + CHECK_PENALTY[issue.severity], 0)
  return {
    score: clamp(100 - penalty),
    explanation:
      issues.length === 0
        ? 'Your home and location pages pass every local check: business markup, name, address and phone, tap-to-call, map, city and service.'
        : `${plural(issues.length, 'local check')} failed (${severityCounts(issues)}). Each can become a task from the site audit.`,
  }
}

function linksScore(b: LocalSeoScoreInput['backlinks']) {
  if (b.total <= 0) {
    return {
      score: 0,
      explanation:
        'No backlinks recorded yet. Links from other websites weigh heavily in local search: add the ones you know of in Backlink Monitor.',
    }
  }
  const quality = Math.min(1, (b.high + b.medium / 2) / b.total)
  const domains = Math.min(1, b.referringDomains / FULL_MARKS_DOMAINS)
  const working = 1 - Math.min(1, b.broken / b.total)
  const highShare = Math.round((100 * b.high) / b.total)
  const broken = b.broken > 0 ? `, ${plural(b.broken, 'broken link')}` : ', none broken'
  const fewDomains =
    b.referringDomains < FULL_MARKS_DOMAINS
      ? ` Links from ${FULL_MARKS_DOMAINS} or more different websites earn full marks.`
      : ''
  const websites =
    b.referringDomains >= REFERRING_DOMAINS_COUNTED
      ? `${REFERRING_DOMAINS_COUNTED}+ websites`
      : plural(b.referringDomains, 'website')
  return {
    score: clamp(100 * (0.4 * quality + 0.4 * domains + 0.2 * working)),
    explanation: `${plural(b.total, 'backlink')} from ${websites}: ${highShare}% high quality${broken}.${fewDomains}`,
  }
}

function citationsScore(c: LocalSeoScoreInput['citations']) {
  const score = c.listed > 0 ? clamp((100 * c.consistent) / c.listed) : 0
  const source =
    c.recorded === 0
      ? 'Based on sample listings data: record what each platform shows in Local Listings for a real count.'
      : c.recorded >= c.platforms
        ? 'Based on the listings you recorded.'
        : `Based on ${plural(c.recorded, 'listing')} you recorded; the other ${c.platforms - c.recorded} are sample data until you record them in Local Listings.`
  return {
    score,
    explanation: `${c.consistent} of ${plural(c.listed, 'listing')} show your name, address and phone exactly as your profile. ${source}`,
  }
}

/**
 * Completeness of what the owner entered: the required details (2 points), a website (2), a
 * specific category rather than 'Other' (1), a ZIP code that belongs to the state (1), and for
 * locations (2 in all, shared evenly) a phone, a ZIP that matches and a page URL of their own.
 * Opening hours and services are not recorded in the product, so they are not counted.
 */
export function profileScore(business: Business) {
  let earned = 0
  let possible = 0
  const missing: string[] = []
  const item = (points: number, ok: boolean, gap: string) => {
    possible += points
    if (ok) earned += points
    else missing.push(gap)
  }
  const required = [
    business.name,
    business.category,
    business.address,
    business.city,
    business.state,
    business.zip,
    business.phone,
  ]
  item(
    2,
    required.every((v) => v.trim() !== ''),
    'some required business details',
  )
  item(2, business.website.trim() !== '', 'a website')
  item(1, business.category !== '' && business.category !== 'Other', 'a specific category')
  item(
    1,
    !business.zip ||
      !business.state ||
      zipMatchesState(business.zip, business.state, business.country),
    'a ZIP code that matches your state',
  )
  const locations = business.locations
  if (locations.length > 0) {
    const share = 2 / (locations.length * 3)
    for (const location of locations) {
      item(share, location.phone.trim() !== '', `a phone for ${location.name}`)
      item(
        share,
        zipMatchesState(location.zip, location.state, location.country),
        `a ZIP code that matches the state for ${location.name}`,
      )
      item(share, (location.pageUrl ?? '').trim() !== '', `a page URL for ${location.name}`)
    }
  }
  const shown = missing.slice(0, 3)
  if (missing.length > shown.length) shown.push(`${missing.length - 3} more`)
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]
  return {
    score: clamp((100 * earned) / possible),
    explanation:
      missing.length === 0
        ? 'Your business details are complete: name, category, address, phone and website' +
          (locations.length > 0 ? ', and every location has its own phone and page.' : '.')
        : `Add ${list} in Settings.`,
  }
}

/** Whole percentages that add up to 100 (largest remainder). */
function percentages(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (100 * w) / total)
  const result = exact.map(Math.floor)
  let left = 100 - result.reduce((a, b) => a + b, 0)
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    result[index] = (result[index] ?? 0) + 1
    left--
  }
  return result
}

/** The measured score and its breakdown, from groups that could be measured. */
export function computeLocalSeoScore(input: LocalSeoScoreInput): LocalSeoScore {
  const parts: { group: ScoreGroup; score: number; explanation: string }[] = []
  if (input.audit.pagesRead > 0) {
    parts.push({ group: 'website', ...websiteScore(input.audit) })
    parts.push({ group: 'local', ...localScore(input.audit) })
  }
  parts.push({ group: 'links', ...linksScore(input.backlinks) })
  parts.push({ group: 'citations', ...citationsScore(input.citations) })
  parts.push({ group: 'profile', ...profileScore(input.profile) })

  const weights = parts.map((p) => SCORE_GROUP_WEIGHTS[p.group])
  const totalWeight = weights.reduce((a, b) => a + b, 0)
  const weighted = parts.reduce((sum, p, i) => sum + (weights[i] ?? 0) * p.score, 0)
  const shares = percentages(weights)
  return {
    score: clamp(weighted / totalWeight),
    note: input.audit.pagesRead > 0 ? NOT_MEASURED : `${AUDIT_UNREAD} ${NOT_MEASURED}`,
    breakdown: parts.map((p, i) => ({
      group: p.group,
      label: SCORE_GROUP_LABELS[p.group],
      weight: shares[i] ?? 0,
      score: p.score,
      explanation: p.explanation,
    })),
  }
}
