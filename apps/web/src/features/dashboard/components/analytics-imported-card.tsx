import type { AnalyticsFigures, AnalyticsStatus } from '@localseo/shared/analytics'
import { BarChart3 } from 'lucide-react'
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
import { PercentBars } from './percent-bars'

type RealStatus = Exclude<AnalyticsStatus, { status: 'simulated' | 'not_connected' }>
type Imported = Extract<AnalyticsStatus, { status: 'property' }>

const TITLE_ID = 'website-analytics-title'

/** Integer shares of the total, for the channel bars. */
const share = (value: number, total: number) => (total > 0 ? Math.round((value / total) * 100) : 0)

const count = (label: string, value: number, before: number | undefined) => (
  <Stat label={label} value={formatNumber(value)} change={percentChange(value, before)} />
)

const pageLabel = (label: string) =>
  label === '(other)' ? 'Other pages (grouped by Google)' : label
const cityLabel = (label: string) => (label === '(not set)' ? 'Unknown city' : label)

function TopList({
  title,
  rows,
  unit,
  label,
}: {
  title: string
  rows: AnalyticsFigures['pages']
  unit: string
  label: (text: string) => string
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      <ol aria-label={title} className="grid grid-cols-1 gap-2">
        {rows.slice(0, 3).map((row) => (
          <li key={row.label} className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-xs">{label(row.label)}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {formatNumber(row.value)} {unit}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}

function Figures({ figures, grouped }: { figures: AnalyticsFigures; grouped: boolean }) {
  const { current, previous } = figures
  const sessions = figures.channels.reduce((sum, row) => sum + row.value, 0)
  return (
    <div className="grid grid-cols-1 gap-5">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {count('Visitors', current.activeUsers, previous?.activeUsers)}
        {count('New', current.newUsers, previous?.newUsers)}
        {count('Returning', current.returningUsers, previous?.returningUsers)}
      </dl>
      <PercentBars
        label="Visits by channel"
        items={figures.channels.slice(0, 5).map((row) => ({
          name: row.label,
          value: share(row.value, sessions),
        }))}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TopList title="Top pages" rows={figures.pages} unit="views" label={pageLabel} />
        <TopList title="Top cities" rows={figures.cities} unit="visitors" label={cityLabel} />
      </div>
      {grouped ? (
        <p className="text-xs text-muted-foreground">
          Google grouped some rarely visited pages or places as ‘other’ in its answer.
        </p>
      ) : null}
    </div>
  )
}

function ImportBody({ status, isMain }: { status: Imported; isMain: boolean }) {
  const { import: run, figures, propertyName } = status
  const source = run.importedAt
    ? `Source: Google Analytics 4 (${propertyName}), imported ${relativeTime(run.importedAt)}. Last 28 days.`
    : null
  const failed =
    run.state === 'failed' ? <FailedImport reason={run.reason} kept={figures !== null} /> : null
  if (!run.importedAt) {
    return run.state === 'pending' ? (
      <CardLoading label={`Importing your visitors from Google Analytics (${propertyName})…`} />
    ) : (
      failed
    )
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      {failed}
      {figures ? (
        <Figures figures={figures} grouped={run.groupedOther} />
      ) : (
        <p className="text-sm">
          Google Analytics has no visits recorded for {propertyName} in the last 28 days. If you
          added its tracking code recently, visits show here after the next daily import.
        </p>
      )}
      <WholeWebsiteNote isMain={isMain} />
      <p className="text-xs text-muted-foreground">{source}</p>
    </div>
  )
}

function Body({ status, isMain }: { status: RealStatus; isMain: boolean }) {
  if (status.status === 'revoked') return <RevokedNotice {...status} />
  if (status.status === 'no_property') {
    return (
      <div className="grid grid-cols-1 gap-2">
        <p className="text-sm">
          Choose your Google Analytics property to see your website’s visitors here.
        </p>
        <SettingsLink>Choose it in Settings → API Settings</SettingsLink>
      </div>
    )
  }
  return <ImportBody status={status} isMain={isMain} />
}

/** The Website Analytics card from the imported GA4 figures (issue 18 item 3); never sample data. */
export function AnalyticsImportedCard({
  query,
  isMain,
}: {
  query: { data: AnalyticsStatus | undefined; isPending: boolean; isError: boolean }
  isMain: boolean
}) {
  const { data } = query
  const real =
    data && data.status !== 'simulated' && data.status !== 'not_connected' ? data : undefined
  return (
    <GoogleDataCard
      id={TITLE_ID}
      title="Website Analytics"
      icon={BarChart3}
      query={{ ...query, data: real }}
      loadingLabel="Loading analytics…"
      errorMessage="Could not load the analytics data. Please try again later."
      sample={false}
    >
      {(status) => <Body status={status} isMain={isMain} />}
    </GoogleDataCard>
  )
}
