// The 'Search queries' tab while Google is simulated and Search Console is turned on (issue 32
// item 3): the simulated searches, labelled 'Simulated' with their period, worked out from the
// planner's estimates, so the tab agrees with Settings and the dashboard.
import { ErrorAlert } from '@/components/error-alert'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { useSimulatedSearchConsole } from '../api/get-simulated-search-console'

export function SimulatedQueries({
  businessId,
  locationId,
}: {
  businessId: string
  locationId: string
}) {
  const query = useSimulatedSearchConsole(businessId, locationId)
  if (query.isPending) return <Spinner label="Loading the simulated searches…" />
  if (query.isError) {
    return <ErrorAlert>Could not load the simulated searches. Please try again later.</ErrorAlert>
  }
  const { data, period } = query.data
  return (
    <div className="grid grid-cols-1 gap-3">
      <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
        <Badge
          variant="outline"
          className="border-warning/40 bg-warning/10 text-foreground"
          title="No Google sign-in happened."
        >
          Simulated
        </Badge>
        <span>
          Simulated searches for the last {period.days} days, worked out from your keyword estimates
          and simulated positions. No Google sign-in happened, so these are not real searches.
        </span>
      </p>
      {data.keywords.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No simulated searches showed your website in the last {period.days} days.
        </p>
      ) : (
        <Table aria-label="Simulated search queries" stack>
          <TableHeader>
            <TableRow>
              <TableHead>Query</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead className="text-right">Impressions</TableHead>
              <TableHead className="text-right">Average position</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.keywords.map((row) => (
              <TableRow key={row.query}>
                <TableRowHeader className="font-normal break-words">{row.query}</TableRowHeader>
                <TableCell label="Clicks" className="text-right tabular-nums">
                  {formatNumber(row.clicks)}
                </TableCell>
                <TableCell label="Impressions" className="text-right tabular-nums">
                  {formatNumber(row.impressions)}
                </TableCell>
                <TableCell label="Average position" className="text-right tabular-nums">
                  {row.position.toFixed(1)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
