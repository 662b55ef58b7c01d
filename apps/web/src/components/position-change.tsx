import { formatChange } from '@localseo/shared/position-change'
import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * How far a position moved since the check before (docs/product.md §2 "Change (+n or -n with
 * arrow)"), the same on every screen: an arrow, the signed number and words for screen readers, so
 * colour is never the only signal. `change` is previous minus current (positive is better); null
 * when there is no earlier check, which reads as no change rather than an invented move.
 * `compact` is the dashboard's small size, where the words are for screen readers only.
 */
export function PositionChange({
  change,
  compact = false,
}: {
  change: number | null
  compact?: boolean
}) {
  const size = compact ? 'gap-0.5 text-xs' : 'gap-1 text-sm'
  const icon = compact ? 'size-3' : 'size-4'
  if (change === null || change === 0) {
    return (
      <span className={cn('inline-flex items-center text-muted-foreground', size)}>
        <Minus aria-hidden="true" className={icon} />
        <span className={cn(compact && 'sr-only')}>No change</span>
      </span>
    )
  }
  const improved = change > 0
  const Icon = improved ? ArrowUp : ArrowDown
  return (
    <span
      className={cn(
        'inline-flex items-center font-medium tabular-nums',
        size,
        improved ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className={icon} />
      {formatChange(change)}
      <span className="sr-only">{improved ? ' (improved)' : ' (declined)'}</span>
    </span>
  )
}

/** The change between two positions (a smaller number is a better place); null without both. */
export function positionChange(position: number | null, previous: number | null): number | null {
  return position === null || previous === null ? null : previous - position
}
