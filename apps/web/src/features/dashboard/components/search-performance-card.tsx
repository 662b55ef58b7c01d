import { Search } from 'lucide-react'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useSearchConsoleData } from '../api/get-search-console-data'
import { formatNumber } from '@/lib/format'
import { GoogleDataCard } from './google-data-card'
import { PercentBars } from './percent-bars'
import { PositionBadge } from './top-keywords-card'

/** docs/product.md §2: shown only while Search Console is connected; top queries and devices. */
export function SearchPerformanceCard({
  businessId,
  locationId,
}: {
  businessId: string
  locationId: string
}) {
  const query = useSearchConsoleData(businessId, locationId, true)
  return (
    <GoogleDataCard
      id="search-performance-title"
      title="Search Performance"
      icon={Search}
      query={query}
      loadingLabel="Loading search performance…"
      errorMessage="Could not load the search performance data. Please try again later."
    >
      {(data) => (
        <div className="grid grid-cols-1 gap-5">
          <Table>
            <caption className="pb-2 text-left text-sm font-medium">Top queries</caption>
            <TableHeader className="border-0 text-xs">
              <TableRow>
                <TableHead className="py-1 font-normal">Query</TableHead>
                <TableHead className="py-1 text-right font-normal">Clicks</TableHead>
                <TableHead className="py-1 text-right font-normal">Impressions</TableHead>
                <TableHead className="py-1 text-right font-normal">Position</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.keywords.slice(0, 5).map((row) => (
                <TableRow key={row.query} className="border-t border-b-0">
                  <TableCell className="py-2 break-words">{row.query}</TableCell>
                  <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                    {formatNumber(row.clicks)}
                  </TableCell>
                  <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                    {formatNumber(row.impressions)}
                  </TableCell>
                  <TableCell className="py-2 text-right">
                    <PositionBadge position={Math.round(row.position)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <PercentBars
            label="Devices"
            items={[
              { name: 'Mobile', value: data.devices.mobile },
              { name: 'Desktop', value: data.devices.desktop },
              { name: 'Tablet', value: data.devices.tablet },
            ]}
          />
        </div>
      )}
    </GoogleDataCard>
  )
}
