import { RANK_RANGES, type RankRange } from '@localseo/shared/rank-tracker'
import { ToggleButtons } from '@/components/ui/toggle-buttons'

const OPTIONS = RANK_RANGES.map((range) => ({ value: range, label: `${range} Days` }))

/** docs/product.md §2: 7 Days, 30 Days (the default) and 90 Days. */
export function RangeButtons({
  value,
  onChange,
}: {
  value: RankRange
  onChange: (range: RankRange) => void
}) {
  return <ToggleButtons label="Date range" options={OPTIONS} value={value} onChange={onChange} />
}
