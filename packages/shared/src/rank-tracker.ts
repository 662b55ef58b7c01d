// Rank Tracker rules shared by the server and the screen (docs/product.md §2 Rank Tracker, §4, §5, §9).
import { z } from 'zod'
import { singleLineText } from './single-line.js'
import { figureSourceSchema, type FigureSource } from './figure-source.js'
import { businessTerms, type TermsSource } from './business-terms.js'
import { MAIN_LOCATION } from './location-selection.js'
import { positionChange } from './position-change.js'

/** docs/product.md §9: 7, 30 (default) and 90 days. */
export const RANK_RANGES = [7, 30, 90] as const
export type RankRange = (typeof RANK_RANGES)[number]
export const DEFAULT_RANK_RANGE: RankRange = 30
/** docs/product.md §9: the load delay the screen shows as a loading state. */
export const RANK_LOAD_DELAY_MS = 1500
/** History exists for the longest range from the day a keyword is added (issue 7). */
export const RANK_BACKFILL_DAYS = 90
/** docs/product.md §9: the trend shows the last 7 positions; Top Performers and Needs Improvement 3 each. */
export const TREND_POINTS = 7
export const MOVERS_COUNT = 3
export const MIN_RANK_POSITION = 1
export const MAX_RANK_POSITION = 100
/** Tracked keywords per location: enough for any small business, and what the bench measures. */
export const MAX_TRACKED_KEYWORDS = 500
export const MAX_KEYWORD_LENGTH = 120

/** Trimmed, inner whitespace collapsed: how a tracked keyword is stored and shown. */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** Two keywords are the same search when they differ only in case or spacing (docs/product.md §5). */
export function keywordKey(text: string): string {
  return normalizeKeyword(text).toLowerCase()
}

/**
 * docs/product.md §9 default rank keywords, filled from what the business offers and the location's
 * city. They use what people type for it (its noun and first service, business-terms.ts), so they
 * read as searches: 'best dentist near me', never 'best dental near me' or 'home services services',
 * and a plumber's are about plumbing, not its category's other trades (issue 15 item 5).
 */
export function defaultRankKeywords(business: TermsSource, city: string): string[] {
  const terms = businessTerms(business)
  const what = terms.noun
  const service = terms.services.find((s) => s.toLowerCase() !== 'services') ?? what
  const where = normalizeKeyword(city)
  return [
    where ? `${what} in ${where}` : `${what} near me`,
    `best ${what} near me`,
    where ? `affordable ${what} ${where}` : `affordable ${what}`,
    where ? `${service.toLowerCase()} ${where}` : `${service.toLowerCase()} near me`,
    where ? `emergency ${what} ${where}` : `emergency ${what}`,
  ]
}

const locationParam = z.string().trim().min(1).max(100).default(MAIN_LOCATION)

/** docs/product.md §5: trimmed text must not be empty. */
export const trackKeywordInputSchema = z.object({
  // Refused before the spaces are collapsed: a line break is never quietly made a space.
  keyword: singleLineText('A keyword')
    .transform(normalizeKeyword)
    .pipe(
      z
        .string()
        .min(1, 'Enter a keyword to track.')
        .max(MAX_KEYWORD_LENGTH, `Keep keywords under ${MAX_KEYWORD_LENGTH} characters.`),
    ),
  location: locationParam,
})
export type TrackKeywordInput = z.input<typeof trackKeywordInputSchema>

export const rankLocationQuerySchema = z.object({ location: locationParam })

/** Rows a page of the rankings table shows, and the most one request may ask (issue 36 item 2). */
export const RANK_PAGE_SIZE = 50
export const RANK_PAGE_SIZE_MAX = 100
/** Keywords one request for named keywords' checks (the chart's choice) may name. */
export const MAX_NAMED_KEYWORDS = 50

const rangeParam = z
  .enum(['7', '30', '90'], { message: 'Choose 7, 30 or 90 days.' })
  .default('30')
  .transform((value) => Number(value) as RankRange)

/**
 * GET /api/rank-tracker/history: a page of the table's keywords (issue 36 item 2). A page past the
 * last one answers the last; a location holds MAX_TRACKED_KEYWORDS at most, so no page beyond it.
 */
