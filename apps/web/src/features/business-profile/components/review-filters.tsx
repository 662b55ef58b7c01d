// The Reviews list's filters (issue 33 item 2), kept in the address so a reload or a shared link
// keeps them: ?rating=&replied=&from=&to=&q=&page=. The search box waits for a pause in typing.
import { useEffect, useRef, useState } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { ReviewFilters } from '../api/reviews'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const FILTER_KEYS = ['rating', 'replied', 'from', 'to', 'q', 'page'] as const
/** How long the search box waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 350

/** The filters the address holds; anything malformed reads as no filter. */
export function filtersFromParams(params: URLSearchParams): ReviewFilters {
  const rating = params.get('rating') ?? ''
  const replied = params.get('replied')
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const page = Number(params.get('page'))
  return {
    rating: /^[1-5]$/.test(rating) ? rating : undefined,
    replied: replied === 'true' || replied === 'false' ? replied : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** Sets (or, for '', removes) filters in the address; any filter change goes back to page 1. */
export function useFilterSetter(setParams: SetURLSearchParams) {
  return (changes: Partial<Record<(typeof FILTER_KEYS)[number], string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (!('page' in changes)) next.delete('page')
        for (const [key, value] of Object.entries(changes)) {
          if (value && !(key === 'page' && value === '1')) next.set(key, value)
          else next.delete(key)
        }
        return next
      },
      { replace: true },
    )
}

const clearedFilters = Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as Record<
  (typeof FILTER_KEYS)[number],
  string
>

/** The search box: it follows the address, and the address follows it once typing pauses. */
function SearchBox({
  value,
  onSearch,
  ...field
}: {
  value: string
  onSearch: (q: string) => void
  /** FormField's id and descriptions. */
  id?: string
}) {
  const [search, setSearch] = useState(value)
  // Back, forward or 'Clear filters' changed the address: the box shows it (set while rendering,
  // as React advises for state that follows a prop).
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setSearch(value)
  }
  // The latest callback, without restarting the wait each time the screen renders.
  const latest = useRef(onSearch)
  useEffect(() => {
    latest.current = onSearch
  })
  useEffect(() => {
    if (search.trim() === value) return
    const timer = setTimeout(() => latest.current(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, value])
  return (
    <Input
      {...field}
      type="search"
      placeholder="Words in a review or a name"
      maxLength={100}
      value={search}
      onChange={(e) => setSearch(e.target.value)}
    />
  )
}

export function ReviewFiltersBar({
  filters,
  onChange,
}: {
  filters: ReviewFilters
  onChange: ReturnType<typeof useFilterSetter>
}) {
  const filtered = Boolean(
    filters.rating || filters.replied || filters.from || filters.to || filters.q,
  )

  return (
    <div
      role="search"
      aria-label="Filter reviews"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[8rem_9rem_10rem_10rem_minmax(0,1fr)_auto] lg:items-end"
    >
      <FormField label="Stars">
        <Select value={filters.rating ?? ''} onChange={(e) => onChange({ rating: e.target.value })}>
          <option value="">Any</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={String(stars)}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Reply">
        <Select
          value={filters.replied ?? ''}
          onChange={(e) => onChange({ replied: e.target.value })}
        >
          <option value="">Any</option>
          <option value="true">Replied</option>
          <option value="false">Not replied</option>
        </Select>
      </FormField>
      <FormField label="From">
        <Input
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </FormField>
      <FormField label="Search" className="col-span-2 sm:col-span-2 lg:col-span-1">
        <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
      </FormField>
      {filtered ? (
        <Button variant="ghost" className="self-end" onClick={() => onChange(clearedFilters)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}
