import { Card, CardContent } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { scoreTone, toneBarClass, toneLabel } from '../utils/score-tone'

/**
 * A 0-100 score with its number, a word and a colour bar (docs/product.md §9 colours); a null score
 * reads 'Not rated' with `unratedNote`, never a made-up figure (issue 32 item 4).
 */
export function ScoreCard({
  title,
  score,
  description,
  unratedNote,
}: {
  title: string
  score: number | null
  description: string
  unratedNote?: string
}) {
  if (score === null) {
    return (
      <Card className="h-full">
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          <p className="text-2xl font-semibold">Not rated</p>
          <p className="text-xs text-muted-foreground">{unratedNote ?? description}</p>
        </CardContent>
      </Card>
    )
  }
  const tone = scoreTone(score)
  return (
    <Card className="h-full">
      <CardContent className="grid gap-3 p-4 sm:p-6">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-semibold tabular-nums">{score}</span>
          <span className="text-sm text-muted-foreground">out of 100</span>
          <span
            className={cn(
              'ml-auto text-sm font-medium',
              tone === 'green' && 'text-success',
              tone === 'red' && 'text-destructive',
            )}
          >
            {toneLabel[tone]}
          </span>
        </p>
        <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            data-testid="score-bar"
            data-tone={tone}
            className={cn('h-full rounded-full', toneBarClass[tone])}
            style={{ width: `${score}%` }}
          />
        </div>
        <p className="text-xs text-muted-foreground">{description}</p>
      </CardContent>
    </Card>
  )
}
