import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'

/** Previous / Next under a paged table, with where the reader is (`children`); none for one page. */
export function Pagination({
  label,
  page,
  pages,
  loading,
  onPage,
  children,
  className = '',
}: {
  label: string
  page: number
  pages: number
  loading: boolean
  onPage: (page: number) => void
  children: ReactNode
  className?: string
}) {
  if (pages <= 1) return null
  return (
    <nav
      aria-label={label}
      className={`flex flex-wrap items-center justify-between gap-3 ${className}`}
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {children}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1 || loading}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages || loading}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}

/**
 * One page of a list the screen already holds whole, because it also sums, ranks or exports every
 * row (the Rank Tracker's 500 keywords a location): only the page is rendered (issue 36 item 2,
 * docs/web-conventions.md "Tables"). Past the last page after the list shrinks, the last page shows.
 */
export function useClientPages<T>(rows: readonly T[], pageSize: number) {
  const [wanted, setPage] = useState(1)
  const pages = Math.max(1, Math.ceil(rows.length / pageSize))
  const page = Math.min(wanted, pages)
  const start = (page - 1) * pageSize
  const shown = rows.slice(start, start + pageSize)
  return { page, pages, setPage, shown, first: start + 1, last: start + shown.length }
}
