import { lazy, Suspense } from 'react'
import type { intentDistribution } from '../utils/insights'
import { INTENT_COLORS as COLORS } from './intent-colors'

// The chart library loads after the keywords: the box keeps its height meanwhile.
const IntentBars = lazy(async () => ({ default: (await import('./intent-bars')).IntentBars }))

/** The search intent distribution as a bar chart, with the same figures as text beside it. */
export function IntentChart({ data }: { data: ReturnType<typeof intentDistribution> }) {
  return (
    <figure aria-labelledby="intent-chart-caption" className="grid gap-3">
      <figcaption id="intent-chart-caption" className="text-sm font-semibold">
        Search intent distribution
      </figcaption>
      <div aria-hidden="true" className="h-48 w-full">
        <Suspense fallback={null}>
          <IntentBars data={data} />
        </Suspense>
      </div>
      <ul aria-label="Search intent counts" className="grid grid-cols-2 gap-1.5 text-sm">
        {data.map((entry) => (
          <li key={entry.intent} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-sm"
              style={{ background: COLORS[entry.intent] }}
            />
            <span>
              {entry.label}: {entry.count} ({entry.percent}%)
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
