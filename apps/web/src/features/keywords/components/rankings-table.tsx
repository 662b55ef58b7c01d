import { ErrorAlert } from '@/components/error-alert'
import { PositionChange, positionChange } from '@/components/position-change'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import type { KeywordRecord } from '../api/get-keywords'
import { NO_RANKINGS_MESSAGE } from '../utils/messages'

export function RankingsTable({
  keywords,
  loading,
  failed,
}: {
  keywords: KeywordRecord[]
  loading: boolean
  failed: boolean
}) {
  return (
    <Card role="region" aria-labelledby="rankings-title">
      <CardHeader>
        <CardTitle id="rankings-title">Current Keyword Rankings</CardTitle>
        <CardDescription>Simulated positions in local search results.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Loading keyword rankings…" />
        ) : failed ? (
          <ErrorAlert>Could not load your keyword rankings. Please try again later.</ErrorAlert>
        ) : keywords.length === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_RANKINGS_MESSAGE}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>Position</TableHead>
                <TableHead>Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keywords.map((k) => (
                <TableRow key={k.id}>
                  <TableRowHeader>{k.keyword}</TableRowHeader>
                  <TableCell className="tabular-nums">
                    {k.position === null ? 'Not ranked' : `#${k.position}`}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <PositionChange change={positionChange(k.position, k.previousPosition)} />
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
