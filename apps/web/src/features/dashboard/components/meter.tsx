import { cn } from '@/lib/utils'

/** A 0-100 bar, named for screen readers (the Local SEO Score and each of its parts). */
export function Meter({
  value,
  label,
  className,
}: {
  value: number
  label: string
  className: string
}) {
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
