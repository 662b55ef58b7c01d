// The dashboard's Business Profile card (issue 33 item 5, ADR 035): for the location the dashboard
// shows, how many people saw the Google profile (Maps and Search, on a phone or a computer), called,
// asked for directions and opened the website in the last 28 days against the 28 before, a chart
// of the 90 days, the searches that showed the profile, and where the figures come from. Honest
// states: sample, not linked, not imported yet, failed with Google's reason. Lazily loaded by the
// dashboard's route (app/routes/dashboard.tsx): the dashboard's first load stays in its budget.
import {
  searchTermImpressions,
  type PerformanceDay,
  type PerformanceTotal,
  type ProfilePerformance,
} from '@localseo/shared/business-profile-performance'
import { monthLabel } from '@localseo/shared/figure-source'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Clock, LoaderCircle, Store, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { SampleBadge } from '@/components/figure-source'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { TabList, TabPanel } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { formatDay, formatShortDay } from '@/lib/dates'
import { formatNumber, relativeTime } from '@/lib/format'
import { useProfilePerformance } from '../api/performance'

type Linked = Extract<ProfilePerformance, { status: 'linked' }>
type Chartable = 'impressions' | 'calls' | 'directions' | 'websiteClicks'

const TITLE_ID = 'profile-performance-title'

const FIGURES: { key: Chartable; label: string }[] = [
  { key: 'impressions', label: 'Profile views' },
  { key: 'calls', label: 'Calls' },
  { key: 'directions', label: 'Direction requests' },
  { key: 'websiteClicks', label: 'Website clicks' },
]