export const rankHistoryQuerySchema = z.object({
  location: locationParam,
  range: rangeParam,
  page: z.coerce
    .number({ message: 'Choose a page number.' })
    .int('Choose a page number.')
    .min(1, 'Choose a page number.')
    .max(MAX_TRACKED_KEYWORDS, 'Choose a page number.')
    .default(1),
  limit: z.coerce
    .number({ message: `Choose 1 to ${RANK_PAGE_SIZE_MAX} keywords a page.` })
    .int(`Choose 1 to ${RANK_PAGE_SIZE_MAX} keywords a page.`)
    .min(1, `Choose 1 to ${RANK_PAGE_SIZE_MAX} keywords a page.`)
    .max(RANK_PAGE_SIZE_MAX, `Choose 1 to ${RANK_PAGE_SIZE_MAX} keywords a page.`)
    .default(RANK_PAGE_SIZE),
})

/**
 * GET /api/rank-tracker/history/keywords: every tracked keyword's checks (Export CSV), or those of
 * the keywords named in `ids` (comma-separated: the chart's choice).
 */
export const rankKeywordsHistoryQuerySchema = z.object({
  location: locationParam,
  range: rangeParam,
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').filter(Boolean))] : undefined))
    .pipe(
      z
        .array(z.uuid({ message: 'That keyword is not tracked.' }))
        .max(MAX_NAMED_KEYWORDS, `Name up to ${MAX_NAMED_KEYWORDS} keywords.`)
        .optional(),
    ),
})

/**
 * One day's stored check, as the history endpoint sends it (compact: 500 keywords x 90 days): the
 * position, 'absent' when a real provider did not find the website in the first 100 results (issue
 * 17), 'failed' for a failed check (never 0, never "not ranking": issue 7), or null when that day
 * was never checked.
 */
export const rankCheckSchema = z.union([
  z.number().int().min(MIN_RANK_POSITION).max(MAX_RANK_POSITION),
  z.literal('absent'),
  z.literal('failed'),
  z.null(),
])
export type RankCheck = z.infer<typeof rankCheckSchema>

/** A day's check as the screen reads it. */
export type RankPoint =
  | { date: string; status: 'ok'; position: number }
  | { date: string; status: 'absent'; position: null }
  | { date: string; status: 'failed'; position: null }

/** What 'absent' reads as on every screen: never 0, never 'not ranking'. */
export const NOT_IN_TOP_100 = 'Not in top 100'

/**
 * The latest stored check of a keyword: who answered and when (the source 'SerpApi, checked …'),
 * and the map-pack position of that day's check when one was asked (issue 17).
 */
export const latestCheckSchema = z.object({
  /** The provider's name ('SerpApi', 'Serper', 'Simulated'); null on checks stored before it was kept. */
  provider: z.string().nullable(),
  checkedAt: z.string(),
  simulated: z.boolean(),
  /** The map pack searched from the location's point that day; null when it was not asked. */
  map: z
    .discriminatedUnion('status', [
      /** position null: not among the 20 places the map search returned. */
      z.object({ status: z.literal('ok'), position: z.number().int().nullable() }),
      z.object({ status: z.literal('failed'), reason: z.string() }),
    ])
    .nullable(),
  /**
   * What the second check of that day's drop found, both checks named (issue 34 item 5,
   * docs/decisions/039-confirmed-drops.md); null or absent when the day was not rechecked.
   */
  recheck: z.string().nullable().optional(),
})
export type LatestCheck = z.infer<typeof latestCheckSchema>

/** How the Search Console figures read on every screen, apart from rank checks (issue 18 item 2). */
export const SEARCH_CONSOLE_POSITION_LABEL = 'Search Console (average position)'

/**
 * The keyword's daily average position in Google Search Console (issue 18 item 2): what Google
 * measured over every search of that query that showed the website, imported daily. It is not a
 * rank check: it never enters the position, change or trend of the checks. `points` are the range's
 * days that have data, oldest first (Google leaves out days without impressions, and its data is
 * 2-3 days late); `importedAt` is when the stored rows were last imported.
 */
export const searchConsolePositionsSchema = z.object({
  points: z.array(
    z.object({
      day: z.string(),
      /** Google's average position (1 = top), impression-weighted over the day. */
      position: z.number(),
      impressions: z.number().int(),
    }),
  ),
  importedAt: z.string(),
})
export type SearchConsolePositions = z.infer<typeof searchConsolePositionsSchema>

export const trackedKeywordSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  /** Filled in by us (sign-up or a location's defaults), labelled 'Sample' (issue 15 item 2). */
  sample: z.boolean(),
  createdAt: z.string(),
})
export type TrackedKeyword = z.infer<typeof trackedKeywordSchema>

