// The Business Profile's own performance (issue 33 item 5, ADR 035): what the daily Performance
// import stores per place and day, the 28 days up to the last day Google reported against the 28
// before, and the answer of GET /api/business-profile/performance. The sums and the change are pure
// functions here, tested with worked examples (docs/house-rules.md: formulas live in shared).
import { z } from 'zod'

/** Google's daily figures for one place and day: impressions split four ways and three actions. */
export interface PerformanceDay {
  /** YYYY-MM-DD, the profile location's day as Google reports it. */
  day: string
  desktopMaps: number
  desktopSearch: number
  mobileMaps: number
  mobileSearch: number
  calls: number
  directions: number
  websiteClicks: number
}

export const PERFORMANCE_FIGURES = [
  'desktopMaps',
  'desktopSearch',
  'mobileMaps',
  'mobileSearch',
  'calls',
  'directions',
  'websiteClicks',
] as const satisfies readonly (keyof PerformanceDay)[]

/** A day without any figure: Google leaves a 0 out of its answer. */
export function emptyDay(day: string): PerformanceDay {
  return {
    day,
    desktopMaps: 0,
    desktopSearch: 0,
    mobileMaps: 0,
    mobileSearch: 0,
    calls: 0,
    directions: 0,
    websiteClicks: 0,
  }
}

/** The days compared (28 against the 28 before) and shown in the chart (90). */
export const COMPARED_DAYS = 28
export const SERIES_DAYS = 90

const totalsSchema = z.object({
  desktopMaps: z.number(),
  desktopSearch: z.number(),
  mobileMaps: z.number(),
  mobileSearch: z.number(),
  /** The four impressions added up, and the same split by where and by device. */
  impressions: z.number(),
  maps: z.number(),
  search: z.number(),
  mobile: z.number(),
  desktop: z.number(),
  calls: z.number(),
  directions: z.number(),
  websiteClicks: z.number(),
})
export type PerformanceTotals = z.infer<typeof totalsSchema>
export type PerformanceTotal = keyof PerformanceTotals

const periodSchema = z.object({ from: z.string(), to: z.string() })
export type PerformancePeriod = z.infer<typeof periodSchema>

const DAY_MS = 86_400_000

/** The YYYY-MM-DD day `n` days after (before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The 28 days ending on `until`, the 28 before them, and the 90 days of the chart ending on it. */
export function performancePeriods(until: string): {
  current: PerformancePeriod
  previous: PerformancePeriod
  series: PerformancePeriod
} {
  return {
    current: { from: addDays(until, 1 - COMPARED_DAYS), to: until },
    previous: { from: addDays(until, 1 - 2 * COMPARED_DAYS), to: addDays(until, -COMPARED_DAYS) },
    series: { from: addDays(until, 1 - SERIES_DAYS), to: until },
  }
}

/** The figures of the days inside `period` (both ends included) added up, with the splits. */
export function performanceTotals(days: PerformanceDay[], period: PerformancePeriod) {
  const sum = Object.fromEntries(PERFORMANCE_FIGURES.map((f) => [f, 0])) as Record<
    (typeof PERFORMANCE_FIGURES)[number],
    number
  >
  for (const day of days) {
    if (day.day < period.from || day.day > period.to) continue
    for (const figure of PERFORMANCE_FIGURES) sum[figure] += day[figure]
  }
  return {
    ...sum,
    impressions: sum.desktopMaps + sum.desktopSearch + sum.mobileMaps + sum.mobileSearch,
    maps: sum.desktopMaps + sum.mobileMaps,
    search: sum.desktopSearch + sum.mobileSearch,
    mobile: sum.mobileMaps + sum.mobileSearch,
    desktop: sum.desktopMaps + sum.desktopSearch,
  } satisfies PerformanceTotals
}

/**
 * The change from `before` to `now` in percent, one decimal: 120 after 100 is 20, 75 after 100 is
 * -25. null when `before` is 0: no percentage of nothing is honest (the screen shows 'new').
 */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null
  return Math.round(((now - before) / before) * 1000) / 10
}

