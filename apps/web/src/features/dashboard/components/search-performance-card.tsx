import { Search } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useSearchConsoleData } from '../api/get-search-console-data'
import { formatNumber } from '../utils/format'
import { CardError, CardLoading, SampleDataBadge } from './card-state'
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
  const { data, isPending, isError } = useSearchConsoleData(businessId, locationId, true)
  return (
    <Card className="h-full" role="region" aria-labelledby="search-performance-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="search-performance-title" className="flex items-center gap-2">
          <Search aria-hidden="true" className="size-5 text-primary" />
          Search Performance
        </CardTitle>
        <SampleDataBadge />
      </CardHeader>
      <CardContent>
        {isPending ? (
          <CardLoading label="Loading search performance…" />
        ) : isError ? (
          <CardError>Could not load the search performance data. Please try again later.</CardError>
        ) : (
          <div className="grid grid-cols-1 gap-5">
            <div className="-mx-2 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="px-2 pb-2 text-left text-sm font-medium">Top queries</caption>
                <thead>
                  <tr className="text-xs text-muted-foreground">
                    <th scope="col" className="px-2 py-1 text-left font-normal">
                      Query
                    </th>
                    <th scope="col" className="px-2 py-1 text-right font-normal">
                      Clicks
                    </th>
                    <th scope="col" className="px-2 py-1 text-right font-normal">
                      Impressions
                    </th>
                    <th scope="col" className="px-2 py-1 text-right font-normal">
                      Position
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.keywords.slice(0, 5).map((row) => (
                    <tr key={row.query} className="border-t">
                      <td className="px-2 py-2 break-words">{row.query}</td>
                      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatNumber(row.clicks)}
                      </td>
                      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatNumber(row.impressions)}
                      </td>
                      <td className="px-2 py-2 text-right">
                        <PositionBadge position={Math.round(row.position)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
      </CardContent>
    </Card>
  )
}
