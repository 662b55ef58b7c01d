import { hasBusinessName, type Business } from '@localseo/shared/business'
import { searchExamples } from '@localseo/shared/business-terms'
import {
  DEFAULT_RANK_RANGE,
  toRankingEntry,
  type RankHistory,
  type RankingEntry,
  type RankRange,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import { useMutation } from '@tanstack/react-query'
import {
  Download,
  Grid3x3,
  LoaderCircle,
  MapPin,
  RefreshCw,
  TriangleAlert,
  Users,
} from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button, buttonClassName } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { competitorsPath } from '@/lib/competitors'
import { downloadCsv } from '@/lib/download-file'
import { useMayChange } from '@/lib/member-role'
import { fetchRankKeywordsHistory, useRankHistory } from '../api/get-rank-history'
import { useTrackedKeywords } from '../api/get-tracked-keywords'
import { useRefreshRankings } from '../api/refresh-rankings'
import { MoversCard } from './movers-card'
import { NextCheck } from './next-check'
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

/**
 * The tracked keywords and what the screen shows of their history for a location and range: the
 * table's page, the summary, movers and chart keywords over every keyword (issue 36 item 2).
 */
function useRankTrackerData(businessId: string, locationId: string, range: RankRange) {
  // The table's page belongs to the location and range it was chosen for: another starts at 1.
  const scope = `${locationId}:${range}`
  const [chosenPage, setChosenPage] = useState({ scope, page: 1, at: 0 })
  const page = chosenPage.scope === scope ? chosenPage.page : 1
  const keywords = useTrackedKeywords(businessId, locationId)
  const history = useRankHistory(businessId, locationId, range, page, keywords.isSuccess)
  const data = history.data
  // A read under way for the page chosen (a new one, or one read before and read again): the page
  // shown stays. A read after it (a keyword added, a first check awaited) is the loading state.
  const pageRead =
    history.isPlaceholderData || (history.isFetching && history.dataUpdatedAt < chosenPage.at)
  const entries = useMemo(
    () => (data ? data.keywords.map((k) => toRankingEntry(k, data.days)) : []),
    [data],
  )
  return {
    keywords,
    data,
    entries,
    // docs/product.md §4: a loading state while the business, location, range or keyword list
    // changes; another page of the table keeps the page shown until it comes.
    loading: keywords.isPending || history.isPending || (history.isFetching && !pageRead),
    paging: pageRead,
    onPage: (next: number) => setChosenPage({ scope, page: next, at: Date.now() }),
    failed: keywords.isError || history.isError,
  }
}

