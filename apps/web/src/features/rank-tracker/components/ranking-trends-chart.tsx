import {
  MAX_CHART_LINES,
  SEARCH_CONSOLE_POSITION_LABEL,
  toRankingEntry,
  type RankHistory,
  type RankingEntry,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ToggleButtons } from '@/components/ui/toggle-buttons'
import { useChartKeywords } from '../api/get-rank-history'
import { Spinner } from '@/components/ui/spinner'
import { okChecks } from './ranking-lines'

// The chart library loads after the table and figures (docs/decisions/019-compressed-assets-and-preloading.md).
const TrendLines = lazy(async () => ({ default: (await import('./trend-lines')).TrendLines }))
const MapPackChart = lazy(async () => ({
  default: (await import('./map-pack-chart')).MapPackChart,
}))

/** A keyword the chooser offers, with its successful checks in the range (null: not known yet). */
interface Choice {
  id: string
  keyword: string
  checks: number | null
}

/**
 * The lines the chart draws: the server's default keywords (those with the most positions over
 * every keyword, issue 32 item 2) until the owner chooses, then the chosen keywords' checks, read
 * for them alone (issue 36 item 2). The lines shown stay while a newly ticked keyword's come.
 */
function useChartLines(
  businessId: string,
  locationId: string,
  history: RankHistory,
  defaults: RankingEntry[],
  keywords: TrackedKeyword[],
) {
  // null: the default choice, which follows the history as the range or location changes.
  const [chosen, setChosen] = useState<string[] | null>(null)
  const ids = new Set(keywords.map((k) => k.id))
  const selected = (chosen ?? defaults.map((e) => e.id)).filter((id) => ids.has(id))
  const named = useChartKeywords(
    businessId,
    locationId,
    history.range,
    chosen === null ? null : selected,
  )
  const namedEntries = useMemo(() => {
    const data = named.data
    return data ? data.keywords.map((k) => toRankingEntry(k, data.days)) : []
  }, [named.data])
  const pool = chosen === null ? defaults : namedEntries
  return {
    // The counts come in the keyword list's order; while one of the two is being read again after
    // an add or remove, they may not line up, and no count is said rather than another's.
    choices: keywords.map((k, i): Choice => ({
      id: k.id,
      keyword: k.keyword,
      checks: history.checkCounts.length === keywords.length ? (history.checkCounts[i] ?? 0) : null,
    })),
    chosen,
    selected,
    shown: pool.filter((e) => selected.includes(e.id)),
    waiting: chosen !== null && selected.length > 0 && named.isPending,
    failed: chosen !== null && named.isError,
    toggle: (id: string, on: boolean) =>
      setChosen(on ? [...selected, id] : selected.filter((other) => other !== id)),
  }
}

/**
 * Ranking Trends (issue 7: a real line chart in place of the spec's placeholder). Position 1 is at
 * the top; a failed check leaves a gap rather than a made-up point. The owner picks the keywords
 * (at most 6), starting with those with the most positions (issue 32 item 2). Search Console's
 * average positions of the keywords shown are dashed lines, named as such (issue 18 item 2). The
 * Map pack view draws one keyword's map-pack positions with the followed competitors' (issue 34).
 */
export function RankingTrendsChart({
  businessId,
  locationId,
  history,
  defaults,
  keywords,
}: {
  businessId: string
  locationId: string
  history: RankHistory
  /** The server's default chart keywords with their checks. */
  defaults: RankingEntry[]
  /** Every tracked keyword of the location, in the table's order: the chooser lists them. */
  keywords: TrackedKeyword[]
}) {
  const [view, setView] = useState<ChartView>('search')
  const { choices, chosen, selected, shown, waiting, failed, toggle } = useChartLines(
    businessId,
    locationId,
    history,
    defaults,
    keywords,
  )
  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="ranking-trends-title">Ranking Trends</CardTitle>
          <ToggleButtons label="Chart" options={VIEWS} value={view} onChange={setView} />
        </div>
        {view === 'search' ? <TrendsDescription range={history.range} shown={shown} /> : null}
      </CardHeader>
      {view === 'map' ? (
        <CardContent>
          <Suspense fallback={<Spinner />}>
            <MapPackChart
              businessId={businessId}
              locationId={locationId}
              range={history.range}
              entries={choices}
              simulated={history.simulated}
            />
          </Suspense>
        </CardContent>
      ) : (
        <CardContent className="grid gap-4">
          {choices.length > 1 ? (
            <KeywordChooser entries={choices} selected={selected} onToggle={toggle} />
          ) : null}
          {failed || shown.length === 0 ? (
            <NothingCharted
              failed={failed}
              waiting={waiting}
              reason={
                choices.length === 0
                  ? 'No ranking data to chart yet.'
                  : selected.length === 0 && chosen !== null
                    ? 'Choose keywords above to chart them.'
                    : 'No positions to chart yet: each keyword is checked once a day.'
              }
            />
          ) : (
            <figure aria-labelledby="ranking-trends-title" className="h-72 w-full">
              <Suspense fallback={null}>
                <TrendLines days={history.days} shown={shown} />
              </Suspense>
            </figure>
          )}
        </CardContent>
      )}
    </Card>
  )
}

