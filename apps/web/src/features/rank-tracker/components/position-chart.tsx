import { positionAxis } from '@localseo/shared/rank-tracker'
import type { ReactNode } from 'react'
import {
  CartesianGrid,
  Legend,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatShortDay } from '@/lib/dates'

/**
 * The frame of the Rank Tracker's line charts: a row per day, position 1 at the top, the axis
 * reaching past the worst position drawn (issue 32 item 2), and each line named by `nameOf` in the
 * legend and the tooltip. The lines are the children.
 */
export function PositionChart({
  rows,
  worst,
  yLabel,
  nameOf,
  valueText,
  children,
}: {
  rows: Record<string, string | number | null>[]
  /** The worst position drawn. */
  worst: number
  yLabel: string
  nameOf: (key: unknown) => string
  /** A value in the tooltip, by its line's key. */
  valueText: (value: unknown, key: unknown) => string
  children: ReactNode
}) {
  const { bottom, ticks } = positionAxis(worst)
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis
          dataKey="day"
          tickFormatter={formatShortDay}
          tick={{ fontSize: 12 }}
          minTickGap={24}
        />
        <YAxis
          reversed
          allowDecimals={false}
          domain={[1, bottom]}
          ticks={ticks}
          interval={0}
          tick={{ fontSize: 12 }}
          label={{ value: yLabel, angle: -90, position: 'insideLeft', offset: 24 }}
        />
        <Tooltip
          labelFormatter={(day) => (typeof day === 'string' ? formatShortDay(day) : '')}
          formatter={(value, name) => [valueText(value, name), nameOf(name)]}
        />
        <Legend formatter={(value: string) => nameOf(value)} wrapperStyle={{ fontSize: 12 }} />
        {children}
      </LineChart>
    </ResponsiveContainer>
  )
}
