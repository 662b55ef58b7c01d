import { positionText } from '@localseo/shared/keyword-figures'
import { CHANGE_LABEL } from '@localseo/shared/position-change'
import { Check, Plus } from 'lucide-react'
import { ErrorAlert } from '@/components/error-alert'
import {
  FigureSourceBadge,
  SampleBadge,
  VolumeColumnSource,
  VolumeFigure,
} from '@/components/figure-source'
import { PositionChange, positionChange } from '@/components/position-change'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useMayChange } from '@/lib/member-role'
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
import { useTrackKeyword } from '../api/track-keyword'
import { NO_RANKINGS_MESSAGE } from '../utils/messages'

/**
 * Current Keyword Rankings: the positions, changes and volumes every screen shows (the change since
 * the check before, issue 32 item 1); an analysed keyword is tracked with one click (issue 32 item 9).
 */
export function RankingsTable({
  keywords,
  loading,
  failed,
  locationId,
}: {
  keywords: KeywordRecord[]
  loading: boolean
  failed: boolean
  /** Where a keyword tracked from here is tracked: the location the screen shows. */
  locationId: string
}) {
  const track = useTrackKeyword(locationId)
  return (
    <Card role="region" aria-labelledby="rankings-title">
      <CardHeader>
        <CardTitle id="rankings-title">Current Keyword Rankings</CardTitle>
        <CardDescription>
          Your analysed and tracked keywords: the same positions, changes and volumes as the
          dashboard and the Rank Tracker. Track a keyword to check its position every day.
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
                <TableHead>{CHANGE_LABEL}</TableHead>
                <TableHead>
                  <span className="flex items-center gap-2">
                    Monthly searches{' '}
                    <VolumeColumnSource sources={keywords.map((k) => k.volumeSource)} />
                  </span>
                </TableHead>
                <TableHead>Rank Tracker</TableHead>
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
                  <TableCell label={CHANGE_LABEL} className="sm:whitespace-nowrap">
                    <PositionChange change={positionChange(k.position, k.previousPosition)} />
                  </TableCell>
                  <TableCell label="Monthly searches" className="tabular-nums whitespace-nowrap">
                    <VolumeFigure
                      volume={k.volume}
                      source={k.volumeSource}
                      column={keywords.map((c) => c.volumeSource)}
                    />
                  </TableCell>
                  <TableCell label="Rank Tracker" className="whitespace-nowrap">
                    <TrackButton keyword={k} track={track} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {track.isError ? <ErrorAlert>{track.error.message}</ErrorAlert> : null}
      </CardContent>
    </Card>
  )
}

/** 'Tracked', or Track: the keyword is checked every day from now on (issue 32 item 9). */
function TrackButton({
  keyword,
  track,
}: {
  keyword: KeywordRecord
  track: ReturnType<typeof useTrackKeyword>
}) {
  const mayChange = useMayChange()
  if (keyword.tracked) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <Check aria-hidden="true" className="size-4" />
        Tracked
      </span>
    )
  }
  const pending = track.isPending && track.variables === keyword.keyword
  if (!mayChange) return null
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={track.isPending}
      onClick={() => track.mutate(keyword.keyword)}
      aria-label={`Track ${keyword.keyword}`}
    >
      <Plus aria-hidden="true" />
      {pending ? 'Tracking...' : 'Track'}
    </Button>
  )
}
