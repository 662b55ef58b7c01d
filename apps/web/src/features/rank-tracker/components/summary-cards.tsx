import type { RankSummary } from '@localseo/shared/rank-tracker'
import { Card, CardContent } from '@/components/ui/card'

/** docs/product.md §2: Keywords Tracked, Avg. Position (1 decimal), Improved, Declined. */
export function SummaryCards({ summary }: { summary: RankSummary }) {
  const cards = [
    { label: 'Keywords Tracked', value: String(summary.keywordsTracked) },
    {
      label: 'Avg. Position',
      value: summary.averagePosition === null ? '—' : summary.averagePosition.toFixed(1),
    },
    { label: 'Improved', value: String(summary.improved) },
    { label: 'Declined', value: String(summary.declined) },
  ]
  return (
    <ul aria-label="Ranking summary" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full">
            <CardContent className="p-4 sm:p-6">
              <p className="text-sm text-muted-foreground">{card.label}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums">{card.value}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