/** How to read the lines shown: dots for a keyword checked once, dashes for Search Console. */
function TrendsDescription({ range, shown }: { range: number; shown: RankingEntry[] }) {
  const withSearchConsole = shown.some((e) => e.searchConsole)
  const fewChecks = shown.some((e) => okChecks(e) < 2)
  return (
    <CardDescription>
      Daily positions over the last {range} days; position 1 is at the top. A gap is a failed check.
      {fewChecks
        ? ' A keyword checked once shows a dot: its line grows with each daily check.'
        : null}
      {withSearchConsole
        ? ` Dashed lines: ${SEARCH_CONSOLE_POSITION_LABEL}, Google's daily average over every search that showed your website; not a rank check.`
        : null}
    </CardDescription>
  )
}

/** Why no line is drawn: the chosen keywords' checks failed to load or are on their way, or none. */
function NothingCharted({
  failed,
  waiting,
  reason,
}: {
  failed: boolean
  waiting: boolean
  reason: string
}) {
  if (failed) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the chosen keywords. Please try again later.
      </p>
    )
  }
  return (
    <p role={waiting ? 'status' : undefined} className="text-sm text-muted-foreground">
      {waiting ? 'Loading the chart…' : reason}
    </p>
  )
}

/** The search results' positions (rank checks), or the map pack's with followed competitors. */
type ChartView = 'search' | 'map'

const VIEWS: readonly { value: ChartView; label: string }[] = [
  { value: 'search', label: 'Search results' },
  { value: 'map', label: 'Map pack' },
]

/** Keywords the chooser lists at once; with more, a search finds the others (issue 36 item 2). */
const CHOOSER_SHOWN = 24

/**
 * The chooser's boxes: the ticked keywords first, then those matching the search, CHOOSER_SHOWN at
 * most, so 500 tracked keywords do not render 500 checkboxes.
 */
function chooserEntries(entries: Choice[], selected: string[], search: string) {
  const words = search.trim().toLowerCase()
  const ticked = entries.filter((e) => selected.includes(e.id))
  const others = entries.filter(
    (e) => !selected.includes(e.id) && (!words || e.keyword.toLowerCase().includes(words)),
  )
  return { shown: [...ticked, ...others].slice(0, Math.max(CHOOSER_SHOWN, ticked.length)), others }
}

/**
 * Which keywords the chart draws: a checkbox each, at most MAX_CHART_LINES ticked (more lines turn
 * the chart into noise; the table lists every keyword). A long list is searched, not all shown.
 */
function KeywordChooser({
  entries,
  selected,
  onToggle,
}: {
  entries: Choice[]
  selected: string[]
  onToggle: (id: string, on: boolean) => void
}) {
  const [search, setSearch] = useState('')
  const full = selected.length >= MAX_CHART_LINES
  const { shown, others } = chooserEntries(entries, selected, search)
  const long = entries.length > CHOOSER_SHOWN
  const hidden = selected.length + others.length - shown.length
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="text-sm font-medium">
        Keywords in the chart ({selected.length} of {entries.length}, up to {MAX_CHART_LINES})
      </legend>
      {long ? (
        <FormField label="Find a keyword to chart" className="max-w-sm">
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </FormField>
      ) : null}
      <ul className="flex max-h-40 flex-wrap gap-x-4 gap-y-2 overflow-y-auto">
        {shown.map((entry) => {
          const on = selected.includes(entry.id)
          const checks = entry.checks
          return (
            <li key={entry.id} className="min-w-0">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={on}
                  disabled={!on && full}
                  onChange={(event) => onToggle(entry.id, event.target.checked)}
                />
                <span className="break-words">{entry.keyword}</span>
                {checks === null ? null : (
                  <span className="shrink-0 text-xs text-muted-foreground">
                    ({checks === 1 ? '1 check' : `${checks} checks`})
                  </span>
                )}
              </label>
            </li>
          )
        })}
      </ul>
      {long ? (
        <p role="status" className="text-xs text-muted-foreground">
          {others.length === 0
            ? 'No other keyword matches your search.'
            : hidden === 0
              ? null
              : search.trim()
                ? `${hidden} more match: type more of the keyword to narrow the list.`
                : `${hidden} more keywords: search to find them.`}
        </p>
      ) : null}
    </fieldset>
  )
}
