import type { GridScan, ScanPoint } from '@localseo/shared/geo-grid'
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
  onClose,
}: {
  scan: GridScan
  point: ScanPoint
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
        <PackTable point={point} />
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

function PackTable({ point }: { point: ScanPoint }) {
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
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
