import type { FollowedCompetitor } from '@localseo/shared/competitors'
import { formatPoint } from '@localseo/shared/coordinates'
import {
  positionBand,
  type GridScan,
  type MapTiles,
  type ScanPoint,
} from '@localseo/shared/geo-grid'
import { useMemo, useRef, useState } from 'react'
import { LeafletMap, type MapMarker } from '@/components/map/leaflet-map'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { PointPack } from './point-pack'

/** Cell colours: 1-3 green, 4-10 amber, 11-20 orange, not found red; no answer is a dashed grey. */
const BAND_CLASS = {
  top3: 'bg-green-700 text-white',
  top10: 'bg-amber-400 text-black',
  top20: 'bg-orange-500 text-black',
  none: 'bg-red-700 text-white',
} as const
const NO_ANSWER_CLASS = 'border-dashed bg-muted text-muted-foreground'

function cellText(point: ScanPoint): string {
  if (point.status === 'ok') return point.position === null ? '20+' : String(point.position)
  if (point.status === 'pending') return '…'
  return point.status === 'deferred' ? '–' : '!'
}

function cellTitle(point: ScanPoint): string {
  const where = `Row ${point.row + 1}, column ${point.col + 1}`
  if (point.status === 'ok') {
    return point.position === null ? `${where}: not in the top 20` : `${where}: #${point.position}`
  }
  if (point.status === 'pending') return `${where}: not scanned yet`
  const what = point.status === 'deferred' ? 'not scanned' : 'check failed'
  return `${where}: ${what}${point.reason ? ` (${point.reason})` : ''}`
}

const cellClass = (point: ScanPoint) =>
  point.status === 'ok' ? BAND_CLASS[positionBand(point.position)] : NO_ANSWER_CLASS

/** A zoom at which the whole grid fits a map about 320 px tall. */
function zoomFor(scan: GridScan): number {
  const extentKm = Math.max(0.5, (scan.gridSize - 1) * scan.spacingKm) * 1.4
  const kmAround = 40_075 * Math.cos((scan.center.lat * Math.PI) / 180)
  const zoom = Math.floor(Math.log2((300 * kmAround) / (256 * extentKm)))
  return Math.min(16, Math.max(3, zoom))
}

const pointKey = (point: Pick<ScanPoint, 'row' | 'col'>) => `${point.row}-${point.col}`

/**
 * The grid without a map: one coloured square per point, north at the top. Each square is a button
 * that opens the pack seen there; a 9x9 grid keeps squares of about 34 px at 390 px wide.
 */
function PlainGrid({
  scan,
  points,
  openKey,
  onOpen,
}: {
  scan: GridScan
  points: readonly ScanPoint[]
  openKey: string | null
  onOpen: (point: ScanPoint) => void
}) {
  const centre = Math.floor(scan.gridSize / 2)
  return (
    <figure className="grid gap-2">
      <ol
        aria-label={`Positions of '${scan.keyword}' on a ${scan.gridSize}x${scan.gridSize} grid, ${scan.spacingKm} km apart, north at the top`}
        className={cn('mx-auto grid w-full max-w-md', scan.gridSize > 7 ? 'gap-1' : 'gap-1.5')}
        style={{ gridTemplateColumns: `repeat(${scan.gridSize}, minmax(0, 1fr))` }}
      >
        {points.map((point) => (
          <li key={pointKey(point)} className="min-w-0">
            <button
              type="button"
              data-point={pointKey(point)}
              title={cellTitle(point)}
              aria-expanded={openKey === pointKey(point)}
              onClick={() => onOpen(point)}
              className={cn(
                'flex aspect-square w-full items-center justify-center rounded-md border text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-base',
                cellClass(point),
                point.row === centre && point.col === centre && 'ring-2 ring-primary ring-offset-2',
              )}
            >
              <span aria-hidden="true">{cellText(point)}</span>
              <span className="sr-only">{cellTitle(point)}. Show the local pack seen there</span>
            </button>
          </li>
        ))}
      </ol>
      <figcaption className="text-center text-xs text-muted-foreground">
        North at the top; the ringed square is {scan.locationLabel} ({formatPoint(scan.center)}).
        Tap a square to see every business found there.
      </figcaption>
    </figure>
  )
}

/** Beside the map (whose circles are not focusable), a list to open any point's pack. */
function PointChooser({
  points,
  openKey,
  onOpen,
}: {
  points: readonly ScanPoint[]
  openKey: string | null
  onOpen: (point: ScanPoint | null) => void
}) {
  return (
    <FormField label="See the local pack at a point">
      <Select
        value={openKey ?? ''}
        onChange={(event) =>
          onOpen(points.find((point) => pointKey(point) === event.target.value) ?? null)
        }
      >
        <option value="">Choose a point</option>
        {points.map((point) => (
          <option key={pointKey(point)} value={pointKey(point)}>
            {cellTitle(point)}
          </option>
        ))}
      </Select>
    </FormField>
  )
}

/**
 * The heat map: numbered circles on the map when tiles are configured, else the plain grid. Any
 * point opens the pack seen there (issue 34 item 2); closing it gives focus back to the point.
 */
export function HeatMap({
  scan,
  points,
  tiles,
  followed,
}: {
  scan: GridScan
  points: readonly ScanPoint[]
  tiles: MapTiles | null
  /** The followed competitors, a column each in the point's pack (issue 34 item 1). */
  followed?: readonly FollowedCompetitor[]
}) {
  const [openKey, setOpenKey] = useState<string | null>(null)
  const container = useRef<HTMLDivElement>(null)
  const open = points.find((point) => pointKey(point) === openKey) ?? null
  const close = () => {
    const key = openKey
    setOpenKey(null)
    if (key) container.current?.querySelector<HTMLElement>(`[data-point="${key}"]`)?.focus()
  }
  const markers = useMemo<MapMarker[]>(
    () =>
      points.map((point) => ({
        lat: point.lat,
        lng: point.lng,
        text: cellText(point),
        title: cellTitle(point),
        className: cellClass(point),
      })),
    [points],
  )
  const zoom = zoomFor(scan)
  return (
    <div className="grid gap-3" ref={container}>
      {tiles ? (
        <>
          <LeafletMap
            tiles={tiles}
            center={scan.center}
            zoom={zoom}
            markers={markers}
            label={`Map of the positions of '${scan.keyword}' around ${scan.locationLabel}`}
            className="h-96"
          />
          <PointChooser
            points={points}
            openKey={openKey}
            onOpen={(point) => setOpenKey(point && pointKey(point))}
          />
        </>
      ) : (
        <PlainGrid
          scan={scan}
          points={points}
          openKey={openKey}
          onOpen={(point) => setOpenKey(pointKey(point) === openKey ? null : pointKey(point))}
        />
      )}
      <Legend />
      {open ? <PointPack scan={scan} point={open} followed={followed} onClose={close} /> : null}
    </div>
  )
}

const LEGEND = [
  ['#1-3', BAND_CLASS.top3],
  ['#4-10', BAND_CLASS.top10],
  ['#11-20', BAND_CLASS.top20],
  ['Not in the top 20 (20+)', BAND_CLASS.none],
  ['Not scanned or failed', NO_ANSWER_CLASS],
] as const

function Legend() {
  return (
    <ul aria-label="Colours" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
      {LEGEND.map(([label, className]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3 rounded-sm border', className)} />
          {label}
        </li>
      ))}
    </ul>
  )
}
