// The bars of the search intent distribution (intent-chart.tsx), apart so the planner shows its
// keywords without waiting for the chart library (docs/decisions/019-compressed-assets-and-preloading.md).
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import type { intentDistribution } from '../utils/insights'
import { INTENT_COLORS as COLORS } from './intent-colors'

export function IntentBars({ data }: { data: ReturnType<typeof intentDistribution> }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 192 }}>
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
  )
}
