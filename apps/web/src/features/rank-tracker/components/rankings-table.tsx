import { CHANGE_BASIS, CHANGE_LABEL } from '@localseo/shared/position-change'
import type { RankingEntry } from '@localseo/shared/rank-tracker'
import {
  FigureSourceBadge,
  SampleBadge,
  VolumeColumnSource,
  VolumeFigure,
} from '@/components/figure-source'
import { Pagination, useClientPages } from '@/components/pagination'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { CurrentPosition } from './current-position'
import { PositionChange } from '@/components/position-change'
import { SearchConsolePosition } from './search-console-position'
import { TrendBars } from './trend-bars'

/** Rows a page of the table shows: a location tracks up to 500 keywords (issue 36 item 2). */
const RANKINGS_PAGE_SIZE = 50

const DESCRIPTION = `Change is ${CHANGE_BASIS}, as on the dashboard and Keyword Analysis. Trend shows the last 7 checks.`

/**
 * docs/product.md §2: Keyword, Current Position (#n), Change, Trend (the last 7 checks). A keyword
 * with Search Console data names its average position under the keyword, apart from the checks.
 * The change is since the check before, as on the dashboard and Keyword Analysis (issue 32 item 1);
 * the range picks the days the chart and the CSV show. The table shows a page of the keywords: the
 * summary, the movers, the chart's choice and the CSV read them all (issue 36 item 2).
 */
export function RankingsTable({
  entries,
  simulated,
  onRetry,
  retrying = false,
}: {
  entries: RankingEntry[]
  /** Positions from the simulated provider: the column says so, as every screen does. */
  simulated: boolean
  /** Asks today's checks again (Refresh), offered beside a failed check. */
  onRetry?: () => void
  retrying?: boolean
}) {
  const { page, pages, setPage, shown, first, last } = useClientPages(entries, RANKINGS_PAGE_SIZE)
  const column = entries.map((e) => e.volumeSource)
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id="rankings-title">Keyword Rankings</CardTitle>
        <CardDescription>{DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tracked keywords yet. Add a keyword to start tracking it.
          </p>
        ) : (
          <Table bleed stack aria-labelledby="rankings-title" className="sm:min-w-[38rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>
                  <span className="flex flex-col items-start gap-1">
                    Current Position
                    {simulated ? <FigureSourceBadge source={{ kind: 'simulated' }} /> : null}
                  </span>
                </TableHead>
                <TableHead>{CHANGE_LABEL}</TableHead>
                <TableHead>Trend</TableHead>
                <TableHead>
                  <span className="flex flex-col items-start gap-1">
                    Monthly searches <VolumeColumnSource sources={column} />
                  </span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((entry) => (
                <RankingRow
                  key={entry.id}
                  entry={entry}
                  column={column}
                  onRetry={onRetry}
                  retrying={retrying}
                />
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination
          label="Keyword ranking pages"
          page={page}
          pages={pages}
          loading={false}
          onPage={setPage}
          className="mt-4"
        >
          Keywords {first}-{last} of {entries.length}
        </Pagination>
      </CardContent>
    </Card>
  )
}

/** One keyword's row: its position, change, trend and volume. */
function RankingRow({
  entry,
  column,
  onRetry,
  retrying,
}: {
  entry: RankingEntry
  /** Every keyword's volume source: one badge speaks for the column (docs/web-conventions.md). */
  column: RankingEntry['volumeSource'][]
  onRetry?: (() => void) | undefined
  retrying: boolean
}) {
  return (
    <TableRow>
      <TableRowHeader className="sm:max-w-56">
        {entry.keyword}
        {entry.sample ? <SampleBadge className="ml-2" /> : null}
        {entry.searchConsole ? <SearchConsolePosition positions={entry.searchConsole} /> : null}
      </TableRowHeader>
      <TableCell label="Current position">
        <CurrentPosition entry={entry} onRetry={onRetry} retrying={retrying} />
      </TableCell>
      <TableCell label={CHANGE_LABEL}>
        <PositionChange change={entry.change} />
      </TableCell>
      <TableCell label="Trend">
        <TrendBars positions={entry.positions} />
      </TableCell>
      <TableCell label="Monthly searches" className="tabular-nums whitespace-nowrap">
        <VolumeFigure volume={entry.volume} source={entry.volumeSource} column={column} />
      </TableCell>
    </TableRow>
  )
}
