import { positionTone } from '@localseo/shared/dashboard'
import { figureSourceLabel, formatVolume } from '@localseo/shared/keyword-figures'
import { CHANGE_BASIS } from '@localseo/shared/position-change'
import { FigureSourceBadge, SampleBadge } from '@/components/figure-source'
import { PositionChange, positionChange } from '@/components/position-change'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import type { TopKeyword } from '../api/get-dashboard'

// docs/product.md §2: under 10 green, over 20 red, otherwise yellow; the number is always shown as text.
const toneClass = {
  good: 'bg-success/15 text-success',
  fair: 'bg-warning/20 text-foreground',
  poor: 'bg-destructive/10 text-destructive',
} as const

/** '1,900 searches / month (DataForSEO (Google Ads), October 2026)' or '… (estimate)'; never 0. */
function volumeText({ volume, volumeSource }: Pick<TopKeyword, 'volume' | 'volumeSource'>) {
  const measured = volumeSource.kind === 'measured'
  if (volume === null) return measured ? 'No search data' : 'No estimate of searches'
  const source = measured ? figureSourceLabel(volumeSource).replace('Source: ', '') : 'estimate'
  return `${formatVolume(volume)} searches / month (${source})`
}

export function PositionBadge({ position }: { position: number }) {
  const tone = positionTone(position)
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex min-w-11 justify-center rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums',
        toneClass[tone],
      )}
    >
      <span className="sr-only">Position </span>#{position}
    </span>
  )
}

/** 'Checking the first positions of 5 keywords…' while a job stores them (issue 30 item 8). */
function firstChecksText(count: number) {
  return `Checking the first positions of ${count} ${count === 1 ? 'keyword' : 'keywords'}…`
}

export function TopKeywordsCard({
  keywords,
  notChecked = 0,
}: {
  keywords: TopKeyword[]
  /** Tracked keywords still waiting for their first check. */
  notChecked?: number
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Top Keywords</CardTitle>
      </CardHeader>
      <CardContent>
        {keywords.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {notChecked > 0 ? firstChecksText(notChecked) : 'No keyword rankings yet.'}
          </p>
        ) : (
          <ol aria-label="Top keywords" className="grid grid-cols-1 gap-3">
            {keywords.map((keyword) => (
              <li key={keyword.id} className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
                    <span className="truncate" title={keyword.keyword}>
                      {keyword.keyword}
                    </span>
                    {keyword.sample ? <SampleBadge className="shrink-0" /> : null}
                  </p>
                  <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                    {volumeText(keyword)}
                    {keyword.positionSource ? (
                      <FigureSourceBadge source={keyword.positionSource} />
                    ) : null}
                  </p>
                </div>
                {keyword.position !== null ? (
                  <div className="flex shrink-0 items-center gap-2">
                    <PositionChange
                      compact
                      change={positionChange(keyword.position, keyword.previousPosition)}
                    />
                    <PositionBadge position={keyword.position} />
                  </div>
                ) : (
                  <span className="text-xs text-muted-foreground">Not ranked</span>
                )}
              </li>
            ))}
          </ol>
        )}
        {keywords.length > 0 ? (
          // The arrows' basis, the same on every screen (issue 32 item 1).
          <p className="mt-3 text-xs text-muted-foreground">Arrows: change {CHANGE_BASIS}.</p>
        ) : null}
        {keywords.length > 0 && notChecked > 0 ? (
          <p role="status" className="mt-3 text-xs text-muted-foreground">
            {firstChecksText(notChecked)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