/** '+12% vs the 28 days before', 'new: none the 28 days before', or why there is no comparison. */
export function changeWords(performance: Linked, key: PerformanceTotal): string {
  const before = performance.previous?.totals[key]
  if (before === undefined) return 'No earlier 28 days to compare'
  const change = performance.change?.[key] ?? null
  if (change === null)
    return before === 0 && performance.current!.totals[key] > 0
      ? 'New: none the 28 days before'
      : 'None the 28 days before either'
  if (change === 0) return 'Same as the 28 days before'
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}% vs the 28 days before`
}

function Figures({ performance }: { performance: Linked }) {
  const totals = performance.current!.totals
  return (
    <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatNumber(totals[key])}</dd>
          <dd className="text-xs text-muted-foreground">{changeWords(performance, key)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The views split by where (Maps, Search) and by device (phone, computer). */
function WhereSeen({ totals }: { totals: Linked['current'] & object }) {
  const t = totals.totals
  const rows = [
    { label: 'Google Maps', mobile: t.mobileMaps, desktop: t.desktopMaps, total: t.maps },
    { label: 'Google Search', mobile: t.mobileSearch, desktop: t.desktopSearch, total: t.search },
    { label: 'All', mobile: t.mobile, desktop: t.desktop, total: t.impressions },
  ]
  return (
    <Table aria-labelledby="profile-views-caption">
      <caption id="profile-views-caption" className="pb-2 text-left text-sm font-medium">
        Where people saw your profile
      </caption>
      <TableHeader className="border-0 text-xs">
        <TableRow>
          <TableHead className="py-1 font-normal">Seen on</TableHead>
          <TableHead className="py-1 text-right font-normal">Phone</TableHead>
          <TableHead className="py-1 text-right font-normal">Computer</TableHead>
          <TableHead className="py-1 text-right font-normal">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label} className="border-t border-b-0">
            <TableRowHeader className="py-2 font-normal">{row.label}</TableRowHeader>
            {[row.mobile, row.desktop, row.total].map((value, i) => (
              <TableCell key={i} className="py-2 text-right tabular-nums">
                {formatNumber(value)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const valueOf = (day: PerformanceDay, key: Chartable) =>
  key === 'impressions'
    ? day.desktopMaps + day.desktopSearch + day.mobileMaps + day.mobileSearch
    : day[key]

function DailyChart({ days }: { days: PerformanceDay[] }) {
  const idPrefix = useId()
  const [shown, setShown] = useState<Chartable>('impressions')
  const label = FIGURES.find((f) => f.key === shown)!.label
  const data = days.map((day) => ({ day: day.day, value: valueOf(day, shown) }))
  const total = data.reduce((sum, d) => sum + d.value, 0)
  const busiest = data.reduce((best, d) => (d.value > best.value ? d : best), data[0]!)
  return (
    <div className="grid min-w-0 gap-2">
      <p id={`${idPrefix}-caption`} className="text-sm font-medium">
        Day by day, last {days.length} days
      </p>
      <TabList
        idPrefix={idPrefix}
        label="Figure in the chart"
        variant="pill"
        className="flex-wrap"
        tabs={FIGURES.map((f) => ({ value: f.key, label: f.label }))}
        value={shown}
        onChange={setShown}
      />
      <TabPanel idPrefix={idPrefix} value={shown}>
        <figure aria-labelledby={`${idPrefix}-caption`} className="grid gap-1">
          <div aria-hidden="true" className="h-44 w-full">
            <ResponsiveContainer
              width="100%"
              height="100%"
              initialDimension={{ width: 320, height: 176 }}
            >
              <BarChart
                // Hidden from assistive technology (the summary below says it), so nothing focusable.
                accessibilityLayer={false}
                data={data}
                margin={{ top: 4, right: 4, bottom: 0, left: -20 }}
              >
                <CartesianGrid vertical={false} strokeDasharray="3 3" />
                <XAxis
                  dataKey="day"
                  tickFormatter={formatShortDay}
                  tickLine={false}
                  fontSize={11}
                  minTickGap={24}
                />
                <YAxis allowDecimals={false} tickLine={false} fontSize={11} />
                <Tooltip
                  labelFormatter={(day) => (typeof day === 'string' ? formatDay(day) : '')}
                  formatter={(value) => [formatNumber(Number(value)), label]}
                />
                <Bar dataKey="value" fill="oklch(0.55 0.16 255)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <figcaption className="text-xs text-muted-foreground">
            {label}: {formatNumber(total)} over the {days.length} days
            {busiest && busiest.value > 0
              ? `, most on ${formatDay(busiest.day)} (${formatNumber(busiest.value)})`
              : ''}
            .
          </figcaption>
        </figure>
      </TabPanel>
    </div>
  )
}

function SearchTerms({ terms }: { terms: NonNullable<Linked['searchTerms']> }) {
  const months =
    terms.startMonth === terms.endMonth
      ? monthLabel(terms.endMonth)
      : `${monthLabel(terms.startMonth)} – ${monthLabel(terms.endMonth)}`
  if (terms.terms.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Google lists no searches that showed your profile in {months}.
      </p>
    )
  }
  return (
    <div className="grid min-w-0 gap-1">
      <Table aria-labelledby="profile-searches-caption">
        <caption id="profile-searches-caption" className="pb-2 text-left text-sm font-medium">
          Searches that showed your profile, {months}
        </caption>
        <TableHeader className="border-0 text-xs">
          <TableRow>
            <TableHead className="py-1 font-normal">Search</TableHead>
            <TableHead className="py-1 text-right font-normal">Views</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {terms.terms.map((term) => (
            <TableRow key={term.keyword} className="border-t border-b-0">
              <TableRowHeader className="py-2 font-normal break-words">
                {term.keyword}
              </TableRowHeader>
              <TableCell className="py-2 text-right whitespace-nowrap tabular-nums">
                {searchTermImpressions(term)}
                {term.below !== null ? (
                  <span className="sr-only"> (Google gives no exact count)</span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {terms.total > terms.terms.length ? (
        <p className="text-xs text-muted-foreground">
          The top {terms.terms.length} of {formatNumber(terms.total)} searches.
        </p>
      ) : null}
    </div>
  )
}

/** Where the figures come from, and the days they cover. */
function SourceLine({ performance }: { performance: Linked }) {
  const { source, current, profile } = performance
  const days = current
    ? ` Last 28 days: ${formatDay(current.period.from)} – ${formatDay(current.period.to)}, up to the last day Google has reported (its figures arrive a few days late).`
    : ''
  if (source.kind === 'sample') {
    return (
      <p className="text-xs text-muted-foreground">
        Sample figures for a sample profile: this server has no Google sign-in yet, so nothing is
        read from Google. Remove them with the other sample data in Settings.{days}
      </p>
    )
  }
  return (
    <p className="text-xs text-muted-foreground">
      Source: Google Business Profile ({profile.title})
      {source.kind === 'google' ? `, imported ${relativeTime(source.importedAt)}` : ''}.{days}
    </p>
  )
}

function Failure({ failure, kept }: { failure: NonNullable<Linked['failure']>; kept: boolean }) {
  return (
    <p className="flex items-start gap-2 text-sm text-destructive">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        The last import failed ({relativeTime(failure.at)}): {failure.reason}
        {kept ? ' The figures below are from the import before.' : ''}
      </span>
    </p>
  )
}

function Body({ performance }: { performance: ProfilePerformance }) {
  if (performance.status === 'not_linked') {
    return (
      <div className="grid gap-2">
        <p className="text-sm">
          See how many people call you, ask for directions and visit your website from Google: link
          this location to its Google Business Profile.
        </p>
        <Link
          to={paths.settings}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Link this location in Settings
        </Link>
      </div>
    )
  }
  const { failure, current } = performance
  return (
    <div className="grid min-w-0 gap-5">
      {failure ? <Failure failure={failure} kept={current !== null} /> : null}
      {current ? (
        <>
          <Figures performance={performance} />
          <DailyChart days={performance.days} />
        </>
      ) : failure ? null : (
        <p className="flex items-center gap-2 text-sm">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {performance.source.kind === 'google'
            ? 'Google has no figures for this profile yet: a new profile takes a few days to show them.'
            : 'Your profile’s figures arrive with the next daily Google import.'}
        </p>
      )}
      <div className="grid min-w-0 gap-5 lg:grid-cols-2 lg:items-start">
        {current ? <WhereSeen totals={current} /> : null}
        {performance.searchTerms ? <SearchTerms terms={performance.searchTerms} /> : null}
      </div>
      <SourceLine performance={performance} />
    </div>
  )
}

/** The Business Profile card of the location the dashboard shows. */
export function PerformanceCard({
  businessId,
  location,
}: {
  businessId: string
  location: ResolvedLocation
}) {
  const performance = useProfilePerformance(businessId, location.id)
  const sample = performance.data?.status === 'linked' && performance.data.profile.sample
  return (
    <Card className="min-w-0" role="region" aria-labelledby={TITLE_ID}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={TITLE_ID} className="flex items-center gap-2">
          <Store aria-hidden="true" className="size-5 text-primary" />
          Google Business Profile
        </CardTitle>
        {sample ? <SampleBadge /> : null}
        <CardDescription className="basis-full">
          Calls, direction requests and website clicks from your Google profile
          {location.isMain ? '' : ` for ${location.label}`}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {performance.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
            Loading your Google profile’s figures…
          </p>
        ) : performance.isError ? (
          <ErrorAlert>{performance.error.message}</ErrorAlert>
        ) : (
          <Body performance={performance.data} />
        )}
      </CardContent>
    </Card>
  )
}
