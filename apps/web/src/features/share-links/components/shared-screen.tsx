// The page a share link opens (issue 35 item 5, docs/decisions/050-share-links.md): outside the
// signed-in app, with no menu and no account. It shows the business's name, whose link it is and
// until when, and the one view the link is for: a month's report with its PDF, or the dashboard's
// score and top keywords. Every figure keeps its source. Search engines are told to stay away and
// the address (the link's key) is never sent on as a referrer.
import { monthLabel } from '@localseo/shared/figure-source'
import { formatVolume, positionText } from '@localseo/shared/keyword-figures'
import { positionChange } from '@localseo/shared/position-change'
import {
  SHARE_LINK_GONE,
  type SharedDashboard,
  type SharedReport,
  type SharedView,
} from '@localseo/shared/share-links'
import { Download, Eye } from 'lucide-react'
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { BrandMark } from '@/components/brand-mark'
import { FigureSourceBadge } from '@/components/figure-source'
import { PositionChange } from '@/components/position-change'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
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
import { formatDate, formatDay } from '@/lib/dates'
import { sharedPath, SharedViewError, useSharedView } from '../api/shared-view'

/** The visitor's own clock: the page does not know the business's time zone. */
const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export function SharedScreen() {
  const { token = '' } = useParams()
  const view = useSharedView(token)
  return (
    <div className="min-h-dvh bg-background">
      {/* React puts these in the document's head (React 19). */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <title>{view.data ? `${view.data.businessName} · shared view` : 'Shared view'}</title>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        {view.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Opening the shared view…
          </p>
        ) : view.isError ? (
          <NotOpened error={view.error} />
        ) : (
          <Shared view={view.data} token={token} />
        )}
        <footer className="flex items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
          <BrandMark />
        </footer>
      </main>
    </div>
  )
}

function NotOpened({ error }: { error: Error }) {
  const status = error instanceof SharedViewError ? error.status : 0
  const message =
    status === 404
      ? SHARE_LINK_GONE
      : status === 429
        ? 'Too many requests. Try again in a minute.'
        : 'Could not open the shared view. Please try again later.'
  return (
    <section aria-labelledby="shared-gone" className="flex flex-col gap-2 py-12 text-center">
      <h1 id="shared-gone" className="text-2xl font-semibold">
        {status === 404 ? 'This link does not work' : 'Could not open this link'}
      </h1>
      <p className="text-muted-foreground">{message}</p>
    </section>
  )
}

function Shared({ view, token }: { view: SharedView; token: string }) {
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold break-words">{view.businessName}</h1>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Shared by {view.businessName} · read-only · until{' '}
            {formatDate(view.expiresAt, visitorTimeZone())}
          </span>
        </p>
      </header>
      {view.kind === 'report' ? (
        <ReportView report={view.report} place={view.place} token={token} />
      ) : (
        <DashboardView dashboard={view.dashboard} place={view.place} />
      )}
    </>
  )
}

function Figure({
  title,
  source,
  children,
}: {
  title: string
  source: string
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>Source: {source}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">{children}</CardContent>
    </Card>
  )
}

