import { trendBarHeight, trendPoints, type RankPoint } from '@localseo/shared/rank-tracker'

/** 'Last check: #12', 'Last 3 checks: #12, #11, failed', 'No checks yet' (issue 32 item 9). */
function trendWords(count: number, words: string) {
  if (count === 0) return 'No checks yet'
  return count === 1 ? `Last check: ${words}` : `Last ${count} checks: ${words}`
}

/** docs/product.md §9: the last 7 checks as bars of height max(10, 100 - 5 x position) percent. */
export function TrendBars({ positions }: { positions: readonly RankPoint[] }) {
  const points = trendPoints(positions)
  const words = points
    .map((p) =>
      p.status === 'ok' ? `#${p.position}` : p.status === 'absent' ? 'not in top 100' : 'failed',
    )
    .join(', ')
  return (
    <div className="flex items-center gap-2">
      <div aria-hidden="true" className="flex h-8 w-[5.5rem] items-end gap-0.5">
        {points.map((point) =>
          point.status === 'ok' ? (
            <span
              key={point.date}
              data-testid="trend-bar"
              title={`${point.date}: #${point.position}`}
              className="w-2.5 rounded-sm bg-primary/80"
              style={{ height: `${trendBarHeight(point.position)}%` }}
            />
          ) : point.status === 'absent' ? (
            <span
              key={point.date}
              data-testid="trend-bar"
              title={`${point.date}: not in top 100`}
              className="h-[6%] w-2.5 rounded-sm bg-muted-foreground/40"
            />
          ) : (
            <span
              key={point.date}
              data-testid="trend-bar"
              title={`${point.date}: check failed`}
              className="h-full w-2.5 rounded-sm border border-dashed border-warning bg-warning/10"
            />
          ),
        )}
      </div>
      <span className="sr-only">{trendWords(points.length, words)}</span>
    </div>
  )
}
