import { CHANGE_BASIS } from '@localseo/shared/position-change'
import type { RankSummary } from '@localseo/shared/rank-tracker'
import { Card, CardContent } from '@/components/ui/card'

/** '2 failed checks left out': why the average may count fewer keywords than are tracked. */
function failedNote(failed: number) {
  if (failed === 0) return undefined
  return `${failed} failed ${failed === 1 ? 'check' : 'checks'} left out`
}

/**
 * docs/product.md §2: Keywords Tracked, Avg. Position (1 decimal), Improved, Declined. The average
 * leaves out keywords whose latest check failed and says how many (issue 32 item 4); Improved and
 * Declined count the change every screen shows, since the check before (issue 32 item 1).
 */
export function SummaryCards({ summary }: { summary: RankSummary }) {
  const cards = [
    { label: 'Keywords Tracked', value: String(summary.keywordsTracked) },
    {
      label: 'Avg. Position',
      value: summary.averagePosition === null ? '—' : summary.averagePosition.toFixed(1),
      note: failedNote(summary.failedChecks),
    },
    { label: 'Improved', value: String(summary.improved), note: CHANGE_BASIS },
    { label: 'Declined', value: String(summary.declined), note: CHANGE_BASIS },
  ]
  return (
    <ul aria-label="Ranking summary" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full">
            <CardContent className="p-4 sm:p-6">
              <p className="text-sm text-muted-foreground">{card.label}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums">{card.value}</p>
              {card.note ? <p className="mt-1 text-xs text-muted-foreground">{card.note}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