/** A tracked keyword with its checks over the range, as the history routes send it. */
export const rankHistoryKeywordSchema = trackedKeywordSchema.extend({
  /** The keyword data provider's monthly searches, as on every screen; null: no estimate. */
  volume: z.number().int().nullable(),
  /** Where the volume came from: the estimate or a keyword data source with its month. */
  volumeSource: z.optional(figureSourceSchema),
  checks: z.array(rankCheckSchema),
  /**
   * The successful check before the latest one, whenever it was (the keyword store's, as the
   * dashboard and Keyword Analysis read it): the change is measured against it (issue 32 item
   * 1). Absent from older servers, then read from the range's checks by the same rule.
   */
  previousPosition: z.number().int().nullable().optional(),
  /** The newest check of any day; null (or absent from older servers) when never checked. */
  latestCheck: latestCheckSchema.nullable().optional(),
  /**
   * The same search's Search Console average positions over the range (site-wide, so the same
   * for every location); null without an import or rows in the range, absent from older servers.
   */
  searchConsole: searchConsolePositionsSchema.nullable().optional(),
})
export type RankHistoryKeyword = z.infer<typeof rankHistoryKeywordSchema>

const rangeSchema = z.union([z.literal(7), z.literal(30), z.literal(90)])

/** GET /api/rank-tracker/history/keywords: every tracked keyword's checks, or the named ones'. */
export const rankKeywordsHistorySchema = z.object({
  range: rangeSchema,
  /** Every day of the range, oldest first, ending today (YYYY-MM-DD, UTC). */
  days: z.array(z.string()),
  /** checks[i] is the check of days[i]; in the table's order (added first, then by keyword). */
  keywords: z.array(rankHistoryKeywordSchema),
  /** Positions come from the simulated rank provider until a real one is configured. */
  simulated: z.boolean(),
})
export type RankKeywordsHistory = z.infer<typeof rankKeywordsHistorySchema>

export const rankSummarySchema = z.object({
  keywordsTracked: z.number().int(),
  averagePosition: z.number().nullable(),
  failedChecks: z.number().int(),
  improved: z.number().int(),
  declined: z.number().int(),
})

/**
 * GET /api/rank-tracker/history: what the Rank Tracker screen shows (issue 36 item 2). The figures
 * over every tracked keyword of the location (the summary cards, the movers, the chart's default
 * keywords) are computed on the server by the functions below, and `keywords` is one page of the
 * table, in its order. Export CSV reads the whole set from /history/keywords.
 */
export const rankHistorySchema = rankKeywordsHistorySchema.extend({
  /** The page of the table: `limit` keywords from (page - 1) x limit, in the table's order. */
  keywords: z.array(rankHistoryKeywordSchema),
  /** Every tracked keyword of the location. */
  total: z.number().int(),
  /** The page sent: the one asked, or the last when fewer keywords are left. */
  page: z.number().int(),
  limit: z.number().int(),
  summary: rankSummarySchema,
  /** Top Performers and Needs Improvement (MOVERS_COUNT each) over every keyword. */
  topPerformers: z.array(rankHistoryKeywordSchema),
  needsImprovement: z.array(rankHistoryKeywordSchema),
  /** The chart's default keywords (defaultChartKeywords over every keyword), in the table's order. */
  chart: z.array(rankHistoryKeywordSchema),
  /**
   * Every keyword's successful checks in the range, in the table's order (the order GET
   * /api/rank-tracker/keywords lists them): the chart's chooser names the counts. Counts, not ids:
   * 400 ids would be most of the answer's compressed bytes.
   */
  checkCounts: z.array(z.number().int()),
  /** Keywords never checked yet (their first check is a job): the screen reads again until none. */
  notCheckedYet: z.number().int(),
  /** Some keyword has a check in the range: Export CSV has something to export. */
  hasChecks: z.boolean(),
  /**
   * The business's daily query budget with a real provider (issue 17 item 5): with nothing
   * remaining the screen says the remaining checks run tomorrow. Absent with the simulation.
   */
  budget: z
    .object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() })
    .optional(),
})
export type RankHistory = z.infer<typeof rankHistorySchema>

/** GET /api/rank-tracker/keywords: the place's tracked keywords. */
export const trackedKeywordsResponseSchema = z.object({ keywords: z.array(trackedKeywordSchema) })

