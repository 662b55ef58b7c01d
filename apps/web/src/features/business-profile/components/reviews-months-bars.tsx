// The bars of 'New reviews per month' (reviews-summary.tsx), apart so the Reviews screen shows its
// figures without waiting for the chart library (docs/decisions/019-compressed-assets-and-preloading.md).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts'

export function ReviewsMonthsBars({ data }: { data: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 160 }}>
      <BarChart
        // Hidden from assistive technology (the list beside it says the same), so nothing focusable.
        accessibilityLayer={false}
        data={data}
        margin={{ top: 4, right: 4, bottom: 0, left: -24 }}
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="label" tickLine={false} fontSize={11} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tickLine={false} fontSize={11} />
        <Bar
          dataKey="count"
          fill="oklch(0.72 0.15 70)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
