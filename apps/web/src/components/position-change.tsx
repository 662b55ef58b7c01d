import { CHANGE_BASIS, formatChange } from '@localseo/shared/position-change'
import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import { cn } from '@/lib/utils'

export { positionChange } from '@localseo/shared/position-change'

/**
 * How far a position moved since the check before (docs/product.md §2 "Change (+n or -n with
 * arrow)"; one definition on every screen, `@localseo/shared/position-change`): an arrow, the
 * signed number and words for screen readers ('improved since the check before'), so colour is
 * never the only signal. `change` is previous minus current (positive is better); null when there
 * is no earlier check, which reads as no change rather than an invented move. `compact` is the
 * dashboard's small size, where the words are for screen readers only; every screen also says the
 * basis beside the figures (a column header or a line under the list).
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
        <span className="sr-only"> {CHANGE_BASIS}</span>
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
      <span className="sr-only">
        {' '}
        ({improved ? 'improved' : 'declined'} {CHANGE_BASIS})
      </span>
    </span>
  )
}
