import { QUALITY_LABELS } from '@localseo/shared/backlink-quality'
import {
  backlinkQualities,
  backlinkTypes,
  type BacklinkTimeRange,
} from '@localseo/shared/backlinks'
import { Search } from 'lucide-react'
import { useId } from 'react'
import { OptionSelect } from '@/components/option-select'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { BacklinkFilters as Filters } from '../api/get-backlinks'
import { capitalize } from '../utils/format'

const timeRanges: ReadonlyArray<{ value: BacklinkTimeRange; label: string }> = [
  { value: 'all', label: 'All time' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '6m', label: 'Last 6 months' },
  { value: '1y', label: 'Last year' },
]

const withAll = <Value extends string>(values: readonly Value[]) => [
  { value: '' as const, label: 'All' },
  ...values.map((value) => ({ value, label: capitalize(value) })),
]
const TYPE_OPTIONS = withAll(backlinkTypes)
const QUALITY_OPTIONS = [
  { value: '' as const, label: 'All' },
  ...backlinkQualities.map((value) => ({ value, label: QUALITY_LABELS[value] })),
]

/** The domain text box, with its search icon. */
function DomainSearch({ domain, onChange }: { domain: string; onChange: (value: string) => void }) {
  const domainId = useId()
  return (
    <div className="col-span-2 flex min-w-0 flex-col gap-2 lg:col-span-1">
      <Label htmlFor={domainId}>Domain</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={domainId}
          type="search"
          value={domain}
          maxLength={200}
          placeholder="Search domains"
          className="pl-9"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  )
}

/**
 * docs/product.md §2 filters: Domain text, Type, Quality and Time Range. All of them filter on the server
 * (issue 8: the original ignored Time Range; users expect a filter to filter).
 */
export function BacklinkFilters({
  domain,
  onDomainChange,
  filters,
  onChange,
}: {
  domain: string
  onDomainChange: (domain: string) => void
  filters: Filters
  onChange: (filters: Filters) => void
}) {
  return (
    <div
      role="search"
      aria-label="Filter backlinks"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
    >
      <DomainSearch domain={domain} onChange={onDomainChange} />
      <OptionSelect
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ ...filters, type })}
      />
      <OptionSelect
        label="Quality"
        value={filters.quality}
        options={QUALITY_OPTIONS}
        onChange={(quality) => onChange({ ...filters, quality })}
      />
      <OptionSelect
        label="Time Range"
        value={filters.timeRange}
        options={timeRanges}
        onChange={(timeRange) => onChange({ ...filters, timeRange })}
      />
    </div>
  )
}
