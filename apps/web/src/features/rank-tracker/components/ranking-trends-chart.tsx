import type { RankHistory, RankingEntry } from '@localseo/shared/rank-tracker'
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** More lines than this turn the chart into noise; the table lists every keyword. */
const MAX_LINES = 6
const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2']

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** One row per day, a column per keyword: its position, or null where the check failed. */
function chartRows(days: string[], shown: RankingEntry[]) {
  return days.map((day) => {
    const row: Record<string, string | number | null> = { day }
    for (const entry of shown) {
      const point = entry.positions.find((p) => p.date === day)
      row[entry.id] = point?.status === 'ok' ? point.position : null
    }
    return row
  })
}

/** Position 1 on top, then round tens down to just past the worst position shown. */
function positionAxis(shown: RankingEntry[]) {
  const worst = Math.max(
    10,
    ...shown.flatMap((e) => e.positions.flatMap((p) => (p.status === 'ok' ? [p.position] : []))),
  )
  const bottom = Math.min(100, Math.ceil(worst / 10) * 10)
  const step = bottom > 50 ? 20 : 10
  return { bottom, ticks: [1, ...Array.from({ length: bottom / step }, (_, i) => (i + 1) * step)] }
}

/**
 * Ranking Trends (issue 7: a real line chart in place of the spec's placeholder). Position 1 is at
 * the top; a failed check leaves a gap rather than a made-up point.
 */
export function RankingTrendsChart({
  history,
  entries,
}: {
  history: RankHistory
  entries: RankingEntry[]
}) {
  const shown = entries.slice(0, MAX_LINES)
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id="ranking-trends-title">Ranking Trends</CardTitle>
        <CardDescription>
          Daily positions over the last {history.range} days; position 1 is at the top. A gap is a
          failed check.
          {entries.length > MAX_LINES
            ? ` Showing the first ${MAX_LINES} of ${entries.length} keywords.`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ranking data to chart yet.</p>
        ) : (
          <figure aria-labelledby="ranking-trends-title" className="h-72 w-full">
            <TrendLines days={history.days} shown={shown} />
          </figure>
        )}
      </CardContent>
    </Card>
  )
}

/** The line chart itself: a line per keyword, day by day. */
function TrendLines({ days, shown }: { days: string[]; shown: RankingEntry[] }) {
  const { bottom, ticks } = positionAxis(shown)
  const keywordOf = (id: unknown) => shown.find((e) => e.id === id)?.keyword ?? String(id)
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={chartRows(days, shown)} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis dataKey="day" tickFormatter={shortDate} tick={{ fontSize: 12 }} minTickGap={24} />
        <YAxis
          reversed
          allowDecimals={false}
          domain={[1, bottom]}
          ticks={ticks}
          interval={0}
          tick={{ fontSize: 12 }}
          label={{ value: 'Position', angle: -90, position: 'insideLeft', offset: 24 }}
        />
        <Tooltip
          labelFormatter={(day) => (typeof day === 'string' ? shortDate(day) : '')}
          formatter={(value, name) => [`#${String(value)}`, keywordOf(name)]}
        />
        <Legend formatter={(value: string) => keywordOf(value)} wrapperStyle={{ fontSize: 12 }} />
        {shown.map((entry, i) => (
          <Line
            key={entry.id}
            type="monotone"
            dataKey={entry.id}
            name={entry.id}
            stroke={COLORS[i % COLORS.length]}
            strokeWidth={2}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
