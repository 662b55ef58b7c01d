// How the 'Search queries' tab writes Google's figures and their change since the 28 days before.
import type { SearchMetrics } from '@localseo/shared/search-console'
import { formatNumber } from '@/lib/format'

/** Whether a change is good for the owner ('up': more clicks, or a place nearer the top). */
type ChangeDirection = 'up' | 'down' | 'same'

export interface FigureChange {
  text: string
  direction: ChangeDirection
}

const MINUS = '\u2212'

function signed(value: number, format: (abs: number) => string): FigureChange {
  if (value === 0) return { text: 'No change', direction: 'same' }
  return value > 0
    ? { text: `+${format(value)}`, direction: 'up' }
    : { text: `${MINUS}${format(-value)}`, direction: 'down' }
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10

/** 0.0425 reads '4.3%'; null (no impressions) reads '—'. */
export const formatCtr = (ctr: number | null) => (ctr === null ? '—' : `${(ctr * 100).toFixed(1)}%`)

export const formatPosition = (position: number | null) =>
  position === null ? '—' : position.toFixed(1)

const countChange = (now: number, before: number) => signed(now - before, formatNumber)

/** In percentage points: 3.1% then 4.3% reads '+1.2%'. */
function ctrChange(now: number | null, before: number | null): FigureChange | null {
  if (now === null || before === null) return null
  return signed(oneDecimal((now - before) * 100), (abs) => `${abs.toFixed(1)}%`)
}

/** A smaller position is better: from 6.5 to 4.2 reads '+2.3', an improvement. */
function positionChange(now: number | null, before: number | null): FigureChange | null {
  if (now === null || before === null) return null
  return signed(oneDecimal(before - now), (abs) => abs.toFixed(1))
}

export interface RowChanges {
  clicks: FigureChange
  impressions: FigureChange
  ctr: FigureChange | null
  position: FigureChange | null
}

export function rowChanges(now: SearchMetrics, before: SearchMetrics): RowChanges {
  return {
    clicks: countChange(now.clicks, before.clicks),
    impressions: countChange(now.impressions, before.impressions),
    ctr: ctrChange(now.ctr, before.ctr),
    position: positionChange(now.position, before.position),
  }
}

/** '2026-09-30' reads 'Sep 30, 2026' (a calendar day, in the browser's customs, never shifted). */
export { formatDay } from '@/lib/dates'

/** A domain property 'sc-domain:example.com' reads 'example.com'; a URL prefix reads as itself. */
export const siteLabel = (siteUrl: string) => siteUrl.replace(/^sc-domain:/, '')
