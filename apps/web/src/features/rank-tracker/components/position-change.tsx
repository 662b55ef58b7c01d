import { formatChange } from '@localseo/shared/rank-tracker'
import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import { cn } from '@/lib/utils'

/** docs/product.md §2 "Change (+n or -n with arrow)": the arrow, the signed number and words for screen readers. */
export function PositionChange({ change }: { change: number | null }) {
  if (change === null) {
    return <span className="text-sm text-muted-foreground">No data</span>
  }
  if (change === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <Minus aria-hidden="true" className="size-4" />0
        <span className="sr-only"> (no change)</span>
      </span>
    )
  }
  const improved = change > 0
  const Icon = improved ? ArrowUp : ArrowDown
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm font-medium tabular-nums',
        improved ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {formatChange(change)}
      <span className="sr-only">{improved ? ' (improved)' : ' (declined)'}</span>
    </span>
  )
}