function ReportView({
  report,
  place,
  token,
}: {
  report: SharedReport
  place: string
  token: string
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold">
          {monthLabel(report.month)} report · {place}
        </h2>
        <a
          href={`${sharedPath(token)}/report.pdf`}
          download
          rel="noreferrer"
          className={buttonClassName({ className: 'self-start' })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </a>
      </div>
      <ReportScore score={report.score} />
      <ReportRankings rankings={report.rankings} />
      <ReportActivity report={report} />
    </div>
  )
}

function ReportScore({ score }: { score: SharedReport['score'] }) {
  return (
    <Figure title="Local SEO Score" source={score.source}>
      <p className="text-3xl font-bold tabular-nums">
        {score.value}
        <span className="text-base font-normal text-muted-foreground"> out of 100</span>
      </p>
      {score.parts.length > 0 ? (
        <ul className="grid gap-1 sm:grid-cols-2">
          {score.parts.map((part) => (
            <li key={part.label}>
              {part.label}: {part.score} (weight {part.weight}%)
            </li>
          ))}
        </ul>
      ) : null}
      {score.note ? <p className="text-muted-foreground">{score.note}</p> : null}
    </Figure>
  )
}

function ReportRankings({ rankings }: { rankings: SharedReport['rankings'] }) {
  return (
    <Figure title="Rankings" source={rankings.source}>
      {rankings.keywords.length === 0 ? (
        <p className="text-muted-foreground">No keyword was checked this month.</p>
      ) : (
        <Table aria-label="Rankings this month" stack>
          <TableHeader>
            <TableRow>
              <TableHead>Keyword</TableHead>
              <TableHead>Position</TableHead>
              <TableHead>Change over the month</TableHead>
              <TableHead>Source</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rankings.keywords.map((k) => (
              <TableRow key={k.keyword}>
                <TableRowHeader>{k.keyword}</TableRowHeader>
                <TableCell label="Position">
                  {k.position === null ? 'Not in the top 100' : `#${k.position}`}
                </TableCell>
                <TableCell label="Change over the month">
                  <PositionChange change={k.change} />
                </TableCell>
                <TableCell label="Source">{k.source}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rankings.more > 0 ? (
        <p className="text-muted-foreground">And {rankings.more} more tracked keywords.</p>
      ) : null}
    </Figure>
  )
}

/** The geo-grid, reviews, Business Profile, backlinks and tasks of the month. */
function ReportActivity({ report }: { report: SharedReport }) {
  const { grid, reviews, performance, backlinks, tasks } = report
  return (
    <>
      {grid ? (
        <Figure title={`Geo-grid: ${grid.keyword}`} source={grid.source}>
          <p>
            Found at {grid.found} of {grid.scanned} points of a {grid.size}×{grid.size} grid
            {grid.averageRank === null ? '.' : `, average rank ${grid.averageRank}.`}
          </p>
        </Figure>
      ) : null}
      {reviews ? (
        <Figure title="Reviews" source={reviews.source}>
          <p>
            {reviews.count} new {reviews.count === 1 ? 'review' : 'reviews'} this month
            {reviews.average === null ? '.' : `, average ${reviews.average} stars.`}
          </p>
        </Figure>
      ) : null}
      {performance ? (
        <Figure title="Business Profile" source={performance.source}>
          <p>
            {performance.calls} calls, {performance.directions} direction requests and{' '}
            {performance.websiteClicks} website clicks over {performance.days} days.
          </p>
        </Figure>
      ) : null}
      <Figure title="Backlinks" source={backlinks.source}>
        <p>
          Gained this month: {backlinks.gained}. Lost this month: {backlinks.lost}.
        </p>
        {backlinks.firstGained.length > 0 ? (
          <ul className="list-disc pl-5">
            {backlinks.firstGained.map((b) => (
              <li key={`${b.domain}-${b.firstSeen}`} className="break-words">
                {b.domain}, first seen {formatDay(b.firstSeen)}
              </li>
            ))}
          </ul>
        ) : null}
      </Figure>
      <Figure title="Tasks done" source={tasks.source}>
        <p>
          {tasks.done} {tasks.done === 1 ? 'task' : 'tasks'} done this month.
        </p>
        {tasks.titles.length > 0 ? (
          <ul className="list-disc pl-5">
            {tasks.titles.map((task) => (
              <li key={`${task.title}-${task.day}`}>
                {task.title} ({formatDay(task.day)})
              </li>
            ))}
          </ul>
        ) : null}
      </Figure>
    </>
  )
}

function DashboardView({ dashboard, place }: { dashboard: SharedDashboard; place: string }) {
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold">Dashboard · {place}</h2>
      <DashboardScore dashboard={dashboard} />
      <TopKeywords keywords={dashboard.topKeywords} notChecked={dashboard.keywordsNotChecked} />
    </div>
  )
}

function DashboardScore({ dashboard }: { dashboard: SharedDashboard }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Local SEO Score
          {dashboard.scoreSource ? (
            <FigureSourceBadge source={dashboard.scoreSource} what="score" />
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-3xl font-bold tabular-nums">
          {dashboard.score ?? '–'}
          <span className="text-base font-normal text-muted-foreground"> out of 100</span>
        </p>
        {dashboard.breakdown.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {dashboard.breakdown.map((part) => (
              <li key={part.label}>
                <span className="font-medium">
                  {part.label}: {part.score}
                </span>{' '}
                <span className="text-muted-foreground">
                  (weight {part.weight}%) {part.explanation}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {dashboard.scoreNote ? (
          <p className="text-muted-foreground">{dashboard.scoreNote}</p>
        ) : null}
      </CardContent>
    </Card>
  )
}

function TopKeywords({
  keywords,
  notChecked,
}: {
  keywords: SharedDashboard['topKeywords']
  notChecked: number
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="shared-top-keywords">Top keywords</CardTitle>
        <CardDescription>Change since the check before</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {keywords.length === 0 ? (
          <p className="text-muted-foreground">No keyword has been checked yet.</p>
        ) : (
          <Table aria-labelledby="shared-top-keywords" stack>
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>Position</TableHead>
                <TableHead>Change since the check before</TableHead>
                <TableHead>Searches / month</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keywords.map((k) => (
                <TableRow key={k.keyword}>
                  <TableRowHeader>
                    {k.keyword}
                    {k.sample ? <span className="text-muted-foreground"> (Sample)</span> : null}
                  </TableRowHeader>
                  <TableCell label="Position">
                    <span className="inline-flex items-center gap-2">
                      {positionText(k, 'Not checked yet')}
                      {k.positionSource ? <FigureSourceBadge source={k.positionSource} /> : null}
                    </span>
                  </TableCell>
                  <TableCell label="Change since the check before">
                    <PositionChange change={positionChange(k.position, k.previousPosition)} />
                  </TableCell>
                  <TableCell label="Searches / month">
                    <span className="inline-flex items-center gap-2">
                      {formatVolume(k.volume, k.volumeSource)}
                      <FigureSourceBadge source={k.volumeSource} what="search volume" />
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {notChecked > 0 ? (
          <p className="text-muted-foreground">
            {notChecked} more keywords wait for their first check.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