function RankTracker({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const [range, setRange] = useState<RankRange>(DEFAULT_RANK_RANGE)
  const { keywords, data, entries, loading, paging, onPage, failed } = useRankTrackerData(
    business.id,
    location.id,
    range,
  )
  return (
    <section className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Rank Tracker"
        description={business.name}
        actions={
          <HeaderActions business={business} location={location.id} onLocation={setLocation} />
        }
      />
      <Alert variant="info" role="status" className="-mt-2">
        <MapPin aria-hidden="true" />
        <AlertDescription>Tracking rankings for: {location.label}</AlertDescription>
      </Alert>
      <ProviderNotes data={data} />
      <NextCheck businessId={business.id} />
      {/* Keyed by location: a Refresh message belongs to the location it was made for. */}
      <RankToolbar
        key={location.id}
        businessId={business.id}
        locationId={location.id}
        range={range}
        onRange={setRange}
        data={data}
        busy={loading}
        empty={(data?.total ?? 0) === 0}
      />
      <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-1">
          <TrackedKeywordsCard
            key={location.id}
            businessId={business.id}
            locationId={location.id}
            keywords={keywords.data}
            loading={keywords.isPending}
            simulated={data?.simulated}
            example={searchExamples({ ...business, city: location.city }).nearMe}
          />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 xl:col-span-2">
          <RankingsPanel
            businessId={business.id}
            locationId={location.id}
            data={data}
            entries={entries}
            loading={loading}
            paging={paging}
            onPage={onPage}
            failed={failed}
          />
        </div>
      </div>
      {data && !loading && !failed ? (
        <RankingsDetails
          businessId={business.id}
          locationId={location.id}
          data={data}
          keywords={keywords.data ?? []}
        />
      ) : null}
      <RankTips />
    </section>
  )
}

/** The geo-grid and the competitors of the location shown, and the location picker. */
function HeaderActions({
  business,
  location,
  onLocation,
}: {
  business: Business
  location: string
  onLocation: (location: string) => void
}) {
  return (
    // Wraps on a phone: the location picker takes a line of its own below the two links.
    <div className="flex flex-wrap items-end gap-2">
      {/* The map-pack position around the business (issue 17 item 4). */}
      <Link
        to={paths.rankTrackerGrid}
        className={buttonClassName({ variant: 'outline', size: 'sm' })}
      >
        <Grid3x3 aria-hidden="true" />
        Geo-grid
      </Link>
      {/* Who outranks the business on the map, for the location shown (issue 34 item 1). */}
      <Link
        to={competitorsPath(location)}
        className={buttonClassName({ variant: 'outline', size: 'sm' })}
      >
        <Users aria-hidden="true" />
        Competitors
      </Link>
      {business.locations.length > 0 ? (
        <LocationPicker business={business} value={location} onChange={onLocation} />
      ) : null}
    </div>
  )
}

/**
 * Where the positions come from: sample data while simulated; with a real provider, the day's
 * query budget once it is spent (issue 17 item 5).
 */
function ProviderNotes({ data }: { data: RankHistory | undefined }) {
  return (
    <>
      {data?.simulated === false ? null : (
        <p className="-mt-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 font-medium text-foreground">
            Sample data
          </span>
          Positions are simulated estimates until a search-results provider is connected.
        </p>
      )}
      {data?.budget && data.budget.remaining === 0 ? (
        <Alert
          role="status"
          data-testid="query-budget-reached"
          className="border-warning/50 bg-warning/10"
        >
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            Daily query budget reached: the remaining checks run tomorrow ({data.budget.used} of{' '}
            {data.budget.limit} queries used today).
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  )
}

/** The range, Refresh (re-check today) and Export CSV, with what the last Refresh did. */
function RankToolbar({
  businessId,
  locationId,
  range,
  onRange,
  data,
  busy,
  empty,
}: {
  businessId: string
  locationId: string
  range: RankRange
  onRange: (range: RankRange) => void
  data: RankHistory | undefined
  busy: boolean
  empty: boolean
}) {
  const refresh = useRefreshRankings(businessId, locationId)
  const [refreshed, setRefreshed] = useState<string | null>(null)
  const mayChange = useMayChange()
  // Every keyword of the location and range, not the page on screen (issue 36 item 2).
  const exportCsv = useMutation({
    // The CSV writer loads with the first export (vite.config.ts `csv`).
    mutationFn: async () => {
      const [history, csv] = await Promise.all([
        fetchRankKeywordsHistory(locationId, range),
        import('@localseo/shared/rank-csv'),
      ])
      return { name: csv.RANKINGS_CSV_FILENAME, text: csv.buildRankingsCsv(history) }
    },
    onSuccess: ({ name, text }) => downloadCsv(name, text),
    onError: (error) => setRefreshed(error.message),
  })
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) =>
        setRefreshed(
          `Re-checked ${result.checked} keyword${result.checked === 1 ? '' : 's'} for today` +
            (result.failed > 0
              ? `; ${result.failed} check${result.failed === 1 ? '' : 's'} failed. Positions already found today are kept.`
              : '.') +
            (result.deferred > 0
              ? ` Daily query budget reached: ${result.deferred} check${result.deferred === 1 ? '' : 's'} run tomorrow.`
              : ''),
        ),
      onError: (error) => setRefreshed(error.message),
    })
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <RangeButtons value={range} onChange={onRange} />
        <div className="flex gap-2 sm:ml-auto">
          {mayChange ? (
            <Button
              variant="outline"
              size="sm"
              disabled={refresh.isPending || busy || empty}
              onClick={onRefresh}
            >
              <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : ''} />
              {refresh.isPending ? 'Refreshing...' : 'Refresh'}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={busy || exportCsv.isPending || !data?.hasChecks}
            onClick={() => exportCsv.mutate()}
          >
            <Download aria-hidden="true" />
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      {refreshed ? (
        <p role="status" className="-mt-3 text-sm">
          {refreshed}
        </p>
      ) : null}
    </>
  )
}

/** The summary cards and the rankings table, or why they are not there yet. */
function RankingsPanel({
  businessId,
  locationId,
  data,
  entries,
  loading,
  paging,
  onPage,
  failed,
}: {
  businessId: string
  locationId: string
  data: RankHistory | undefined
  /** The table's page of keywords. */
  entries: RankingEntry[]
  loading: boolean
  /** Another page is on its way: the page shown stays until it comes. */
  paging: boolean
  onPage: (page: number) => void
  failed: boolean
}) {
  // Retry beside a failed check asks today's checks again, as Refresh does (issue 32 item 9).
  const retry = useRefreshRankings(businessId, locationId)
  const mayChange = useMayChange()
  if (failed) return <ErrorAlert>Could not load your rankings. Please try again later.</ErrorAlert>
  if (loading || !data) {
    return (
      <Card>
        <CardContent>
          <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
            Loading rankings…
          </p>
        </CardContent>
      </Card>
    )
  }
  return (
    <>
      <SummaryCards summary={data.summary} />
      <RankingsTable
        entries={entries}
        total={data.total}
        page={data.page}
        pageSize={data.limit}
        paging={paging}
        onPage={onPage}
        simulated={data.simulated}
        onRetry={mayChange ? () => retry.mutate() : undefined}
        retrying={retry.isPending}
      />
      {retry.isError ? <ErrorAlert>{retry.error.message}</ErrorAlert> : null}
    </>
  )
}

/** The trends chart and the movers, once the rankings are in: the server chose them over every keyword. */
function RankingsDetails({
  businessId,
  locationId,
  data,
  keywords,
}: {
  businessId: string
  locationId: string
  data: RankHistory
  /** Every tracked keyword, for the chart's chooser. */
  keywords: TrackedKeyword[]
}) {
  const toEntries = (list: RankHistory['keywords']) =>
    list.map((keyword) => toRankingEntry(keyword, data.days))
  return (
    <>
      <RankingTrendsChart
        businessId={businessId}
        locationId={locationId}
        history={data}
        defaults={toEntries(data.chart)}
        keywords={keywords}
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <MoversCard
          title="Top Performers"
          entries={toEntries(data.topPerformers)}
          empty="No keyword gained positions since the check before."
        />
        <MoversCard
          title="Needs Improvement"
          entries={toEntries(data.needsImprovement)}
          empty="No keyword lost positions since the check before."
        />
      </div>
    </>
  )
}
