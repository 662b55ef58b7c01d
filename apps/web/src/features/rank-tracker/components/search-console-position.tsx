import {
  SEARCH_CONSOLE_POSITION_LABEL,
  type SearchConsolePositions,
} from '@localseo/shared/rank-tracker'
import { formatShortDay } from '@/lib/dates'
import { relativeTime } from '@/lib/format'

/** Google's average position with one decimal: 4.2. */
export const formatAveragePosition = (position: number) => position.toFixed(1)

/**
 * The keyword's latest Search Console average position with its source and import time (issue 18
 * item 2): 'Search Console (average position): 4.2, imported 2 hours ago'. Shown apart from the rank
 * checks and never part of their position or change: Google averages every search that showed the
 * website that day, a rank check is one search from one place.
 */
export function SearchConsolePosition({ positions }: { positions: SearchConsolePositions }) {
  const latest = positions.points.at(-1)
  if (!latest) return null
  const day = formatShortDay(latest.day)
  return (
    <span
      className="mt-1 block text-xs font-normal text-muted-foreground"
      title={`Google's average position on ${day} over ${latest.impressions} impressions; not a rank check.`}
      data-source="search-console"
    >
      {SEARCH_CONSOLE_POSITION_LABEL}: {formatAveragePosition(latest.position)}, imported{' '}
      {relativeTime(positions.importedAt)}
    </span>
  )
}
