import { BarChart3 } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useAnalyticsData } from '../api/get-analytics-data'
import { formatDuration, formatNumber } from '../utils/format'
import { CardError, CardLoading, SampleDataBadge } from './card-state'
import { PercentBars } from './percent-bars'

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  )
}

/** docs/product.md §2: shown only while Analytics is connected; visitors, traffic and the top 3 pages. */
export function AnalyticsCard({
  businessId,
  locationId,
}: {
  businessId: string
  locationId: string
}) {
  const { data, isPending, isError } = useAnalyticsData(businessId, locationId, true)
  return (
    <Card className="h-full" role="region" aria-labelledby="website-analytics-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="website-analytics-title" className="flex items-center gap-2">
          <BarChart3 aria-hidden="true" className="size-5 text-primary" />
          Website Analytics
        </CardTitle>
        <SampleDataBadge />
      </CardHeader>
      <CardContent>
        {isPending ? (
          <CardLoading label="Loading analytics…" />
        ) : isError ? (
          <CardError>Could not load the analytics data. Please try again later.</CardError>
        ) : (
          <div className="grid grid-cols-1 gap-5">
            <dl className="grid grid-cols-3 gap-2">
              <Stat label="Visitors" value={data.visitors.total} />
              <Stat label="New" value={data.visitors.newUsers} />
              <Stat label="Returning" value={data.visitors.returningUsers} />
            </dl>
            <PercentBars
              label="Traffic sources"
              items={[
                { name: 'Organic', value: data.traffic.organic },
                { name: 'Direct', value: data.traffic.direct },
                { name: 'Referral', value: data.traffic.referral },
                { name: 'Social', value: data.traffic.social },
              ]}
            />
            <div className="grid grid-cols-1 gap-2">
              <h3 className="text-sm font-medium">Top pages</h3>
              <ol aria-label="Top pages" className="grid grid-cols-1 gap-2">
                {data.pages.slice(0, 3).map((page) => (
                  <li key={page.url} className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate font-mono text-xs">{page.url}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                      {formatNumber(page.pageviews)} views · {formatDuration(page.avgTimeOnPage)}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
