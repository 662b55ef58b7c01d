// A place's reviews in figures (issue 33 item 2): the average and count, the 5-to-1 distribution,
// the share answered, the median time to a reply and the reviews per month, each with its source;
// month by month, the same figures over time.
import type { ReviewsSummary } from '@localseo/shared/business-profile'
import { lazy, Suspense, type ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { ReviewsSourceBadge } from './reviews-source'
import { Stars } from './stars'

// The chart library loads after the figures: the box keeps its height meanwhile.
const ReviewsMonthsBars = lazy(async () => ({
  default: (await import('./reviews-months-bars')).ReviewsMonthsBars,
}))

/** The median time to a reply in words: 'under an hour', '5 hours', '3 days'. */
function replyTimeWords(hours: number): string {
  if (hours < 1) return 'under an hour'
  if (hours < 48) {
    const rounded = Math.round(hours)
    return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
  }
  return `${Math.round(hours / 24)} days`
}

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' })
const longMonthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const monthDate = (month: string) => new Date(`${month}-01T12:00:00Z`)

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  )
}

function Distribution({ distribution, count }: { distribution: number[]; count: number }) {
  return (
    <ul aria-label="Reviews by stars" className="grid content-start gap-2.5">
      {[5, 4, 3, 2, 1].map((stars) => {
        const reviews = distribution[stars - 1] ?? 0
        const share = count === 0 ? 0 : Math.round((reviews / count) * 100)
        return (
          <li key={stars} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-sm">
            <span>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
            <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-amber-400"
                style={{ width: `${share}%` }}
              />
            </span>
            <span className="text-right tabular-nums">
              {reviews}
              <span className="sr-only"> {reviews === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

function MonthsChart({ months }: { months: ReviewsSummary['months'] }) {
  const data = months.map((m) => ({ ...m, label: monthFormat.format(monthDate(m.month)) }))
  return (
    <figure aria-labelledby="reviews-months-caption" className="grid gap-2">
      <figcaption id="reviews-months-caption" className="text-sm font-medium">
        New reviews per month
      </figcaption>
      <div aria-hidden="true" className="h-40 w-full">
        <Suspense fallback={null}>
          <ReviewsMonthsBars data={data} />
        </Suspense>
      </div>
      <ul className="sr-only" aria-label="New reviews per month">
        {months.map((m) => (
          <li key={m.month}>
            {longMonthFormat.format(monthDate(m.month))}: {m.count}
          </li>
        ))}
      </ul>
    </figure>
  )
}

/** The 12 months newest first: reviews, their average, the share answered and the time to reply. */
function MonthByMonth({ months }: { months: ReviewsSummary['months'] }) {
  return (
    <details className="group lg:col-span-3">
      <summary className="cursor-pointer text-sm font-medium text-primary">
        Month by month: answered and time to reply
      </summary>
      <Table stack className="mt-2" aria-label="Your reviews month by month">
        <TableHeader>
          <TableRow>
            <TableHead>Month</TableHead>
            <TableHead className="text-right">Reviews</TableHead>
            <TableHead className="text-right">Average</TableHead>
            <TableHead className="text-right">Answered</TableHead>
            <TableHead className="text-right">Time to reply</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...months].reverse().map((m) => (
            <TableRow key={m.month}>
              <TableRowHeader>{longMonthFormat.format(monthDate(m.month))}</TableRowHeader>
              <TableCell label="Reviews" className="tabular-nums sm:text-right">
                {m.count}
              </TableCell>
              <TableCell label="Average" className="tabular-nums sm:text-right">
                {m.average === null ? '–' : m.average.toFixed(1)}
              </TableCell>
              <TableCell label="Answered" className="tabular-nums sm:text-right">
                {m.responseRate === null ? '–' : `${Math.round(m.responseRate * 100)}%`}
              </TableCell>
              <TableCell label="Time to reply" className="sm:text-right">
                {m.medianReplyHours === null ? '–' : replyTimeWords(m.medianReplyHours)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  )
}

export function ReviewsSummaryCard({ summary }: { summary: ReviewsSummary }) {
  const imported = summary.import
  return (
    <Card role="region" aria-labelledby="reviews-summary-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="reviews-summary-title" className="text-base">
          Your reviews at a glance
        </CardTitle>
        {imported ? <ReviewsSourceBadge imported={imported} /> : null}
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
        <dl className="grid content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Figure label="Average rating">
            {summary.average === null ? (
              'No ratings yet'
            ) : (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-2xl font-semibold tabular-nums">
                  {summary.average.toFixed(1)}
                </span>
                <Stars rating={summary.average} />
              </span>
            )}
          </Figure>
          <Figure label="Reviews">
            <span className="text-2xl font-semibold tabular-nums">{summary.count}</span>
          </Figure>
          <Figure label="Answered">
            {summary.responseRate === null
              ? 'No reviews yet'
              : `${Math.round(summary.responseRate * 100)}% of reviews have your reply`}
          </Figure>
          <Figure label="Typical time to reply">
            {summary.medianReplyHours === null
              ? 'No replies yet'
              : replyTimeWords(summary.medianReplyHours)}
          </Figure>
        </dl>
        <Distribution distribution={summary.distribution} count={summary.count} />
        <MonthsChart months={summary.months} />
        <MonthByMonth months={summary.months} />
      </CardContent>
    </Card>
  )
}
