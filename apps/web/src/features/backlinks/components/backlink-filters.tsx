import {
  backlinkQualities,
  backlinkTypes,
  type BacklinkQuality,
  type BacklinkTimeRange,
  type BacklinkType,
} from '@localseo/shared/backlinks'
import { Search } from 'lucide-react'
import { useId } from 'react'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import type { BacklinkFilters as Filters } from '../api/get-backlinks'
import { capitalize } from '../utils/format'

const timeRanges: ReadonlyArray<{ value: BacklinkTimeRange; label: string }> = [
  { value: 'all', label: 'All time' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '6m', label: 'Last 6 months' },
  { value: '1y', label: 'Last year' },
]

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
  const domainId = useId()
  return (
    <div
      role="search"
      aria-label="Filter backlinks"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
    >
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
            onChange={(event) => onDomainChange(event.target.value)}
          />
        </div>
      </div>
      <FormField label="Type">
        <Select
          value={filters.type}
          onChange={(event) =>
            onChange({ ...filters, type: event.target.value as '' | BacklinkType })
          }
        >
          <option value="">All</option>
          {backlinkTypes.map((type) => (
            <option key={type} value={type}>
              {capitalize(type)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Quality">
        <Select
          value={filters.quality}
          onChange={(event) =>
            onChange({ ...filters, quality: event.target.value as '' | BacklinkQuality })
          }
        >
          <option value="">All</option>
          {backlinkQualities.map((quality) => (
            <option key={quality} value={quality}>
              {capitalize(quality)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Time Range">
        <Select
          value={filters.timeRange}
          onChange={(event) =>
            onChange({ ...filters, timeRange: event.target.value as BacklinkTimeRange })
          }
        >
          {timeRanges.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  )
}
