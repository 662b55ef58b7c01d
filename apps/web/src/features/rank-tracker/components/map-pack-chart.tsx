import type { MapHistory } from '@localseo/shared/competitors'
import type { RankingEntry, RankRange } from '@localseo/shared/rank-tracker'
import { useState } from 'react'
import { Link } from 'react-router'
import { Line } from 'recharts'
import { ErrorAlert } from '@/components/error-alert'
import { FigureSourceBadge } from '@/components/figure-source'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { competitorsPath } from '@/lib/competitors'
import { useMapHistory } from '../api/get-map-history'
import { PositionChart } from './position-chart'

const YOU_KEY = 'you'
const YOU_COLOUR = '#2563eb'
/** The followed competitors' colours: none of them the owner's blue. */
const COMPETITOR_COLOURS = ['#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#a16207']

/** One row per day: the owner's position and each competitor's, null where it was not found. */
function chartRows(history: MapHistory) {
  return history.days.map((day) => {
    const row: Record<string, string | number | null> = { day }
    row[YOU_KEY] = history.you.find((point) => point.day === day)?.position ?? null
    for (const competitor of history.competitors) {
      row[competitor.id] = competitor.positions.find((point) => point.day === day)?.position ?? null
    }
    return row
  })
}

function worstShown(history: MapHistory) {
  return Math.max(
    3,
    ...[history.you, ...history.competitors.map((c) => c.positions)].flatMap((points) =>
      points.flatMap((point) => (point.position === null ? [] : [point.position])),
    ),
  )
}

/**
 * The Rank Tracker chart's map-pack view (issue 34 item 1): for one keyword, the business's daily
 * map-pack position and a dashed line per followed competitor, from the daily map checks. A gap is
 * a day the place was not among the places returned.
 */
export function MapPackChart({
  businessId,
  locationId,
  range,
  entries,
  simulated,
}: {
  businessId: string
  locationId: string
  range: RankRange
  /** The tracked keywords to choose from. */
  entries: Pick<RankingEntry, 'id' | 'keyword'>[]
  /** The rank checks are simulated: so are the map checks, which the same provider answers. */
  simulated: boolean
}) {
  const [chosen, setChosen] = useState<string | null>(null)
  const keyword = entries.find((entry) => entry.id === chosen) ?? entries[0]
  const history = useMapHistory(businessId, locationId, keyword?.id ?? null, range)
  if (!keyword) return <p className="text-sm text-muted-foreground">No keywords to chart yet.</p>
  return (
    <div className="grid gap-4">
      <FormField label="Keyword" className="sm:w-80">
        <Select value={keyword.id} onChange={(event) => setChosen(event.target.value)}>
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.keyword}
            </option>
          ))}
        </Select>
      </FormField>
      {history.isPending ? (
        <Spinner label="Loading the map positions…" />
      ) : history.isError ? (
        <ErrorAlert>Could not load the map positions. Please try again later.</ErrorAlert>
      ) : (
        <MapPackLines
          history={history.data}
          keyword={keyword.keyword}
          locationId={locationId}
          range={range}
          simulated={simulated}
        />
      )}
    </div>
  )
}

function MapPackLines({
  history,
  keyword,
  locationId,
  range,
  simulated,
}: {
  history: MapHistory
  keyword: string
  locationId: string
  range: RankRange
  simulated: boolean
}) {
  if (history.days.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No daily map check of this keyword in the last {range} days yet.
      </p>
    )
  }
  const names = new Map([
    [YOU_KEY, 'You'],
    ...history.competitors.map((c) => [c.id, c.name] as const),
  ])
  const nameOf = (key: unknown) => names.get(String(key)) ?? String(key)
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Your map-pack position for “{keyword}” each day, and the competitors you follow as dashed
        lines. A gap is a day the place was not among the 20 places the map search returned.{' '}
        {history.competitors.length === 0 ? (
          <>
            <Link
              to={competitorsPath(locationId)}
              // Underlined: a link inside a sentence is not told by its colour alone (axe).
              className="text-primary underline underline-offset-4"
            >
              Follow competitors
            </Link>{' '}
            to see them here.
          </>
        ) : null}
      </p>
      {/* The map checks come from the same provider as the rank checks, simulated or not. */}
      {simulated ? (
        <FigureSourceBadge source={{ kind: 'simulated' }} what="map position" className="w-fit" />
      ) : null}
      <figure aria-label={`Map-pack positions for ${keyword}`} className="h-72 w-full">
        <MapPackLineChart history={history} nameOf={nameOf} />
      </figure>
    </>
  )
}

/** The owner's solid line and each followed competitor's dashed one; position 1 at the top. */
function MapPackLineChart({
  history,
  nameOf,
}: {
  history: MapHistory
  nameOf: (key: unknown) => string
}) {
  const single = history.days.length < 2
  return (
    <PositionChart
      rows={chartRows(history)}
      worst={worstShown(history)}
      yLabel="Map position"
      nameOf={nameOf}
      valueText={(value) => `#${String(value)}`}
    >
      <Line
        type="monotone"
        dataKey={YOU_KEY}
        name={YOU_KEY}
        stroke={YOU_COLOUR}
        strokeWidth={2.5}
        dot={single ? { r: 4, fill: YOU_COLOUR } : false}
        connectNulls={false}
        isAnimationActive={false}
      />
      {history.competitors.map((competitor, i) => {
        const colour = COMPETITOR_COLOURS[i % COMPETITOR_COLOURS.length]
        return (
          <Line
            key={competitor.id}
            type="monotone"
            dataKey={competitor.id}
            name={competitor.id}
            stroke={colour}
            strokeWidth={1.5}
            strokeDasharray="6 4"
            dot={single ? { r: 3, fill: colour } : false}
            connectNulls={false}
            isAnimationActive={false}
          />
        )
      })}
    </PositionChart>
  )
}
