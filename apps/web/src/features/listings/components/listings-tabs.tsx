import type { ListingEntry, ListingsView } from '@localseo/shared/listings'
import { ExternalLink, Pencil } from 'lucide-react'
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { SampleBadge } from '@/components/figure-source'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { formatDay } from '@/lib/dates'
import { useMayChange } from '@/lib/member-role'

const TABS = [
  { id: 'listings', label: 'Business Listings' },
  { id: 'citations', label: 'Local Citations' },
] as const

type TabId = (typeof TABS)[number]['id']

/** Business Listings and Local Citations (docs/product.md §2), as an accessible tab list. */
export function ListingsTabs({
  view,
  onEdit,
}: {
  view: ListingsView
  onEdit: (entry: ListingEntry) => void
}) {
  const [tab, setTab] = useState<TabId>('listings')
  const id = useId()
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      setTab((current) => (current === 'listings' ? 'citations' : 'listings'))
    }
  }
  return (
    <Card>
      <CardContent className="pt-6">
        <div role="tablist" aria-label="Listings" className="mb-4 flex gap-2 border-b">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${id}-${t.id}-tab`}
              aria-selected={tab === t.id}
              aria-controls={`${id}-${t.id}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={onKeyDown}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                tab === t.id
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
          {tab === 'listings' ? (
            <ListingsTable entries={view.listings} onEdit={onEdit} />
          ) : (
            <CitationsTable entries={view.citations} onEdit={onEdit} />
          )}
        </div>
      </CardContent>
    </Card>
  )
}

function SourceBadge({ entry }: { entry: ListingEntry }) {
  if (entry.source === 'sample') return <SampleBadge className="ml-2" />
  return entry.source === 'none' ? (
    <Badge variant="outline" className="ml-2 font-normal text-muted-foreground">
      Not recorded
    </Badge>
  ) : null
}

function EditButton({ entry, onEdit }: { entry: ListingEntry; onEdit: (e: ListingEntry) => void }) {
  const mayChange = useMayChange()
  if (!mayChange) return null
  return (
    <Button variant="ghost" size="sm" onClick={() => onEdit(entry)}>
      <Pencil aria-hidden="true" className="size-3.5" />
      Edit<span className="sr-only"> {entry.platform}</span>
    </Button>
  )
}

function ExternalAction({
  href,
  label,
  platform,
}: {
  href: string
  label: string
  platform: string
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {label}
      <span className="sr-only"> on {platform} (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  )
}

// This table keeps a 1rem gap after every column, the last one included.
const cellClass = 'pr-4 last:pr-4'

interface Column {
  header: string
  className?: string
  cell: (entry: ListingEntry) => ReactNode
}

/** One table shape for both tabs: the platform first, its columns, then the actions. */
function EntryTable({
  firstHeader,
  columns,
  actionLabel,
  entries,
  onEdit,
}: {
  firstHeader: string
  columns: Column[]
  actionLabel: (entry: ListingEntry) => string
  entries: ListingEntry[]
  onEdit: (e: ListingEntry) => void
}) {
  return (
    <Table stack className="sm:min-w-[640px]">
      <TableHeader className="text-xs">
        <TableRow>
          <TableHead className={cellClass}>{firstHeader}</TableHead>
          {columns.map((column) => (
            <TableHead key={column.header} className={cellClass}>
              {column.header}
            </TableHead>
          ))}
          <TableHead className={cellClass}>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.platform}>
            <TableCell className={cn(cellClass, 'font-medium max-sm:col-span-2')}>
              {entry.platform}
              <SourceBadge entry={entry} />
            </TableCell>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                label={column.header}
                className={cn(cellClass, column.className)}
              >
                {column.cell(entry)}
              </TableCell>
            ))}
            <TableCell className={cn(cellClass, 'whitespace-nowrap max-sm:col-span-2')}>
              <div className="flex items-center gap-3">
                <ExternalAction
                  href={entry.url}
                  label={actionLabel(entry)}
                  platform={entry.platform}
                />
                <EditButton entry={entry} onEdit={onEdit} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const listingColumns: Column[] = [
  { header: 'Status', className: 'capitalize', cell: (entry) => entry.status ?? '—' },
  { header: 'Issues', cell: (entry) => <IssueList issues={entry.issues} /> },
  {
    header: 'Last Updated',
    className: 'whitespace-nowrap',
    cell: (entry) => (entry.lastUpdated ? formatDay(entry.lastUpdated) : '—'),
  },
]

function ListingsTable(props: { entries: ListingEntry[]; onEdit: (e: ListingEntry) => void }) {
  return (
    <EntryTable
      firstHeader="Platform"
      columns={listingColumns}
      actionLabel={() => 'Manage'}
      {...props}
    />
  )
}

function IssueList({ issues }: { issues: string[] }) {
  if (issues.length === 0) return <span className="text-muted-foreground">0 issues</span>
  return (
    <details>
      <summary className="cursor-pointer font-medium text-destructive">
        {issues.length} {issues.length === 1 ? 'issue' : 'issues'}
      </summary>
      <ul className="mt-2 grid gap-1 text-xs text-muted-foreground">
        {issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </details>
  )
}

const consistencyLabel = { consistent: 'Consistent', inconsistent: 'Inconsistent', 'n/a': 'N/A' }

const citationColumns: Column[] = [
  { header: 'Status', cell: (entry) => (entry.listed ? 'Listed' : 'Not listed') },
  {
    header: 'NAP Consistency',
    cell: (entry) => (
      <>
        <span
          className={cn(
            entry.napConsistency === 'inconsistent' && 'font-medium text-destructive',
            entry.napConsistency === 'consistent' && 'text-primary',
          )}
        >
          {consistencyLabel[entry.napConsistency]}
        </span>
        {entry.napConsistency === 'inconsistent' ? <IssueList issues={entry.issues} /> : null}
      </>
    ),
  },
]

function CitationsTable(props: { entries: ListingEntry[]; onEdit: (e: ListingEntry) => void }) {
  return (
    <EntryTable
      firstHeader="Source"
      columns={citationColumns}
      actionLabel={(entry) => (entry.listed ? 'Update' : 'Add Listing')}
      {...props}
    />
  )
}