/** POST /api/rank-tracker/keywords: 201 with the keyword added, 200 when it was tracked already. */
export const trackKeywordResponseSchema = z.object({
  keyword: trackedKeywordSchema,
  added: z.boolean(),
})

/** DELETE /api/rank-tracker/keywords/:id: the id of the keyword no longer tracked. */
export const untrackKeywordResponseSchema = z.object({ removed: z.string() })

/** POST /api/rank-tracker/refresh: today's checks; `deferred` ones wait for tomorrow's budget. */
export const refreshRankingsResponseSchema = z.object({
  day: z.iso.date(),
  checked: z.number().int(),
  failed: z.number().int(),
  deferred: z.number().int(),
})

/** YYYY-MM-DD of a UTC instant. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return dayOf(date)
}

/** The range's days, oldest first, ending with `today`. */
export function rangeDays(today: string, range: number): string[] {
  return Array.from({ length: range }, (_, i) => addDays(today, i - range + 1))
}

/** docs/product.md §3 ranking entry, computed from stored history. */
export interface RankingEntry {
  id: string
  keyword: string
  /** The latest successful position in the range; null when every check failed. */
  currentPosition: number | null
  /**
   * Positions gained since the check before (position-change.ts, the one definition every screen
   * and the CSV use): + is better; null without two successful checks.
   */
  change: number | null
  /** The most recent check failed, so the current position is the last known one. */
  latestCheckFailed: boolean
  /** The latest successful check did not find the website in the first 100 results. */
  notInTop100: boolean
  latestCheck: LatestCheck | null
  positions: RankPoint[]
  /** The keyword data provider's monthly searches, as every screen shows them; null: no estimate. */
  volume: number | null
  volumeSource?: FigureSource
  sample: boolean
  /** Search Console's average positions, shown apart: never part of the figures above. */
  searchConsole: SearchConsolePositions | null
}

/** The days that were checked, with their results; unchecked days are left out. */
export function keywordPoints(days: readonly string[], checks: readonly RankCheck[]): RankPoint[] {
  const points: RankPoint[] = []
  checks.forEach((check, i) => {
    const date = days[i]
    if (date === undefined || check === null) return
    points.push(
      check === 'failed' || check === 'absent'
        ? { date, status: check, position: null }
        : { date, status: 'ok', position: check },
    )
  })
  return points
}

export function toRankingEntry(
  keyword: Pick<RankHistoryKeyword, 'id' | 'keyword' | 'checks'> &
    Partial<
      Pick<
        RankHistoryKeyword,
        'volume' | 'volumeSource' | 'sample' | 'latestCheck' | 'searchConsole' | 'previousPosition'
      >
    >,
  days: readonly string[],
): RankingEntry {
  const positions = keywordPoints(days, keyword.checks)
  // 'Not in top 100' is an answer: after it there is no current position and no change to show.
  const answers = positions.filter((p) => p.status !== 'failed')
  const latestAnswer = answers.at(-1)
  const absent = latestAnswer?.status === 'absent'
  const current = latestAnswer?.position ?? null
  // The successful check before the latest: the server's, else the range's answer before it.
  const previous =
    keyword.previousPosition !== undefined
      ? keyword.previousPosition
      : (answers.at(-2)?.position ?? null)
  return {
    id: keyword.id,
    keyword: keyword.keyword,
    currentPosition: current,
    change: positionChange(current, previous),
    latestCheckFailed: positions.at(-1)?.status === 'failed',
    notInTop100: absent,
    latestCheck: keyword.latestCheck ?? null,
    positions,
    volume: keyword.volume ?? null,
    ...(keyword.volumeSource ? { volumeSource: keyword.volumeSource } : {}),
    sample: keyword.sample ?? false,
    searchConsole: keyword.searchConsole ?? null,
  }
}

export interface RankSummary {
  keywordsTracked: number
  /**
   * docs/product.md §9: one decimal; null when no keyword has a position. Keywords whose latest
   * check failed are left out (issue 32 item 4): their last known position is not today's.
   */
  averagePosition: number | null
  /** Keywords whose latest check failed, left out of the average (the card says how many). */
  failedChecks: number
  improved: number
  declined: number
}

