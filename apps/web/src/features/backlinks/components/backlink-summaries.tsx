import { QUALITY_LABELS } from '@localseo/shared/backlink-quality'
import type { BacklinkSummary } from '@localseo/shared/backlinks'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { ANCHOR_DISPLAY_MAX, truncate } from '../utils/format'

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-4">{children}</CardContent>
    </Card>
  )
}

function CountList({
  label,
  rows,
}: {
  label: string
  rows: ReadonlyArray<{ key: string; text: string; title: string; count: number }>
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No backlinks yet.</p>
  return (
    <ol aria-label={label} className="grid gap-2 text-sm">
      {rows.map((row) => (
        <li key={row.key} className="flex min-w-0 items-baseline justify-between gap-3">
          {/* Long domains are cut with an ellipsis; the whole text is the title (hover). */}
          <span className="min-w-0 truncate" title={row.title}>
            {row.text}
          </span>
          <span className="shrink-0 text-muted-foreground tabular-nums">
            {row.count.toLocaleString('en-US')} {row.count === 1 ? 'link' : 'links'}
          </span>
        </li>
      ))}
    </ol>
  )
}

const qualityBar = {
  high: 'bg-success',
  medium: 'bg-warning',
  low: 'bg-destructive',
  unrated: 'bg-muted-foreground/40',
} as const

/** docs/product.md §2/§9: top 5 domains, top 5 anchors (cut at 30), growth over 30/90/180 days, quality mix. */
export function BacklinkSummaries({ summary }: { summary: BacklinkSummary }) {
  const growth = [
    { label: 'Last 30 days', value: summary.growth.last30Days },
    { label: 'Last 3 months', value: summary.growth.last90Days },
    { label: 'Last 6 months', value: summary.growth.last180Days },
  ]
  const qualities = (['high', 'medium', 'low', 'unrated'] as const).map((quality) => {
    const count = summary.qualityDistribution[quality]
    const percent = summary.total === 0 ? 0 : Math.round((count / summary.total) * 100)
    return { quality, count, percent }
  })
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <SummaryCard title="Top Referring Domains">
        <CountList
          label="Top Referring Domains"
          rows={summary.topDomains.map((d) => ({
            key: d.domain,
            text: d.domain,
            title: d.domain,
            count: d.count,
          }))}
        />
      </SummaryCard>
      <SummaryCard title="Top Anchor Texts">
        <CountList
          label="Top Anchor Texts"
          rows={summary.topAnchors.map((a) => ({
            key: a.anchorText,
            text: truncate(a.anchorText, ANCHOR_DISPLAY_MAX),
            title: a.anchorText,
            count: a.count,
          }))}
        />
      </SummaryCard>
      <SummaryCard title="Growth Over Time">
        <dl className="grid grid-cols-3 gap-3">
          {growth.map((g) => (
            <div key={g.label} className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-xs text-muted-foreground">{g.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">
                +{g.value.toLocaleString('en-US')}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">New backlinks by the date first seen.</p>
      </SummaryCard>
      <SummaryCard title="Link Quality Distribution">
        <ul aria-label="Link Quality Distribution" className="grid gap-3 text-sm">
          {qualities.map(({ quality, count, percent }) => (
            <li key={quality} className="grid gap-1">
              <div className="flex justify-between gap-3">
                <span>{QUALITY_LABELS[quality]}</span>
                <span className="text-muted-foreground tabular-nums">
                  {count.toLocaleString('en-US')} ({percent}%)
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div
                  className={cn('h-full rounded-full', qualityBar[quality])}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">
          Rated from what each link's last check found; a link no check has found is not rated.
        </p>
      </SummaryCard>
    </div>
  )
}
