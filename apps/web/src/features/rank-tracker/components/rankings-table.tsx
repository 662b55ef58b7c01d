import { CHANGE_BASIS, CHANGE_LABEL } from '@localseo/shared/position-change'
import type { RankingEntry } from '@localseo/shared/rank-tracker'
import {
  FigureSourceBadge,
  SampleBadge,
  VolumeColumnSource,
  VolumeFigure,
} from '@/components/figure-source'
import { Pagination } from '@/components/pagination'
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

const DESCRIPTION = `Change is ${CHANGE_BASIS}, as on the dashboard and Keyword Analysis. Trend shows the last 7 checks.`

/**
 * docs/product.md §2: Keyword, Current Position (#n), Change, Trend (the last 7 checks). A keyword
 * with Search Console data names its average position under the keyword, apart from the checks.
 * The change is since the check before, as on the dashboard and Keyword Analysis (issue 32 item 1);
 * the range picks the days the chart and the CSV show. The table shows a page of the keywords, as
 * the server sends it: the summary, the movers, the chart's choice and the CSV cover them all
 * (issue 36 item 2).
 */
export function RankingsTable({
  entries,
  total,
  page,
  pageSize,
  paging = false,
  onPage,
  simulated,
  onRetry,
  retrying = false,
}: {
  /** The page's keywords. */
  entries: RankingEntry[]
  /** Every tracked keyword of the location. */
  total: number
  page: number
  pageSize: number
  /** Another page is on its way: the pager waits for it. */
  paging?: boolean
  onPage: (page: number) => void
  /** Positions from the simulated provider: the column says so, as every screen does. */
  simulated: boolean
  /** Asks today's checks again (Refresh), offered beside a failed check. */
  onRetry?: () => void
  retrying?: boolean
}) {
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
              {entries.map((entry) => (
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
        <RankingsPager
          shown={entries.length}
          total={total}
          page={page}
          pageSize={pageSize}
          paging={paging}
          onPage={onPage}
        />
      </CardContent>
    </Card>
  )
}

/** The table's pager: the server sends a page, the total says how many there are (issue 36 item 2). */
function RankingsPager({
  shown,
  total,
  page,
  pageSize,
  paging,
  onPage,
}: {
  shown: number
  total: number
  page: number
  pageSize: number
  paging: boolean
  onPage: (page: number) => void
}) {
  const first = (page - 1) * pageSize + 1
  return (
    <Pagination
      label="Keyword ranking pages"
      page={page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
      loading={paging}
      onPage={onPage}
      className="mt-4"
    >
      Keywords {first}-{first + shown - 1} of {total}
    </Pagination>
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
