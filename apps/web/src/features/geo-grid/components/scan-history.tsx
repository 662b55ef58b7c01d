import type { GridScan } from '@localseo/shared/geo-grid'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { useTimeZone } from '@/lib/time-zone'
import { scanDate } from './scan-result'

const averageText = (scan: GridScan) =>
  scan.status === 'done' && scan.summary.averageRank !== null
    ? `#${scan.summary.averageRank.toFixed(1)}`
    : '—'

const top3Text = (scan: GridScan) =>
  scan.status === 'done' && scan.summary.top3Share !== null
    ? `${Math.round(scan.summary.top3Share * 100)}%`
    : '—'

const statusText = (scan: GridScan) => {
  if (scan.status === 'done') return scan.simulated ? 'Done (simulated)' : 'Done'
  if (scan.status === 'failed') return 'Failed'
  return `Scanning… ${scan.pointsDone} of ${scan.pointsTotal}`
}

/** The stored scans, newest first, ten at a time. */
export function ScanHistory({
  scans,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onMore,
}: {
  scans: readonly GridScan[]
  selectedId: string | null
  onSelect: (scanId: string) => void
  hasMore: boolean
  loadingMore: boolean
  onMore: () => void
}) {
  const timeZone = useTimeZone()
  return (
    <Card role="region" aria-labelledby="scan-history-title">
      <CardHeader>
        <CardTitle id="scan-history-title">Past scans</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Table stack aria-labelledby="scan-history-title">
          <TableHeader>
            <TableRow>
              <TableHead>Keyword</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Grid</TableHead>
              <TableHead>Average rank</TableHead>
              <TableHead>Top 3</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {scans.map((scan) => (
              <TableRow key={scan.id} aria-current={scan.id === selectedId ? 'true' : undefined}>
                <TableRowHeader>{scan.keyword}</TableRowHeader>
                <TableCell label="Date">{scanDate(scan, timeZone)}</TableCell>
                <TableCell label="Location">{scan.locationLabel}</TableCell>
                <TableCell label="Grid">
                  {scan.gridSize}x{scan.gridSize}, {scan.spacingKm} km
                </TableCell>
                <TableCell label="Average rank">{averageText(scan)}</TableCell>
                <TableCell label="Top 3">{top3Text(scan)}</TableCell>
                <TableCell label="Status">{statusText(scan)}</TableCell>
                <TableCell>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={scan.id === selectedId}
                    onClick={() => onSelect(scan.id)}
                  >
                    {scan.id === selectedId ? 'Shown' : 'View'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {hasMore ? (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={loadingMore}
            onClick={onMore}
          >
            {loadingMore ? 'Loading...' : 'Older scans'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  )
}
