import { cn } from '@/lib/utils'

/** A labelled bar whose value is also written out, so the number never depends on the colour. */
export function ProgressBar({
  label,
  value,
  text,
  barClassName,
}: {
  label: string
  /** 0-100 */
  value: number
  text: string
  barClassName?: string
}) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width]', barClassName)}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </div>
    </div>
  )
}
