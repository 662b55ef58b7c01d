import { placeKey, type FollowedCompetitor } from '@localseo/shared/competitors'
import type { GridScan, MapPlace, ScanPoint } from '@localseo/shared/geo-grid'
import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { SampleBadge } from '@/components/figure-source'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'

const pointName = (point: Pick<ScanPoint, 'row' | 'col'>) =>
  `Row ${point.row + 1}, column ${point.col + 1}`

/** Why a point has no pack: the stored reason, or what its status means. */
function noPackText(point: ScanPoint): string {
  if (point.status === 'pending') return 'This point has not been searched yet.'
  const what = point.status === 'deferred' ? 'It was not searched' : 'The search failed'
  return `${what}: ${point.reason ?? 'no reason was given.'} It is left out of the figures.`
}

/**
 * The whole local pack one point's search returned (issue 34 item 2), as stored, so an owner can
 * check any figure against what was seen there: when, by which provider, and the business's own
 * entry marked. Focus moves here when it opens; Escape or Close hands it back to the point.
 */
export function PointPack({
  scan,
  point,
  followed = [],
  onClose,
}: {
  scan: GridScan
  point: ScanPoint
  /** The competitors the owner follows at the scan's location (issue 34 item 1). */
  followed?: readonly FollowedCompetitor[]
  onClose: () => void
}) {
  const timeZone = useTimeZone()
  const heading = useRef<HTMLHeadingElement>(null)
  const titleId = `point-pack-${point.row}-${point.col}`
  const section = useRef<HTMLElement>(null)
  useEffect(() => heading.current?.focus(), [point])
  // Escape closes it while focus is inside, like a dialog (docs/house-rules.md "Accessible by default").
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && section.current?.contains(event.target as Node)) onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])
  const checked = point.checkedAt
    ? `Searched ${formatDateTime(point.checkedAt, timeZone)} with ${scan.sourceLabel}`
    : `Not searched yet (${scan.sourceLabel})`
  return (
    <section
      aria-labelledby={titleId}
      ref={section}
      className="grid gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 id={titleId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
            {pointName(point)}: {positionText(point)}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {checked}
            {scan.simulated ? <SampleBadge /> : null}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the point">
          <X aria-hidden="true" />
        </Button>
      </div>
      {point.status === 'ok' ? (
        <>
          <FollowedHere point={point} followed={followed} />
          <PackTable point={point} followed={followed} />
        </>
      ) : (
        <p className="text-sm">{noPackText(point)}</p>
      )}
    </section>
  )
}

function positionText(point: ScanPoint): string {
  if (point.status !== 'ok') return point.status === 'failed' ? 'check failed' : 'not scanned'
  return point.position === null ? 'not in the top 20' : `you are #${point.position}`
}

/** Each followed competitor's position among a point's places, by placeKey; undefined when absent. */
function followedPositions(point: ScanPoint, followed: readonly FollowedCompetitor[]) {
  const byKey = new Map(point.places.map((place) => [placeKey(place), place.position]))
  return followed.map((competitor) => ({ competitor, position: byKey.get(competitor.key) }))
}

/**
 * A column per followed competitor beside the owner's: where each stood at this point, '—' where
 * the search did not return it (issue 34 item 1).
 */
function FollowedHere({
  point,
  followed,
}: {
  point: ScanPoint
  followed: readonly FollowedCompetitor[]
}) {
  if (followed.length === 0) return null
  const positions = followedPositions(point, followed)
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">Competitors you follow, at this point</p>
      <Table aria-label={`Followed competitors at ${pointName(point).toLowerCase()}`}>
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sr-only">Business</span>
            </TableHead>
            <TableHead>You</TableHead>
            {positions.map(({ competitor }) => (
              <TableHead key={competitor.id}>{competitor.name}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableRowHeader>Position</TableRowHeader>
            <TableCell className="tabular-nums">{rankText(point.position)}</TableCell>
            {positions.map(({ competitor, position }) => (
              <TableCell key={competitor.id} className="tabular-nums">
                {rankText(position ?? null)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </div>
  )
}

const rankText = (position: number | null) => (position === null ? '—' : `#${position}`)

/** What the provider said of a place: 'Dentist · 4.6 stars · 212 reviews', the parts it gave. */
function placeDetails(place: MapPlace): string {
  return [
    place.category,
    place.rating === null ? null : `${place.rating.toFixed(1)} stars`,
    place.reviewCount === null
      ? null
      : `${place.reviewCount.toLocaleString()} review${place.reviewCount === 1 ? '' : 's'}`,
  ]
    .filter((part) => part !== null)
    .join(' · ')
}

function PackTable({
  point,
  followed,
}: {
  point: ScanPoint
  followed: readonly FollowedCompetitor[]
}) {
  const followedKeys = new Set(followed.map((competitor) => competitor.key))
  if (point.places.length === 0) {
    return <p className="text-sm">The search returned no places here.</p>
  }
  return (
    <Table aria-label={`Local pack at ${pointName(point).toLowerCase()}`}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">#</TableHead>
          <TableHead>Business</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {point.places.map((place) => {
          const own = point.position !== null && place.position === point.position
          const details = placeDetails(place)
          return (
            <TableRow key={place.position} data-own={own || undefined}>
              <TableCell className="tabular-nums">{place.position}</TableCell>
              <TableCell className={own ? 'font-semibold' : undefined}>
                {place.name}
                {own ? (
                  <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">
                    You
                  </span>
                ) : null}
                {!own && followedKeys.has(placeKey(place)) ? (
                  <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
                    Following
                  </span>
                ) : null}
                {details ? (
                  <span className="block text-xs font-normal text-muted-foreground">{details}</span>
                ) : null}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
