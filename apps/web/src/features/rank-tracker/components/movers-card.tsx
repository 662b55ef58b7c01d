import { CHANGE_BASIS } from '@localseo/shared/position-change'
import type { RankingEntry } from '@localseo/shared/rank-tracker'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PositionChange } from '@/components/position-change'

/**
 * docs/product.md §2: Top Performers (3 biggest gains) or Needs Improvement (3 biggest losses), by
 * the change every screen shows: since the check before (issue 32 item 1).
 */
export function MoversCard({
  title,
  entries,
  empty,
}: {
  title: string
  entries: RankingEntry[]
  empty: string
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>Positions {CHANGE_BASIS}.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol aria-label={title} className="grid gap-3">
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{entry.keyword}</p>
                  {entry.currentPosition !== null ? (
                    <p className="text-xs text-muted-foreground">Now #{entry.currentPosition}</p>
                  ) : null}
                </div>
                <PositionChange change={entry.change} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
