// The imported Search Console data the screens read (issue 18 item 2, ADR 022): totals of the last
// 28 imported days against the 28 before, and the queries or pages of those days with their change.
import { z } from 'zod'

const metricsSchema = z.object({
  clicks: z.number(),
  impressions: z.number(),
  /** 0-1; null without impressions. */
  ctr: z.number().nullable(),
  /** Google's average position, impression-weighted; null without impressions. */
  position: z.number().nullable(),
})
export type SearchMetrics = z.infer<typeof metricsSchema>

const periodSchema = z.object({ from: z.string(), to: z.string() })

/** The last import: when it completed, how the last attempt went, and the days stored. */
export const searchConsoleImportSchema = z.object({
  siteUrl: z.string(),
  status: z.enum(['ok', 'failed']),
  reason: z.string().nullable(),
  lastAttemptAt: z.string(),
  /** The last completed import; null while none has. */
  importedAt: z.string().nullable(),
  /** The last complete day Google had (it finalises a day 2-3 days late); null without data. */
  lastDay: z.string().nullable(),
})
export type SearchConsoleImport = z.infer<typeof searchConsoleImportSchema>

export const searchConsolePerformanceSchema = z.object({
  /** The chosen property; null until the owner picks one in Settings. */
  siteUrl: z.string().nullable(),
  /** The import of that property; null until its first import has run. */
  import: searchConsoleImportSchema.nullable(),
  /** null while there is no imported day. */
  current: z.object({ period: periodSchema, totals: metricsSchema }).nullable(),
  previous: z.object({ period: periodSchema, totals: metricsSchema }).nullable(),
})
export type SearchConsolePerformance = z.infer<typeof searchConsolePerformanceSchema>

/** GET …/search-console/performance: `simulated` when the server has no Google client. */
export const searchConsolePerformanceAnswerSchema = z.union([
  z.object({ simulated: z.literal(true) }),
  searchConsolePerformanceSchema.extend({ simulated: z.literal(false) }),
])
export type SearchConsolePerformanceAnswer = z.infer<typeof searchConsolePerformanceAnswerSchema>

export const SEARCH_CONSOLE_DIMENSIONS = ['query', 'page'] as const
export type SearchConsoleDimension = (typeof SEARCH_CONSOLE_DIMENSIONS)[number]

export const searchConsoleRowsQuerySchema = z.object({
  dimension: z.enum(SEARCH_CONSOLE_DIMENSIONS, { message: 'Choose queries or pages.' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(25),
})

export const searchConsoleRowSchema = z.object({
  /** The query's text or the page's address. */
  key: z.string(),
  current: metricsSchema,
  /** The same query or page in the 28 days before; null when it had no impressions then. */
  previous: metricsSchema.nullable(),
})
export type SearchConsoleRow = z.infer<typeof searchConsoleRowSchema>

export const searchConsoleRowsSchema = z.object({
  dimension: z.enum(SEARCH_CONSOLE_DIMENSIONS),
  import: searchConsoleImportSchema.nullable(),
  period: periodSchema.nullable(),
  rows: z.array(searchConsoleRowSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Queries or pages with impressions in the last 28 days. */
  total: z.number(),
})
export type SearchConsoleRows = z.infer<typeof searchConsoleRowsSchema>
