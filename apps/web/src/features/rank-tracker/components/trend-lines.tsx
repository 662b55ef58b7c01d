// The Ranking Trends lines (ranking-trends-chart.tsx), apart so the Rank Tracker shows its table
// and figures without waiting for the chart library
// (docs/decisions/019-compressed-assets-and-preloading.md).
import type { RankingEntry } from '@localseo/shared/rank-tracker'
import { Line } from 'recharts'
import { PositionChart } from './position-chart'
import { okChecks } from './ranking-lines'
import { formatAveragePosition } from './search-console-position'

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2']

/** The data key of a keyword's Search Console line, beside its rank checks' `entry.id`. */
const SEARCH_CONSOLE_SUFFIX = ':search-console'
const searchConsoleKey = (id: string) => `${id}${SEARCH_CONSOLE_SUFFIX}`

/**
 * One row per day, a column per keyword: its position, or null where the check failed; and a column
 * per keyword with Search Console data: Google's average position, or null on a day without one.
 */
function chartRows(days: string[], shown: RankingEntry[]) {
  return days.map((day) => {
    const row: Record<string, string | number | null> = { day }
    for (const entry of shown) {
      const point = entry.positions.find((p) => p.date === day)
      row[entry.id] = point?.status === 'ok' ? point.position : null
      if (entry.searchConsole) {
        const average = entry.searchConsole.points.find((p) => p.day === day)
        row[searchConsoleKey(entry.id)] = average?.position ?? null
      }
    }
    return row
  })
}

/** The worst position the chart draws: the axis reaches past it (issue 32 item 2). */
function worstShown(shown: RankingEntry[]) {
  return Math.max(
    10,
    ...shown.flatMap((e) => e.positions.flatMap((p) => (p.status === 'ok' ? [p.position] : []))),
    ...shown.flatMap((e) => e.searchConsole?.points.map((p) => p.position) ?? []),
  )
}

/** A line's name in the legend and tooltip: the keyword, or its Search Console average. */
function seriesName(shown: RankingEntry[], key: unknown) {
  const id = String(key)
  const searchConsole = id.endsWith(SEARCH_CONSOLE_SUFFIX)
  const entryId = searchConsole ? id.slice(0, -SEARCH_CONSOLE_SUFFIX.length) : id
  const keyword = shown.find((e) => e.id === entryId)?.keyword ?? entryId
  return searchConsole ? `${keyword} (Search Console average position)` : keyword
}

/**
 * The line chart itself: a solid line per keyword, day by day, from the rank checks; a dashed line
 * for its Search Console average (issue 18 item 2), with a dot per day because Google leaves out
 * days without impressions.
 */
export function TrendLines({ days, shown }: { days: string[]; shown: RankingEntry[] }) {
  return (
    <PositionChart
      rows={chartRows(days, shown)}
      worst={worstShown(shown)}
      yLabel="Position"
      nameOf={(key) => seriesName(shown, key)}
      valueText={(value, key) =>
        String(key).endsWith(SEARCH_CONSOLE_SUFFIX)
          ? formatAveragePosition(Number(value))
          : `#${String(value)}`
      }
    >
      {shown.flatMap(keywordLines)}
    </PositionChart>
  )
}

/**
 * A keyword's solid line of rank checks and, with Search Console data, its dashed average in the
 * same colour right after it, so the legend pairs them.
 */
function keywordLines(entry: RankingEntry, i: number) {
  const colour = COLORS[i % COLORS.length]
  const checks = (
    <Line
      key={entry.id}
      type="monotone"
      dataKey={entry.id}
      name={entry.id}
      stroke={colour}
      strokeWidth={2}
      // A keyword with a single position is a dot, not nothing (issue 32 item 2).
      dot={okChecks(entry) < 2 ? { r: 4, fill: colour } : false}
      connectNulls={false}
      isAnimationActive={false}
    />
  )
  if (!entry.searchConsole) return [checks]
  const key = searchConsoleKey(entry.id)
  return [
    checks,
    <Line
      key={key}
      type="monotone"
      dataKey={key}
      name={key}
      stroke={colour}
      strokeWidth={1.5}
      strokeDasharray="6 4"
      dot={{ r: 2 }}
      connectNulls={false}
      isAnimationActive={false}
    />,
  ]
}
