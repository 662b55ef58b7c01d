import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import type { intentDistribution } from '../utils/insights'

// Four distinct hues; the counts are also listed as text, so colour is never the only signal.
const COLORS = {
  commercial: 'oklch(0.55 0.15 255)',
  informational: 'oklch(0.62 0.15 150)',
  transactional: 'oklch(0.72 0.15 70)',
  local: 'oklch(0.5 0.1 186)',
} as const

/** The search intent distribution as a bar chart, with the same figures as text beside it. */
export function IntentChart({ data }: { data: ReturnType<typeof intentDistribution> }) {
  return (
    <figure aria-labelledby="intent-chart-caption" className="grid gap-3">
      <figcaption id="intent-chart-caption" className="text-sm font-semibold">
        Search intent distribution
      </figcaption>
      <div aria-hidden="true" className="h-48 w-full">
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 320, height: 192 }}
        >
          {/* Horizontal bars: the intent names stay readable on a phone. */}
          <BarChart
            // The chart is hidden from assistive technology (the figures are text beside it), so it
            // must hold nothing focusable either.
            accessibilityLayer={false}
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={11} />
            <YAxis
              type="category"
              dataKey="label"
              width={96}
              tickLine={false}
              fontSize={12}
              interval={0}
            />
            <Bar dataKey="count" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {data.map((entry) => (
                <Cell key={entry.intent} fill={COLORS[entry.intent]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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
