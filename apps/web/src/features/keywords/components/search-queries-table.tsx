import type { SearchConsoleRow, SearchConsoleRows } from '@localseo/shared/search-console'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { cn } from '@/lib/utils'
import {
  formatCtr,
  formatPosition,
  rowChanges,
  type FigureChange,
  type RowChanges,
} from '../utils/search-console-format'

/** A figure's change under it: an arrow and words as well as colour (docs/house-rules.md). */
function ChangeLine({ change, better }: { change: FigureChange | null; better: boolean }) {
  if (!change) return null
  if (change.direction === 'same') {
    return <span className="block text-xs text-muted-foreground">{change.text}</span>
  }
  const up = change.direction === 'up'
  const Icon = up ? ArrowUp : ArrowDown
  const words = better ? (up ? ' (better)' : ' (worse)') : up ? ' (up)' : ' (down)'
  return (
    <span
      className={cn(
        'flex items-center gap-0.5 text-xs font-medium',
        up ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0" />
      {change.text}
      <span className="sr-only">{words}</span>
    </span>
  )
}

function Figure({
  label,
  value,
  change,
  better = false,
}: {
  label: string
  value: string
  change: FigureChange | null
  better?: boolean
}) {
  return (
    <TableCell label={label} className="tabular-nums whitespace-nowrap">
      <span className="block">{value}</span>
      <ChangeLine change={change} better={better} />
    </TableCell>
  )
}

function Row({
  row,
  isPage,
  compared,
}: {
  row: SearchConsoleRow
  isPage: boolean
  compared: boolean
}) {
  const { current, previous } = row
  const changes: Partial<RowChanges> = previous ? rowChanges(current, previous) : {}
  return (
    <TableRow>
      {/* A URL has no spaces to break at: it may break anywhere rather than widen the table. */}
      <TableRowHeader className={cn('font-normal', isPage ? 'break-all' : 'break-words')}>
        {row.key}
        {compared && !previous ? (
          <Badge variant="secondary" className="ml-2">
            New
          </Badge>
        ) : null}
      </TableRowHeader>
      <Figure label="Clicks" value={formatNumber(current.clicks)} change={changes.clicks ?? null} />
      <Figure
        label="Impressions"
        value={formatNumber(current.impressions)}
        change={changes.impressions ?? null}
      />
      <Figure label="CTR" value={formatCtr(current.ctr)} change={changes.ctr ?? null} />
      <Figure
        label="Avg. position"
        value={formatPosition(current.position)}
        change={changes.position ?? null}
        better
      />
    </TableRow>
  )
}

/**
 * One page of queries or pages. `compared`: the 28 days before were imported, so a row without
 * them is new in this period (not merely unknown).
 */
export function SearchQueriesTable({
  data,
  compared,
}: {
  data: SearchConsoleRows
  compared: boolean
}) {
  const query = data.dimension === 'query'
  return (
    <Table stack aria-label={query ? 'Search queries' : 'Pages'}>
      <TableHeader>
        <TableRow>
          <TableHead>{query ? 'Query' : 'Page'}</TableHead>
          <TableHead>Clicks</TableHead>
          <TableHead>Impressions</TableHead>
          <TableHead>CTR</TableHead>
          <TableHead>Avg. position</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.rows.map((row) => (
          <Row key={row.key} row={row} isPage={!query} compared={compared} />
        ))}
      </TableBody>
    </Table>
  )
}