export function summarizeRankings(entries: readonly RankingEntry[]): RankSummary {
  const positions = entries.flatMap((e) =>
    e.currentPosition === null || e.latestCheckFailed ? [] : [e.currentPosition],
  )
  const average =
    positions.length === 0 ? null : positions.reduce((a, b) => a + b, 0) / positions.length
  return {
    keywordsTracked: entries.length,
    averagePosition: average === null ? null : Math.round(average * 10) / 10,
    failedChecks: entries.filter((e) => e.latestCheckFailed).length,
    improved: entries.filter((e) => (e.change ?? 0) > 0).length,
    declined: entries.filter((e) => (e.change ?? 0) < 0).length,
  }
}

/** Lines the trends chart draws at most: more turn it into noise (the table lists every keyword). */
export const MAX_CHART_LINES = 6

const answered = (e: RankingEntry) => e.positions.filter((p) => p.status === 'ok').length

/**
 * The keywords the chart shows until the owner picks (issue 32 item 2): those with the most
 * positions in the range, at most MAX_CHART_LINES, in the table's order; never a keyword without
 * one while another has some.
 */
export function defaultChartKeywords(
  entries: readonly RankingEntry[],
  count = MAX_CHART_LINES,
): string[] {
  const chosen = entries
    .map((entry, order) => ({ entry, order, checks: answered(entry) }))
    .filter((item) => item.checks > 0)
    .sort((a, b) => b.checks - a.checks || a.order - b.order)
    .slice(0, count)
  return chosen.sort((a, b) => a.order - b.order).map((item) => item.entry.id)
}

/**
 * What the Rank Tracker shows over every tracked keyword of the location (issue 36 item 2), by the
 * rules above: the summary cards, Top Performers and Needs Improvement, the chart's default
 * keywords and each keyword's successful checks. The server computes it over the whole set and
 * sends it with one page of the table.
 */
export function rankOverview(
  keywords: readonly Parameters<typeof toRankingEntry>[0][],
  days: readonly string[],
) {
  const entries = keywords.map((keyword) => toRankingEntry(keyword, days))
  const ids = (chosen: readonly RankingEntry[]) => chosen.map((entry) => entry.id)
  return {
    summary: summarizeRankings(entries),
    topPerformers: ids(topPerformers(entries)),
    needsImprovement: ids(needsImprovement(entries)),
    chart: defaultChartKeywords(entries),
    checkCounts: entries.map(answered),
    // docs/product.md §5: exports are disabled when there is no data.
    hasChecks: keywords.some((keyword) => keyword.checks.some((check) => check !== null)),
  }
}

/**
 * The chart's position axis: 1 at the top, down to the worst position drawn rounded up to a whole
 * tick, so every position shown sits on the chart (#85 too; issue 32 item 2).
 */
export function positionAxis(worst: number): { bottom: number; ticks: number[] } {
  const deepest = Math.min(MAX_RANK_POSITION, Math.max(10, Math.ceil(worst)))
  const step = deepest > 50 ? 20 : 10
  const bottom = Math.min(MAX_RANK_POSITION, Math.ceil(deepest / step) * step)
  const ticks = [1]
  for (let tick = step; tick < bottom; tick += step) ticks.push(tick)
  ticks.push(bottom)
  return { bottom, ticks }
}

const byKeyword = (a: RankingEntry, b: RankingEntry) => a.keyword.localeCompare(b.keyword)

/** docs/product.md §9 Top Performers: the biggest gains, at most 3; ties in keyword order. */
export function topPerformers(entries: readonly RankingEntry[], count = MOVERS_COUNT) {
  return entries
    .filter((e) => (e.change ?? 0) > 0)
    .sort((a, b) => (b.change ?? 0) - (a.change ?? 0) || byKeyword(a, b))
    .slice(0, count)
}

/** docs/product.md §9 Needs Improvement: the biggest losses, at most 3; ties in keyword order. */
export function needsImprovement(entries: readonly RankingEntry[], count = MOVERS_COUNT) {
  return entries
    .filter((e) => (e.change ?? 0) < 0)
    .sort((a, b) => (a.change ?? 0) - (b.change ?? 0) || byKeyword(a, b))
    .slice(0, count)
}

/** docs/product.md §9: bar height max(10, 100 - 5 x position) percent. */
export function trendBarHeight(position: number): number {
  return Math.max(10, 100 - 5 * position)
}

/** docs/product.md §9: the trend shows the last 7 checks. */
export function trendPoints(positions: readonly RankPoint[], count = TREND_POINTS): RankPoint[] {
  return positions.slice(-count)
}
