import { NOT_FOUND_RANK, type GridScan } from '@localseo/shared/geo-grid'
import { Link } from 'react-router'
import { FigureSourceBadge } from '@/components/figure-source'
import { paths } from '@/config/paths'
import { competitorsPath } from '@/lib/competitors'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'

const percent = (share: number) => `${Math.round(share * 100)}%`

/** The points a summary leaves out (failed, or deferred by the day's budget), in words. */
const unanswered = (n: number) =>
  n <= 0
    ? ''
    : n === 1
      ? ' 1 point without an answer is left out.'
      : ` ${n} points without an answer are left out.`

/**
 * A scan's figures: the average rank (a point where the business is not in the 20 places counts as
 * 21, and the screen says so), the share of points in the top 3, and the competitors that beat it
 * most often.
 */
export function ScanSummary({ scan }: { scan: GridScan }) {
  const timeZone = useTimeZone()
  const { summary } = scan
  const inTop3 = summary.top3Share === null ? 0 : Math.round(summary.top3Share * summary.scanned)
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">Average rank</dt>
          <dd className="text-2xl font-semibold">
            {summary.averageRank === null ? '—' : `#${summary.averageRank.toFixed(1)}`}
          </dd>
          <dd className="text-xs">
            <MethodLink section="average-rank" figure="average rank" />
          </dd>
        </div>
        <div className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">In the top 3</dt>
          <dd className="text-2xl font-semibold">
            {summary.top3Share === null ? '—' : percent(summary.top3Share)}
          </dd>
          <dd className="text-xs text-muted-foreground">
            {inTop3} of {summary.scanned} points
          </dd>
          <dd className="text-xs">
            <MethodLink section="top-3-share" figure="top-3 share" />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        Found at {summary.found} of {summary.scanned} points scanned. A point where you are not
        among the 20 places counts as {NOT_FOUND_RANK} in the average.
        {unanswered(scan.pointsTotal - summary.scanned)}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        Source:{' '}
        {scan.simulated ? (
          <FigureSourceBadge source={{ kind: 'simulated' }} />
        ) : (
          <span>
            {scan.sourceLabel}, checked{' '}
            {formatDateTime(scan.finishedAt ?? scan.createdAt, timeZone)}
          </span>
        )}
      </div>
      <Competitors scan={scan} />
    </div>
  )
}

/** 'How is this computed?' next to a figure, to its section of the Methods page. */
function MethodLink({ section, figure }: { section: string; figure: string }) {
  return (
    <Link
      to={`${paths.methods}#${section}`}
      className="text-primary underline-offset-4 hover:underline"
    >
      How is this computed?<span className="sr-only"> ({figure})</span>
    </Link>
  )
}

function Competitors({ scan }: { scan: GridScan }) {
  const { competitors, scanned } = scan.summary
  return (
    <section aria-labelledby={`competitors-${scan.id}`} className="grid gap-2">
      <h3 id={`competitors-${scan.id}`} className="text-sm font-semibold">
        Who beats you most often
      </h3>
      {competitors.length === 0 ? (
        <p className="text-sm text-muted-foreground">No place ranked above you at any point.</p>
      ) : (
        <ol className="grid gap-1.5">
          {competitors.map((competitor) => (
            <li key={competitor.name} className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate">{competitor.name}</span>
              <span className="shrink-0 text-muted-foreground">
                {competitor.points} of {scanned} points
              </span>
            </li>
          ))}
        </ol>
      )}
      {/* Every competitor of the location over all its searches, to follow (issue 34 item 1). */}
      <Link
        to={competitorsPath(scan.locationId)}
        className="text-sm text-primary underline-offset-4 hover:underline"
      >
        See who outranks you
      </Link>
    </section>
  )
}
