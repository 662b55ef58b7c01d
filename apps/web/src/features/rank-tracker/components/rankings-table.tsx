import type { RankingEntry } from '@localseo/shared/rank-tracker'
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
import { TrendBars } from './trend-bars'

/** docs/product.md §2: Keyword, Current Position (#n), Change, Trend (the last 7 checks). */
export function RankingsTable({ entries, range }: { entries: RankingEntry[]; range: number }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id="rankings-title">Keyword Rankings</CardTitle>
        <CardDescription>Change is measured over the last {range} days.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tracked keywords yet. Add a keyword to start tracking it.
          </p>
        ) : (
          <Table bleed aria-labelledby="rankings-title" className="min-w-[34rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>Current Position</TableHead>
                <TableHead>Change</TableHead>
                <TableHead>Trend</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableRowHeader className="max-w-56">{entry.keyword}</TableRowHeader>
                  <TableCell>
                    <CurrentPosition entry={entry} />
                  </TableCell>
                  <TableCell>
                    <PositionChange change={entry.change} />
                  </TableCell>
                  <TableCell>
                    <TrendBars positions={entry.positions} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
