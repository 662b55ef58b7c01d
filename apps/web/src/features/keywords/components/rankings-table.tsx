import { positionText } from '@localseo/shared/keyword-figures'
import { ErrorAlert } from '@/components/error-alert'
import {
  FigureSourceBadge,
  SampleBadge,
  VolumeColumnSource,
  VolumeFigure,
} from '@/components/figure-source'
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
        <CardDescription>
          Your analysed and tracked keywords: the same positions and volumes as the dashboard and
          the Rank Tracker.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Loading keyword rankings…" />
        ) : failed ? (
          <ErrorAlert>Could not load your keyword rankings. Please try again later.</ErrorAlert>
        ) : keywords.length === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_RANKINGS_MESSAGE}</p>
        ) : (
          <Table stack aria-labelledby="rankings-title">
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>Position</TableHead>
                <TableHead>Change</TableHead>
                <TableHead>
                  <span className="flex items-center gap-2">
                    Monthly searches{' '}
                    <VolumeColumnSource sources={keywords.map((k) => k.volumeSource)} />
                  </span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keywords.map((k) => (
                <TableRow key={k.id}>
                  <TableRowHeader>
                    <span className="break-words">{k.keyword}</span>
                    {k.sample ? <SampleBadge className="ml-2" /> : null}
                  </TableRowHeader>
                  <TableCell label="Position">
                    <span className="flex flex-wrap items-center gap-2 tabular-nums">
                      {positionText(k, 'Not checked yet')}
                      {k.positionSource ? <FigureSourceBadge source={k.positionSource} /> : null}
                    </span>
                  </TableCell>
                  <TableCell label="Change" className="whitespace-nowrap">
                    <PositionChange change={positionChange(k.position, k.previousPosition)} />
                  </TableCell>
                  <TableCell label="Monthly searches" className="tabular-nums whitespace-nowrap">
                    <VolumeFigure
                      volume={k.volume}
                      source={k.volumeSource}
                      column={keywords.map((c) => c.volumeSource)}
                    />
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
