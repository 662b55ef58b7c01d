import type { BacklinkSummary } from '@localseo/shared/backlinks'
import { Award, Link2, Split, TriangleAlert } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/** docs/product.md §2 stat cards: Total Backlinks, Dofollow / Nofollow, High Quality (%), Broken Links. */
export function BacklinkStats({ summary }: { summary: BacklinkSummary }) {
  const cards = [
    {
      label: 'Total Backlinks',
      value: summary.total.toLocaleString('en-US'),
      note: `${summary.growth.last30Days.toLocaleString('en-US')} new in the last 30 days`,
      Icon: Link2,
    },
    {
      label: 'Dofollow / Nofollow',
      value: `${summary.dofollow.toLocaleString('en-US')} / ${summary.nofollow.toLocaleString('en-US')}`,
      note: 'Dofollow links pass ranking value',
      Icon: Split,
    },
    {
      label: 'High Quality',
      value: summary.highQuality.toLocaleString('en-US'),
      note:
        summary.qualityDistribution.unrated > 0
          ? `${summary.highQualityPercent}% of all; ${summary.qualityDistribution.unrated.toLocaleString('en-US')} not rated yet`
          : `${summary.highQualityPercent}% of all backlinks`,
      Icon: Award,
    },
    {
      label: 'Broken Links',
      value: summary.broken.toLocaleString('en-US'),
      note: summary.broken > 0 ? 'Needs attention' : 'No broken links',
      Icon: TriangleAlert,
      alert: summary.broken > 0,
    },
  ]
  return (
    <ul aria-label="Backlink statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map(({ label, value, note, Icon, alert }) => (
        <li key={label}>
          <Card className="h-full">
            <CardContent className="p-4 sm:p-6">
              <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                {label}
                <Icon
                  aria-hidden="true"
                  className={cn('size-4 shrink-0', alert ? 'text-destructive' : 'text-primary')}
                />
              </p>
              <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
              <p
                className={cn(
                  'mt-1 text-xs',
                  alert ? 'font-medium text-destructive' : 'text-muted-foreground',
                )}
              >
                {note}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
