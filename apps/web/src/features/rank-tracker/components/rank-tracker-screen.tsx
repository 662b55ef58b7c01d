import { hasBusinessName, type Business } from '@localseo/shared/business'
import { buildRankingsCsv, hasRankingData, RANKINGS_CSV_FILENAME } from '@localseo/shared/rank-csv'
import {
  DEFAULT_RANK_RANGE,
  needsImprovement,
  summarizeRankings,
  toRankingEntry,
  topPerformers,
  type RankRange,
} from '@localseo/shared/rank-tracker'
import { Download, LoaderCircle, MapPin, RefreshCw } from 'lucide-react'
import { useMemo, useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { downloadCsv } from '@/lib/download-file'
import { useRankHistory } from '../api/get-rank-history'
import { useTrackedKeywords } from '../api/get-tracked-keywords'
import { useRefreshRankings } from '../api/refresh-rankings'
import { MoversCard } from './movers-card'
import { RangeButtons } from './range-buttons'
import { RankTips } from './rank-tips'
import { RankingTrendsChart } from './ranking-trends-chart'
import { RankingsTable } from './rankings-table'
import { SummaryCards } from './summary-cards'
import { TrackedKeywordsCard } from './tracked-keywords-card'

/** Rank Tracker (docs/product.md §2). Every feature screen needs a business name (docs/product.md §1). */
export function RankTrackerScreen({ business }: { business: Business }) {
  if (!hasBusinessName(business)) {
    return (
      <section>
        <PageHeader title="Rank Tracker" />
        <BusinessRequired />
      </section>
    )
  }
  return <RankTracker business={business} />
}

function RankTracker({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const [range, setRange] = useState<RankRange>(DEFAULT_RANK_RANGE)
  const keywords = useTrackedKeywords(business.id, location.id)
  const history = useRankHistory(business.id, location.id, range, keywords.isSuccess)
  const refresh = useRefreshRankings(business.id, location.id)
  const [refreshed, setRefreshed] = useState<string | null>(null)

  const data = history.data
  const entries = useMemo(
    () => (data ? data.keywords.map((k) => toRankingEntry(k, data.days)) : []),
    [data],
  )
  // docs/product.md §4: a loading state while the business, location, range or keyword list changes.
  const loading = keywords.isPending || history.isPending || history.isFetching
  const failed = keywords.isError || history.isError

  return (
    <section className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Rank Tracker"
        description={business.name}
        actions={
          business.locations.length > 0 ? (
            <LocationPicker
              business={business}
              value={location.id}
              onChange={(id) => {
                setRefreshed(null)
                setLocation(id)
              }}
            />
          ) : undefined
        }
      />
      <Alert variant="info" role="status" className="-mt-2">
        <MapPin aria-hidden="true" />
        <AlertDescription>Tracking rankings for: {location.label}</AlertDescription>
      </Alert>
      <p className="-mt-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 font-medium text-foreground">
          Sample data
        </span>
        Positions are simulated estimates until a search-results provider is connected.
      </p>

      <div className="flex flex-wrap items-center gap-2">
        <RangeButtons value={range} onChange={setRange} />
        <div className="flex gap-2 sm:ml-auto">
          <Button
            variant="outline"
            size="sm"
            disabled={refresh.isPending || loading || entries.length === 0}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: (result) =>
                  setRefreshed(
                    `Re-checked ${result.checked} keyword${result.checked === 1 ? '' : 's'} for today` +
                      (result.failed > 0
                        ? `; ${result.failed} check${result.failed === 1 ? '' : 's'} failed.`
                        : '.'),
                  ),
                onError: (error) => setRefreshed(error.message),
              })
            }
          >
            <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : ''} />
            {refresh.isPending ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={loading || !hasRankingData(data)}
            onClick={() => data && downloadCsv(RANKINGS_CSV_FILENAME, buildRankingsCsv(data))}
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </div>
      {refreshed ? (
        <p role="status" className="-mt-3 text-sm">
          {refreshed}
        </p>
      ) : null}

      <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-1">
          <TrackedKeywordsCard
            businessId={business.id}
            locationId={location.id}
            keywords={keywords.data}
            loading={keywords.isPending}
          />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 xl:col-span-2">
          {failed ? (
            <Card>
              <CardContent>
                <p role="alert" className="text-sm text-destructive">
                  Could not load your rankings. Please try again later.
                </p>
              </CardContent>
            </Card>
          ) : loading || !data ? (
            <Card>
              <CardContent>
                <p
                  role="status"
                  className="flex items-center gap-2 py-8 text-sm text-muted-foreground"
                >
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
                  Loading rankings…
                </p>
              </CardContent>
            </Card>
          ) : (
            <>
              <SummaryCards summary={summarizeRankings(entries)} />
              <RankingsTable entries={entries} range={data.range} />
            </>
          )}
        </div>
      </div>

      {data && !loading && !failed ? (
        <>
          <RankingTrendsChart history={data} entries={entries} />
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <MoversCard
              title="Top Performers"
              entries={topPerformers(entries)}
              empty="No keyword gained positions in this period."
            />
            <MoversCard
              title="Needs Improvement"
              entries={needsImprovement(entries)}
              empty="No keyword lost positions in this period."
            />
          </div>
        </>
      ) : null}
      <RankTips />
    </section>
  )
}
