import { RANK_RANGES, type RankRange } from '@localseo/shared/rank-tracker'
import { Button } from '@/components/ui/button'

/** docs/product.md §2: 7 Days, 30 Days (the default) and 90 Days. */
export function RangeButtons({
  value,
  onChange,
}: {
  value: RankRange
  onChange: (range: RankRange) => void
}) {
  return (
    <div role="group" aria-label="Date range" className="inline-flex rounded-md shadow-xs">
      {RANK_RANGES.map((range, i) => (
        <Button
          key={range}
          type="button"
          size="sm"
          variant={range === value ? 'default' : 'outline'}
          aria-pressed={range === value}
          className={
            i === 0
              ? 'rounded-r-none'
              : i === RANK_RANGES.length - 1
                ? '-ml-px rounded-l-none'
                : '-ml-px rounded-none'
          }
          onClick={() => onChange(range)}
        >
          {range} Days
        </Button>
      ))}
    </div>
  )
}
