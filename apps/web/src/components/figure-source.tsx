import {
  figureSourceDescription,
  figureSourceLabel,
  type FigureSource,
} from '@localseo/shared/keyword-figures'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

/**
 * Where a figure came from (issue 15 item 2), the same on every screen: a short badge ('Simulated',
 * 'Estimate', 'Measured …', 'Check failed') whose tooltip and screen-reader text explain it.
 */
export function FigureSourceBadge({
  source,
  what,
  className,
}: {
  source: FigureSource
  /** The figure it is about, for the explanation: 'position' (the default), 'volume', 'score'. */
  what?: string
  className?: string
}) {
  const description = figureSourceDescription(source, what)
  return (
    <Badge
      variant="outline"
      title={description}
      data-source={source.kind}
      className={cn(
        'font-normal text-muted-foreground',
        source.kind === 'failed' && 'border-destructive/40 text-destructive',
        className,
      )}
    >
      {figureSourceLabel(source)}
      <span className="sr-only">: {description}</span>
    </Badge>
  )
}

/** Data we created at sign-up, not the owner's: labelled wherever it shows (issue 15 item 2). */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="secondary"
      title="Sample data added when you signed up. Remove all of it in Settings."
      data-sample=""
      className={className}
    >
      Sample
    </Badge>
  )
}
