// The measured Local SEO Score's parts, each with its weight and, on demand, its explanation (issue
// 11, ADR 011); loaded only once a site audit has measured the score (score-card.tsx).
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/dates'
import { cn } from '@/lib/utils'
import type { ScorePart } from '../api/get-dashboard'
import { Meter } from './meter'
import type { ScoreData } from './score-card'

/** Score colours as docs/product.md §9 has them for scores: above 70 green, above 40 yellow, else red. */
function tone(score: number) {
  if (score > 70) return { bar: 'bg-success', text: 'Good' }
  if (score > 40) return { bar: 'bg-warning', text: 'Fair' }
  return { bar: 'bg-destructive', text: 'Needs work' }
}

export function MeasuredDetails({ data, timeZone }: { data: ScoreData; timeZone: string }) {
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
