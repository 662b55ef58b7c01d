import { LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import { ClipboardCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { FigureSourceBadge } from '@/components/figure-source'
import { Button, buttonClassName } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { formatDate } from '@/lib/dates'
import { CardLoading } from './card-state'
import type { Dashboard, ScorePart } from '../api/get-dashboard'

type ScoreData = Pick<
  Dashboard,
  'score' | 'measured' | 'scoreSource' | 'breakdown' | 'scoreNote' | 'scoreAudit'
>

/** Score colours as docs/product.md §9 has them for scores: above 70 green, above 40 yellow, else red. */
function tone(score: number) {
  if (score > 70) return { bar: 'bg-success', text: 'Good' }
  if (score > 40) return { bar: 'bg-warning', text: 'Fair' }
  return { bar: 'bg-destructive', text: 'Needs work' }
}

function Meter({ value, label, className }: { value: number; label: string; className: string }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full rounded-full', className)} style={{ width: `${value}%` }} />
    </div>
  )
}

/**
 * docs/product.md §9: a fixed 72 out of 100 once a business name exists; once a site audit has finished, the
 * score measured from the audit, backlinks, listings and profile, with each part explained (issue 11).
 */
export function ScoreCard({
  data,
  timeZone,
}: {
  data: ScoreData | undefined
  /** The business's, so the audit's date is its own day (issue 32 item 5). */
  timeZone: string
}) {
  return (
    <Card role="region" aria-labelledby="local-seo-score-title" className="h-full">
      <CardHeader>
        <CardTitle id="local-seo-score-title">Local SEO Score</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {data ? (
          <Score data={data} timeZone={timeZone} />
        ) : (
          <CardLoading label="Loading your score…" />
        )}
      </CardContent>
    </Card>
  )
}

/** The score, starting or measured, once the dashboard has answered. */
function Score({ data, timeZone }: { data: ScoreData; timeZone: string }) {
  const value = data.score ?? LOCAL_SEO_SCORE
  return (
    <>
      <p className="flex items-baseline gap-2">
        <span className="text-5xl font-semibold tracking-tight text-primary">{value}</span>
        <span className="text-sm text-muted-foreground">out of 100</span>
        {data.scoreSource ? (
          <FigureSourceBadge source={data.scoreSource} what="score" className="self-center" />
        ) : null}
      </p>
      <Meter value={value} label="Local SEO Score" className="bg-primary" />
      {data.measured ? (
        <MeasuredDetails data={data} timeZone={timeZone} />
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">
            A starting score. Run a site audit to get a score measured from your website, listings,
            backlinks and business profile.
          </p>
          <Link
            to={paths.siteAudit}
            className={buttonClassName({ variant: 'outline', size: 'sm' })}
          >
            <ClipboardCheck aria-hidden="true" />
            Run a site audit
          </Link>
        </div>
      )}
    </>
  )
}

function MeasuredDetails({ data, timeZone }: { data: ScoreData; timeZone: string }) {
  // The parts are always listed; their explanations open on demand, so the card stays short.
  const [explained, setExplained] = useState(false)
  const explanationsId = useId()
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Measured from{' '}
        <Link to={paths.siteAudit} className="text-primary underline-offset-4 hover:underline">
          your site audit
        </Link>
        {data.scoreAudit ? ` of ${formatDate(data.scoreAudit.finishedAt, timeZone)}` : ''}, your
        backlinks, listings and business profile.
      </p>
      <section aria-labelledby="score-breakdown-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="score-breakdown-title" className="text-sm font-semibold">
            What makes up your score
          </h3>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            aria-expanded={explained}
            aria-controls={explanationsId}
            onClick={() => setExplained((open) => !open)}
          >
            {explained ? 'Hide explanations' : 'Explain each part'}
          </Button>
        </div>
        <ul
          id={explanationsId}
          aria-label="Score breakdown"
          className={cn('grid', explained ? 'gap-4' : 'gap-3')}
        >
          {data.breakdown.map((part) => (
            <BreakdownItem key={part.group} part={part} explained={explained} />
          ))}
        </ul>
        {explained && data.scoreNote ? (
          <p className="text-xs text-muted-foreground">{data.scoreNote}</p>
        ) : null}
      </section>
    </>
  )
}

function BreakdownItem({ part, explained }: { part: ScorePart; explained: boolean }) {
  const { bar, text } = tone(part.score)
  return (
    <li className="grid gap-1">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium">{part.label}</span>
        <span className="shrink-0 text-sm tabular-nums">
          <span className="font-semibold">{part.score}</span>/100
        </span>
      </div>
      <Meter value={part.score} label={`${part.label}: ${part.score} out of 100`} className={bar} />
      <p className="text-xs text-muted-foreground">
        {text} · {part.weight}% of the score
        {explained ? <span className="block pt-1 text-foreground">{part.explanation}</span> : null}
      </p>
    </li>
  )
}