/**
 * The 28 days up to `until` against the 28 before, and each total's change. `previous` is null
 * when the stored days do not reach back to its first day: half a period compared with a whole one
 * would read as growth.
 */
export function comparePerformance(days: PerformanceDay[], until: string, firstDay: string) {
  const periods = performancePeriods(until)
  const current = performanceTotals(days, periods.current)
  const covered = firstDay <= periods.previous.from
  const previous = covered ? performanceTotals(days, periods.previous) : null
  const change = Object.fromEntries(
    (Object.keys(current) as PerformanceTotal[]).map((k) => [
      k,
      previous ? changePercent(current[k], previous[k]) : null,
    ]),
  ) as Record<PerformanceTotal, number | null>
  return {
    current: { period: periods.current, totals: current },
    previous: previous ? { period: periods.previous, totals: previous } : null,
    change,
  }
}

/** The chart's days: each of the 90 up to `until`, 0 for a day not stored (before the first). */
export function performanceSeries(days: PerformanceDay[], until: string): PerformanceDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]))
  const { series } = performancePeriods(until)
  const out: PerformanceDay[] = []
  for (let day = series.from; day <= series.to; day = addDays(day, 1)) {
    out.push(byDay.get(day) ?? emptyDay(day))
  }
  return out
}

/** '< 15' for a term Google reports only as below a threshold, else the count as given. */
export function searchTermImpressions(term: {
  impressions: number | null
  below: number | null
}): string {
  if (term.impressions !== null) return term.impressions.toLocaleString('en-US')
  return term.below !== null ? `< ${term.below.toLocaleString('en-US')}` : '–'
}

const daySchema = z.object({
  day: z.string(),
  desktopMaps: z.number(),
  desktopSearch: z.number(),
  mobileMaps: z.number(),
  mobileSearch: z.number(),
  calls: z.number(),
  directions: z.number(),
  websiteClicks: z.number(),
})

export const searchTermSchema = z.object({
  keyword: z.string(),
  /** Impressions over the months; null when Google gives only a threshold. */
  impressions: z.number().nullable(),
  /** Google's 'fewer than N' for a rare term, else null. */
  below: z.number().nullable(),
})
export type SearchTerm = z.infer<typeof searchTermSchema>

/** How many search terms the card lists. */
export const TOP_SEARCH_TERMS = 10

/**
 * Where the figures come from: sample data (no Google client), Google with the last good import's
 * time, or nothing yet; `failure` is the last attempt's refusal when it failed (the figures shown,
 * if any, are the import's before).
 */
export const performanceSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sample') }),
  z.object({ kind: z.literal('google'), importedAt: z.string() }),
  z.object({ kind: z.literal('not_imported') }),
])

export const profilePerformanceSchema = z.discriminatedUnion('status', [
  /** The place has no linked profile location: the card points to Settings. */
  z.object({ status: z.literal('not_linked') }),
  z.object({
    status: z.literal('linked'),
    profile: z.object({ googleLocation: z.string(), title: z.string(), sample: z.boolean() }),
    source: performanceSourceSchema,
    /** The last attempt failed: when, and what Google refused, in words. */
    failure: z.object({ at: z.string(), reason: z.string() }).nullable(),
    /** The days stored, 'up to' the last one Google reported (its data arrives days late). */
    range: periodSchema.nullable(),
    current: z.object({ period: periodSchema, totals: totalsSchema }).nullable(),
    previous: z.object({ period: periodSchema, totals: totalsSchema }).nullable(),
    /** Each total's change in percent (one decimal); null without a whole period before, or from 0. */
    change: z.record(z.string(), z.number().nullable()).nullable(),
    /** The 90 days up to the last reported day, oldest first. */
    days: z.array(daySchema),
    /** The search terms of the last full months, most impressions first (the top ones). */
    searchTerms: z
      .object({
        startMonth: z.string(),
        endMonth: z.string(),
        total: z.number(),
        terms: z.array(searchTermSchema),
      })
      .nullable(),
  }),
])
export type ProfilePerformance = z.infer<typeof profilePerformanceSchema>
