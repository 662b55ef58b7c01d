// A backlink's quality from measured signals only (issue 32 item 4, docs/decisions/032-backlink-data-source.md):
// what the last check of the linking page found (the link there, followed or not, over https), whether
// the linking site is one of the listing and citation sites the business is tracked on, and the
// backlink data provider's domain rank and spam score when one is configured. A link no check has
// found reads 'Not rated' with the reason; a broken link is Low.

export type RatedQuality = 'high' | 'medium' | 'low' | 'unrated'

/** What a rating was made of, in plain words, and when the facts were measured. */
export interface BacklinkQualityBasis {
  /** The check (or the owner's mark) the rating comes from; null when nothing was measured. */
  ratedAt: string | null
  reasons: string[]
}

export const QUALITY_LABELS: Record<RatedQuality, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  unrated: 'Not rated',
}

/** A domain rank at or above this (provider's 0-100 scale) counts for the link. */
export const STRONG_DOMAIN_RANK = 40
/** A spam score at or above this (0-100) makes the link Low. */
export const SPAM_SCORE_LOW = 30

export interface QualityFacts {
  /** 'active' | 'broken' | 'unverifiable' | 'unreachable' (or older free text). */
  status: string
  /** The last check's outcome, or null when the page was never checked. */
  outcome: string | null
  /** When the page was last checked (ISO), or null. */
  checkedAt: string | null
  /** The verification's note, shown as the reason when the link could not be rated. */
  note: string | null
  linkType: 'dofollow' | 'nofollow'
  /** The page's URL after redirects, else the stored URL. */
  pageUrl: string
  /** The name of the listing or citation site the domain belongs to, or null. */
  citationSite: string | null
  metrics: { domainRank: number | null; spamScore: number | null; source: string } | null
  /** The owner marked the link broken (not a check). */
  markedBroken?: boolean
}

/**
 * High: a found link with three of the four signals (followed, https, a citation site, a strong
 * domain rank); Medium with two; Low with fewer, or a spam score of 30 or more, or broken.
 */
export function rateBacklink(facts: QualityFacts): {
  quality: RatedQuality
  basis: BacklinkQualityBasis
} {
  if (facts.status === 'broken') {
    const reason = facts.markedBroken
      ? 'You marked it broken, so it passes no value.'
      : `Broken at the last check${facts.note ? `: ${facts.note}` : '.'}`
    return { quality: 'low', basis: { ratedAt: facts.checkedAt, reasons: [reason] } }
  }
  if (facts.outcome !== 'link-found' || facts.status !== 'active') {
    const reason =
      facts.outcome === null
        ? 'Not rated: not checked yet. Verify it to rate it.'
        : facts.status === 'unreachable'
          ? 'Not rated: the page did not answer at the last check; it counts against the Quality Score until it does.'
          : `Not rated: ${facts.note ?? 'the link could not be checked.'}`
    return { quality: 'unrated', basis: { ratedAt: null, reasons: [reason] } }
  }
  const reasons: string[] = []
  let points = 0
  if (facts.linkType === 'dofollow') {
    points += 1
    reasons.push('Followed by search engines.')
  } else reasons.push('Nofollow: passes little ranking value.')
  if (/^https:/i.test(facts.pageUrl)) {
    points += 1
    reasons.push('The page uses https.')
  } else reasons.push('The page does not use https.')
  if (facts.citationSite) {
    points += 1
    reasons.push(`${facts.citationSite} is a listing site your business is tracked on.`)
  }
  const m = facts.metrics
  let spammy = false
  if (m?.domainRank != null) {
    if (m.domainRank >= STRONG_DOMAIN_RANK) points += 1
    reasons.push(`Domain rank ${m.domainRank}/100 (${m.source}).`)
  }
  if (m?.spamScore != null) {
    spammy = m.spamScore >= SPAM_SCORE_LOW
    reasons.push(`Spam score ${m.spamScore}% (${m.source}).`)
  }
  const quality = spammy ? 'low' : points >= 3 ? 'high' : points === 2 ? 'medium' : 'low'
  // The check's time shows beside the status, in the owner's terms; the reason needs no date.
  reasons.unshift('Link found at the last check.')
  return { quality, basis: { ratedAt: facts.checkedAt, reasons } }
}

/** Points per link for the Quality Score: High 100, Medium 50, Low (and broken) 0. */
export const QUALITY_POINTS = { high: 100, medium: 50, low: 0 } as const
