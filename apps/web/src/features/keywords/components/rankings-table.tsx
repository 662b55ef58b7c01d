import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import type { KeywordRecord } from '../api/get-keywords'
import { NO_RANKINGS_MESSAGE } from '../utils/messages'

/** Up, down or flat, with an icon and words, so colour is never the only signal. */
function PositionChange({
  position,
  previous,
}: {
  position: number | null
  previous: number | null
}) {
  if (position === null || previous === null || position === previous) {
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Minus aria-hidden="true" className="size-4" />
        No change
      </span>
    )
  }
  // A smaller position number is a better ranking.
  const improved = position < previous
  const Icon = improved ? ArrowUp : ArrowDown
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-medium',
        improved ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {improved ? 'Up' : 'Down'} {Math.abs(previous - position)}
    </span>
  )
}

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
          <p role="alert" className="text-sm text-destructive">
            Could not load your keyword rankings. Please try again later.
          </p>
        ) : keywords.length === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_RANKINGS_MESSAGE}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Keyword
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Position
                  </th>
                  <th scope="col" className="py-2 pl-3 font-medium">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {keywords.map((k) => (
                  <tr key={k.id} className="border-b last:border-0">
                    <td className="py-2 pr-3 font-medium break-words">{k.keyword}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {k.position === null ? 'Not ranked' : `#${k.position}`}
                    </td>
                    <td className="py-2 pl-3 whitespace-nowrap">
                      <PositionChange position={k.position} previous={k.previousPosition} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
