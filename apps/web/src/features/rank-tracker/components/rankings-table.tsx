import type { RankingEntry } from '@localseo/shared/rank-tracker'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
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
          // relative: screen-reader-only text is absolutely positioned and must scroll with the table,
          // not widen the page.
          <div className="relative -mx-6 overflow-x-auto px-6">
            <table aria-labelledby="rankings-title" className="w-full min-w-[34rem] text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Keyword
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Current Position
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Change
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Trend
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-b last:border-0">
                    <th
                      scope="row"
                      className="max-w-56 py-3 pr-3 text-left font-medium break-words"
                    >
                      {entry.keyword}
                    </th>
                    <td className="py-3 pr-3">
                      <CurrentPosition entry={entry} />
                    </td>
                    <td className="py-3 pr-3">
                      <PositionChange change={entry.change} />
                    </td>
                    <td className="py-3">
                      <TrendBars positions={entry.positions} />
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
