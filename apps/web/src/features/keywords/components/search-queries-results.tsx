import type {
  SearchConsoleDimension,
  SearchConsoleImport,
  SearchConsolePerformance,
  SearchConsoleRows,
} from '@localseo/shared/search-console'
import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Pagination } from '@/components/pagination'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatNumber, relativeTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useSearchConsoleRows } from '../api/get-search-console-rows'
import { formatDay, siteLabel } from '../utils/search-console-format'
import { SearchQueriesTable } from './search-queries-table'

const DIMENSIONS: ReadonlyArray<{ value: SearchConsoleDimension; label: string }> = [
  { value: 'query', label: 'Queries' },
  { value: 'page', label: 'Pages' },
]

function DimensionToggle({
  value,
  onChange,
}: {
  value: SearchConsoleDimension
  onChange: (value: SearchConsoleDimension) => void
}) {
  return (
    <div role="group" aria-label="Show" className="inline-flex justify-self-start rounded-md">
      {DIMENSIONS.map((option, i) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={option.value === value ? 'default' : 'outline'}
          aria-pressed={option.value === value}
          className={i === 0 ? 'rounded-r-none' : '-ml-px rounded-l-none'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  )
}

function Pager({
  data,
  loading,
  onPage,
}: {
  data: SearchConsoleRows
  loading: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <Pagination
      label="Pages of the table"
      page={data.page}
      pages={pages}
      loading={loading}
      onPage={onPage}
    >
      Page {formatNumber(data.page)} of {formatNumber(pages)}
    </Pagination>
  )
}

function FailedImport({ run, kept }: { run: SearchConsoleImport; kept: boolean }) {
  return (
    <p className="flex items-start gap-2 text-sm text-destructive">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        The last import from Search Console failed{run.reason ? `: ${run.reason}` : '.'}
        {kept ? ' The figures below are from the import before.' : ''}
      </span>
    </p>
  )
}

/** 'Source: Google Search Console (example.com), imported 2 hours ago. Last 28 days (…) compared…' */
function sourceLine(
  { siteUrl, importedAt }: { siteUrl: string; importedAt: string },
  data: SearchConsoleRows,
  compared: boolean,
) {
  const source = `Source: Google Search Console (${siteLabel(siteUrl)}), imported ${relativeTime(importedAt)}.`
  if (!data.period) return source
  const days = `Last 28 days (${formatDay(data.period.from)} – ${formatDay(data.period.to)})`
  return compared
    ? `${source} ${days} compared with the 28 days before.`
    : `${source} ${days}. Google has no earlier days to compare them with.`
}

/** The imported queries or pages, 25 to a page, with their change since the 28 days before. */
export function SearchQueriesResults({
  businessId,
  performance,
}: {
  businessId: string
  performance: SearchConsolePerformance
}) {
  const [dimension, setDimension] = useState<SearchConsoleDimension>('query')
  const [page, setPage] = useState(1)
  const rows = useSearchConsoleRows(businessId, { dimension, page }, true)
  if (rows.isPending) return <Spinner label="Loading your search queries…" />
  if (rows.isError) {
    return <ErrorAlert>Could not load your Search Console data. Please try again later.</ErrorAlert>
  }
  const { data } = rows
  // A newer import can have fewer rows than the page being read: start again from the first.
  if (page > 1 && data.rows.length === 0 && !rows.isPlaceholderData) setPage(1)
  const run = data.import ?? performance.import
  if (!run) return null
  const { importedAt } = run
  const imported = importedAt !== null
  // The rows leave out the days before when they were not imported; any row that has them says so.
  const compared = performance.previous !== null || data.rows.some((row) => row.previous)
  const hasRows = data.total > 0
  return (
    <div className="grid grid-cols-1 gap-4">
      {run.status === 'failed' ? <FailedImport run={run} kept={imported && hasRows} /> : null}
      {imported && (hasRows || dimension !== 'query') ? (
        <DimensionToggle
          value={dimension}
          onChange={(value) => {
            setDimension(value)
            setPage(1)
          }}
        />
      ) : null}
      {imported && !hasRows ? (
        <p className="text-sm">Google has no search data for this property in the last 28 days.</p>
      ) : null}
      {hasRows ? (
        <div className={cn('grid grid-cols-1 gap-4', rows.isPlaceholderData && 'opacity-60')}>
          <SearchQueriesTable data={data} compared={compared} />
          <Pager data={data} loading={rows.isPlaceholderData} onPage={setPage} />
        </div>
      ) : null}
      {importedAt === null ? null : (
        <p className="text-xs text-muted-foreground">
          {sourceLine({ siteUrl: run.siteUrl, importedAt }, data, compared)}
        </p>
      )}
    </div>
  )
}
