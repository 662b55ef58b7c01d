// How the Competitors screen writes its figures: '—' where there is no figure (never 0), positions
// as '#n.n', shares as whole percents.
import type { CompetitorsResponse } from '@localseo/shared/competitors'

export const NO_FIGURE = '—'

export const formatRank = (rank: number | null) =>
  rank === null ? NO_FIGURE : `#${rank.toFixed(1)}`

export const formatShare = (share: number | null) =>
  share === null ? NO_FIGURE : `${Math.round(share * 100)}%`

/** Reviews gained a month, one decimal; a negative figure (removed reviews) keeps its sign. */
export const formatPerMonth = (perMonth: number | null) =>
  perMonth === null ? NO_FIGURE : perMonth.toFixed(1)

const count = (n: number) => n.toLocaleString()

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`

/** 'From 1,234 map searches: 980 geo-grid points and 254 daily checks, last 90 days'. */
export function searchesNote({ searches, days }: Pick<CompetitorsResponse, 'searches' | 'days'>) {
  const total = searches.gridPoints + searches.dailyChecks
  return (
    `From ${plural(total, 'map search', 'map searches')}: ` +
    `${plural(searches.gridPoints, 'geo-grid point', 'geo-grid points')} and ` +
    `${plural(searches.dailyChecks, 'daily check', 'daily checks')}, last ${days} days`
  )
}

/**
 * A competitor's website as a link: the provider gives a full address or a bare domain; anything
 * but http(s) is not linked.
 */
export function websiteLink(website: string | null): { href: string; label: string } | null {
  if (!website) return null
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(website) ? website : `https://${website}`)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return { href: url.href, label: url.hostname.replace(/^www\./, '') }
  } catch {
    return null
  }
}
