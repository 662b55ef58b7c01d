import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { ErrorAlert } from '@/components/error-alert'
import { VolumeColumnSource, VolumeFigure } from '@/components/figure-source'
import { Button } from '@/components/ui/button'
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

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

export function SuggestionsTable({
  keywords,
  loading,
  failed,
  onAnalyze,
}: {
  keywords: PlannerKeyword[]
  loading: boolean
  failed: boolean
  /** Absent for a viewer, who cannot analyse (the analysis is saved with the keywords). */
  onAnalyze: ((keyword: string) => void) | undefined
}) {
  const sources = keywords.map((k) => k.volumeSource)
  const measured = sources.some((s) => s?.kind === 'measured')
  return (
    <Card role="region" aria-labelledby="suggestions-title">
      <CardHeader>
        <CardTitle id="suggestions-title">Suggested Keywords</CardTitle>
        <CardDescription>
          Ideas for your category and city.{' '}
          {measured
            ? 'Search volumes and difficulty come from the source named beside them.'
            : 'Search volumes and difficulty are estimates.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Loading suggestions…" />
        ) : failed ? (
          <ErrorAlert>Could not load suggestions. Please try again later.</ErrorAlert>
        ) : keywords.length === 0 ? (
          <p className="text-sm text-muted-foreground">No suggestions right now.</p>
        ) : (
          <Table stack aria-labelledby="suggestions-title" className="sm:min-w-[30rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>
                  <span className="flex flex-wrap items-center gap-2">
                    Search Volume <VolumeColumnSource sources={sources} />
                  </span>
                </TableHead>
                <TableHead>Difficulty</TableHead>
                <TableHead>Relevance</TableHead>
                <TableHead className="sticky right-0 bg-card">
                  <span className="sr-only">Action</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keywords.map((k) => (
                <TableRow key={k.keyword}>
                  <TableRowHeader>{k.keyword}</TableRowHeader>
                  <TableCell label="Search volume" className="tabular-nums">
                    <VolumeFigure volume={k.volume} source={k.volumeSource} column={sources} />
                  </TableCell>
                  <TableCell label="Difficulty">
                    {k.difficulty ? capitalise(k.difficulty) : 'No estimate'}
                  </TableCell>
                  <TableCell label="Relevance">{capitalise(k.relevance)}</TableCell>
                  <TableCell className="sticky right-0 bg-card py-2 text-right max-sm:static max-sm:col-span-2 max-sm:text-left">
                    {onAnalyze ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Analyze ${k.keyword}`}
                        onClick={() => onAnalyze(k.keyword)}
                      >
                        Analyze
                      </Button>
                    ) : null}
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
