import type { GoogleAccount } from '@localseo/shared/integrations'
import type { SearchConsolePerformance, SearchMetrics } from '@localseo/shared/search-console'
import { Search } from 'lucide-react'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import {
  TOP_QUERIES,
  useSearchConsolePerformance,
  useTopSearchQueries,
} from '../api/get-search-console-performance'
import { formatDay } from '@/lib/dates'
import { formatNumber, relativeTime } from '@/lib/format'
import { CardLoading } from './card-state'
import { GoogleDataCard } from './google-data-card'
import {
  FailedImport,
  percentChange,
  RevokedNotice,
  SettingsLink,
  Stat,
  WholeWebsiteNote,
} from './imported-card-parts'

const TITLE_ID = 'search-performance-title'

const percent = (ctr: number | null) => (ctr === null ? '–' : `${(ctr * 100).toFixed(1)}%`)
const place = (position: number | null) => (position === null ? '–' : position.toFixed(1))

/** A lower average position is better: 'better than 6.1 before'. */
function positionChange(now: number | null, before: number | null | undefined) {
  if (now === null || before === null || before === undefined) return null
  const words = now < before ? 'better than' : now > before ? 'worse than' : 'same as'
  return `${words} ${place(before)} before`
}

function Totals({ now, before }: { now: SearchMetrics; before: SearchMetrics | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-2">
      <Stat
        label="Clicks"
        value={formatNumber(now.clicks)}
        change={percentChange(now.clicks, before?.clicks)}
      />
      <Stat
        label="Impressions"
        value={formatNumber(now.impressions)}
        change={percentChange(now.impressions, before?.impressions)}
      />
      <Stat
        label="Click rate"
        value={percent(now.ctr)}
        change={before?.ctr != null ? `was ${percent(before.ctr)}` : null}
      />
      <Stat
        label="Avg. position"
        value={place(now.position)}
        change={positionChange(now.position, before?.position)}
      />
    </dl>
  )
}

function TopQueries({ businessId, importedAt }: { businessId: string; importedAt: string }) {
  const top = useTopSearchQueries(businessId, importedAt)
  if (top.isPending) return <CardLoading label="Loading your top searches…" />
  if (top.isError) return <ErrorAlert>{top.error.message}</ErrorAlert>
  if (top.data.rows.length === 0) return null
  return (
    <div className="grid grid-cols-1 gap-2">
      <Table>
        <caption className="pb-2 text-left text-sm font-medium">Top searches</caption>
        <TableHeader className="border-0 text-xs">
          <TableRow>
            <TableHead className="py-1 font-normal">Search</TableHead>
            <TableHead className="py-1 text-right font-normal">Clicks</TableHead>
            <TableHead className="py-1 text-right font-normal">Impressions</TableHead>
            <TableHead className="py-1 text-right font-normal">Avg. position</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {top.data.rows.slice(0, TOP_QUERIES).map((row) => (
            <TableRow key={row.key} className="border-t border-b-0">
              <TableCell className="py-2 break-words">{row.key}</TableCell>
              <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                {formatNumber(row.current.clicks)}
              </TableCell>
              <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                {formatNumber(row.current.impressions)}
              </TableCell>
              <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                {place(row.current.position)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {top.data.total > TOP_QUERIES ? (
        <Link
          to={`${paths.keywords}?tab=search-queries`}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          See all {formatNumber(top.data.total)} searches
        </Link>
      ) : null}
    </div>
  )
}

function Imported({
  performance,
  businessId,
  isMain,
}: {
  performance: SearchConsolePerformance
  businessId: string
  isMain: boolean
}) {
  const { siteUrl, import: run, current, previous } = performance
  if (siteUrl === null) {
    return (
      <div className="grid grid-cols-1 gap-2">
        <p className="text-sm">
          Choose your Search Console property to see how people find your website on Google.
        </p>
        <SettingsLink>Choose it in Settings → API Settings</SettingsLink>
      </div>
    )
  }
  if (run === null) {
    return <CardLoading label={`Importing your searches from Search Console (${siteUrl})…`} />
  }
  const failed =
    run.status === 'failed' ? <FailedImport reason={run.reason} kept={current !== null} /> : null
  if (run.importedAt === null) return failed
  return (
    <div className="grid grid-cols-1 gap-4">
      {failed}
      {current ? (
        <>
          <Totals now={current.totals} before={previous?.totals} />
          <TopQueries businessId={businessId} importedAt={run.importedAt} />
        </>
      ) : (
        <p className="text-sm">
          Google Search Console has no searches for {siteUrl} yet. A new website takes a few days to
          show up; its searches appear here after the next daily import.
        </p>
      )}
      <WholeWebsiteNote isMain={isMain} />
      <p className="text-xs text-muted-foreground">
        Source: Google Search Console ({siteUrl}), imported {relativeTime(run.importedAt)}.
        {current
          ? ` Last 28 days (${formatDay(current.period.from)} – ${formatDay(current.period.to)}); Google's figures arrive 2-3 days late.`
          : ''}
      </p>
    </div>
  )
}

/**
 * The Search Performance card from the imported Search Console data (issue 18 item 2): totals of
 * the last 28 days against the 28 before and the top searches, with their source and import time;
 * 'Reconnect' while Google refuses the saved access. Never sample data.
 */
export function SearchConsoleImportedCard({
  account,
  businessId,
  isMain,
}: {
  account: Extract<GoogleAccount, { status: 'connected' | 'revoked' }>
  businessId: string
  isMain: boolean
}) {
  const revoked = account.status === 'revoked'
  const performance = useSearchConsolePerformance(businessId, !revoked)
  const { data } = performance
  type Shown =
    | { revoked: Extract<GoogleAccount, { status: 'revoked' }> }
    | { performance: SearchConsolePerformance }
  const view: { data: Shown | undefined; isPending: boolean; isError: boolean } =
    account.status === 'revoked'
      ? { data: { revoked: account }, isPending: false, isError: false }
      : {
          data: data && !data.simulated ? { performance: data } : undefined,
          isPending: performance.isPending,
          isError: performance.isError,
        }
  return (
    <GoogleDataCard
      id={TITLE_ID}
      title="Search Performance"
      icon={Search}
      query={view}
      loadingLabel="Loading search performance…"
      errorMessage="Could not load the search performance data. Please try again later."
      sample={false}
    >
      {(shown) =>
        'revoked' in shown ? (
          <RevokedNotice revokedAt={shown.revoked.revokedAt} reason={shown.revoked.reason} />
        ) : (
          <Imported performance={shown.performance} businessId={businessId} isMain={isMain} />
        )
      }
    </GoogleDataCard>
  )
}
