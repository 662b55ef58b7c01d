import type { RankingEntry } from '@localseo/shared/rank-tracker'
import { TriangleAlert } from 'lucide-react'

/** "#n"; a failed latest check is shown as a failed check, never as a position (issue 7). */
export function CurrentPosition({ entry }: { entry: RankingEntry }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {entry.currentPosition !== null ? (
        <span className="font-semibold tabular-nums">#{entry.currentPosition}</span>
      ) : null}
      {entry.latestCheckFailed ? <FailedCheckBadge lastKnown={entry.currentPosition} /> : null}
    </span>
  )
}

function FailedCheckBadge({ lastKnown }: { lastKnown: number | null }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-md border border-warning/50 bg-warning/10 px-1.5 py-0.5 text-xs font-medium text-foreground"
      title={
        lastKnown === null
          ? 'The latest rank check failed.'
          : `The latest rank check failed; #${lastKnown} is the last known position.`
      }
    >
      <TriangleAlert aria-hidden="true" className="size-3" />
      Check failed
    </span>
  )
}
