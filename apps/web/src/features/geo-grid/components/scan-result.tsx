import type { FollowedCompetitor } from '@localseo/shared/competitors'
import type { GridScan, MapTiles } from '@localseo/shared/geo-grid'
import { LoaderCircle } from 'lucide-react'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { useFollowedCompetitors } from '../api/followed-competitors'
import { useScan } from '../api/geo-grid'
import { HeatMap } from './heat-map'
import { ScanSummary } from './scan-summary'

/** When the scan ran, on the business's clock (issue 32 item 5). */
export const scanDate = (scan: GridScan, timeZone: string) =>
  formatDateTime(scan.createdAt, timeZone)

const scanSettings = (scan: GridScan) =>
  `${scan.gridSize}x${scan.gridSize} grid, ${scan.spacingKm} km apart`

/** A running scan: 'Scanning… 12 of 25'. */
function ScanProgress({ scan }: { scan: GridScan }) {
  const percent = Math.round((scan.pointsDone / Math.max(1, scan.pointsTotal)) * 100)
  return (
    <div className="grid gap-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        Scanning… {scan.pointsDone} of {scan.pointsTotal}
      </p>
      <div
        role="progressbar"
        aria-label="Points scanned"
        aria-valuemin={0}
        aria-valuemax={scan.pointsTotal}
        aria-valuenow={scan.pointsDone}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">You can leave this screen while it runs.</p>
    </div>
  )
}

/** One scan: its progress while it runs, then its heat map and figures (or why it failed). */
function ScanPanel({
  businessId,
  scanId,
  tiles,
  followed,
  compact = false,
}: {
  businessId: string
  scanId: string
  tiles: MapTiles | null
  followed: readonly FollowedCompetitor[]
  compact?: boolean
}) {
  const timeZone = useTimeZone()
  const detail = useScan(businessId, scanId)
  if (detail.isPending) return <Spinner label="Loading the scan…" />
  if (detail.isError)
    return <ErrorAlert>Could not load this scan. Please try again later.</ErrorAlert>
  const { scan, points } = detail.data
  const running = scan.status === 'queued' || scan.status === 'running'
  return (
    <div className="grid min-w-0 gap-4">
      {compact ? (
        <p className="text-sm font-medium">
          {scanDate(scan, timeZone)} · {scanSettings(scan)}
        </p>
      ) : null}
      {running ? <ScanProgress scan={scan} /> : null}
      {scan.status === 'failed' ? (
        <ErrorAlert>{scan.error ?? 'The scan failed.'}</ErrorAlert>
      ) : null}
      <div className={compact ? 'grid gap-4' : 'grid gap-6 lg:grid-cols-5'}>
        <div className={compact ? '' : 'lg:col-span-3'}>
          <HeatMap scan={scan} points={points} tiles={tiles} followed={followed} />
        </div>
        {running ? null : (
          <div className={compact ? '' : 'lg:col-span-2'}>
            <ScanSummary scan={scan} />
          </div>
        )}
      </div>
    </div>
  )
}

/** The chosen scan, and beside it another scan of the same search when the owner compares. */
export function ScanResult({
  businessId,
  scan,
  others,
  compareId,
  onCompare,
  tiles,
}: {
  businessId: string
  scan: GridScan
  /** Finished scans of the same keyword and location, to compare with. */
  others: readonly GridScan[]
  compareId: string | null
  onCompare: (scanId: string | null) => void
  tiles: MapTiles | null
}) {
  const timeZone = useTimeZone()
  // Without the list (not loaded, or failed) a point shows its pack without the followed column.
  const followed = useFollowedCompetitors(businessId, scan.locationId).data?.followed ?? []
  const comparing = compareId !== null && others.some((other) => other.id === compareId)
  return (
    <Card role="region" aria-labelledby="scan-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <CardTitle id="scan-title">
            “{scan.keyword}” around {scan.locationLabel}
          </CardTitle>
          <CardDescription>
            {scanDate(scan, timeZone)} · {scanSettings(scan)}
            {scan.scheduled ? ' · weekly scan' : ''}
          </CardDescription>
        </div>
        {others.length > 0 ? (
          <FormField label="Compare with" className="sm:w-64">
            <Select
              value={comparing ? compareId : ''}
              onChange={(event) => onCompare(event.target.value || null)}
            >
              <option value="">No comparison</option>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {scanDate(other, timeZone)} ({other.gridSize}x{other.gridSize})
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
      </CardHeader>
      <CardContent>
        {comparing ? (
          <div className="grid gap-6 md:grid-cols-2">
            <ScanPanel
              businessId={businessId}
              scanId={scan.id}
              tiles={tiles}
              followed={followed}
              compact
            />
            <ScanPanel
              businessId={businessId}
              scanId={compareId}
              tiles={tiles}
              followed={followed}
              compact
            />
          </div>
        ) : (
          <ScanPanel businessId={businessId} scanId={scan.id} tiles={tiles} followed={followed} />
        )}
      </CardContent>
    </Card>
  )
}
