import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/**
 * A row of joined buttons of which one is chosen (a range, a window, a chart's view): each a
 * toggle button, the chosen one pressed (aria-pressed) and filled, so the choice is not colour alone.
 */
export function ToggleButtons<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  /** The group's accessible name ('Date range', 'Period'). */
  label: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  const last = options.length - 1
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex rounded-md shadow-xs', className)}
    >
      {options.map((option, i) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={option.value === value ? 'default' : 'outline'}
          aria-pressed={option.value === value}
          className={cn(
            i > 0 && '-ml-px',
            i === 0 && last > 0 && 'rounded-r-none',
            i === last && last > 0 && 'rounded-l-none',
            i > 0 && i < last && 'rounded-none',
          )}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  )
}
