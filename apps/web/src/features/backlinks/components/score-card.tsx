import { Card, CardContent } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { scoreTone, toneBarClass, toneLabel } from '../utils/score-tone'

/** A 0-100 score with its number, a word and a colour bar (docs/product.md §9 colours). */
export function ScoreCard({
  title,
  score,
  description,
}: {
  title: string
  score: number
  description: string
}) {
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
