import { BarChart3 } from 'lucide-react'
import { useAnalyticsData } from '../api/get-analytics-data'
import { formatNumber } from '@/lib/format'
import { formatDuration } from '../utils/format'
import { GoogleDataCard } from './google-data-card'
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
  const query = useAnalyticsData(businessId, locationId, true)
  return (
    <GoogleDataCard
      id="website-analytics-title"
      title="Website Analytics"
      icon={BarChart3}
      query={query}
      loadingLabel="Loading analytics…"
      errorMessage="Could not load the analytics data. Please try again later."
    >
      {(data) => (
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
    </GoogleDataCard>
  )
}
