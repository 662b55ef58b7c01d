import { NOT_IN_TOP_100, type RankingEntry } from '@localseo/shared/rank-tracker'
import { RefreshCw, TriangleAlert } from 'lucide-react'
import { FigureSourceBadge } from '@/components/figure-source'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

/**
 * "#n", or 'Not in top 100' when a real provider did not find the website in the first 100
 * results; a failed latest check is shown as a failed check, never as a position (issue 7). A
 * measured position names its source ('SerpApi, checked Nov 25, 4:12 AM' on the business's clock) and the map pack of
 * the same day ('Map pack #3') when it was asked (issue 17), and 'Checked twice' when the day's drop
 * was checked again (ADR 039). A failed check offers Retry, which asks today's checks again (issue 32
 * item 9).
 */
export function CurrentPosition({
  entry,
  onRetry,
  retrying = false,
}: {
  entry: RankingEntry
  onRetry?: (() => void) | undefined
  retrying?: boolean
}) {
  const latest = entry.latestCheck
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      {entry.currentPosition !== null ? (
        <span className="font-semibold tabular-nums">#{entry.currentPosition}</span>
      ) : entry.notInTop100 ? (
        <span className="font-medium">{NOT_IN_TOP_100}</span>
      ) : latest === null && !entry.latestCheckFailed ? (
        // Its first check comes from a job on the server (issue 30 item 8).
        <span className="text-muted-foreground">Not checked yet</span>
      ) : null}
      {latest?.map ? <MapPackPosition map={latest.map} /> : null}
      {latest?.recheck ? <RecheckNote note={latest.recheck} /> : null}
      {entry.latestCheckFailed ? <FailedCheckBadge lastKnown={entry.currentPosition} /> : null}
      {entry.latestCheckFailed && onRetry ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          disabled={retrying}
          onClick={onRetry}
          aria-label={`Retry the check of ${entry.keyword}`}
        >
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : ''} />
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      ) : null}
      {latest && !latest.simulated && !entry.latestCheckFailed ? (
        <FigureSourceBadge
          source={{
            kind: 'measured',
            at: latest.checkedAt,
            ...(latest.provider ? { provider: latest.provider } : {}),
          }}
        />
      ) : null}
    </span>
  )
}

function MapPackPosition({ map }: { map: NonNullable<RankingEntry['latestCheck']>['map'] }) {
  if (!map) return null
  const text =
    map.status === 'failed'
      ? 'Map pack: check failed'
      : map.position === null
        ? 'Map pack: not in top 20'
        : `Map pack #${map.position}`
  return (
    <span
      className="rounded-md border px-1.5 py-0.5 text-xs tabular-nums text-muted-foreground"
      title={map.status === 'failed' ? map.reason : 'Position among the places a map search shows'}
      data-testid="map-pack-position"
    >
      {text}
    </span>
  )
}

/**
 * The day's drop was checked a second time (docs/decisions/039-confirmed-drops.md): the note names
 * both checks, so a position a recheck replaced still shows what the first search said.
 */
function RecheckNote({ note }: { note: string }) {
  return (
    <Badge variant="outline" title={note} className="font-normal text-muted-foreground">
      Checked twice
      <span className="sr-only">: {note}</span>
    </Badge>
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
