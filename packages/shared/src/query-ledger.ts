// The monthly ledger of search-results queries (issue 34 item 4, docs/decisions/038-query-ledger.md):
// what a business's real provider queries were spent on, what they cost at the price in force, the
// month's budget and a forecast from the schedules. Months are UTC months, like the daily budget.
import { z } from 'zod'
import { queryPriceSchema } from './geo-grid.js'

/**
 * What a query was asked for: the daily rank checks with their map search, and the owner's
 * Refresh and first checks ('rank'); geo-grid scan points ('grid'); Settings' 'Test connection'.
 */
export const QUERY_KINDS = ['rank', 'grid', 'test'] as const
export type QueryKind = (typeof QUERY_KINDS)[number]

export const QUERY_KIND_LABELS: Record<QueryKind, string> = {
  rank: 'Rank checks',
  grid: 'Geo-grid scans',
  test: 'Connection tests',
}

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Choose a month as YYYY-MM, for example 2026-05.' })

/** The number of days of a 'YYYY-MM' month. */
export function daysInMonth(month: string): number {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, index, 0)).getUTCDate()
}

/** The UTC month of a moment, 'YYYY-MM'. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7)

/** Queries times the price, or null when no price is known for some of them. */
const moneySchema = z.number().nonnegative().nullable()

const kindLineSchema = z.object({
  kind: z.enum(QUERY_KINDS),
  queries: z.number().int().nonnegative(),
  /** In US dollars at the price in force today; null when some queries went to an unpriced provider. */
  usd: moneySchema,
})

const providerPriceSchema = z.object({
  /** The provider as the screens name it ('SerpApi'). */
  provider: z.string(),
  queries: z.number().int().nonnegative(),
  /** Null when no price is known for it (neither SERP_QUERY_PRICE nor a list price). */
  price: queryPriceSchema.nullable(),
})

export const queryLedgerSchema = z.object({
  month: monthSchema,
  /** Days are counted in UTC, like the daily budget. */
  timeZone: z.literal('UTC'),
  kinds: z.array(kindLineSchema),
  total: z.object({ queries: z.number().int().nonnegative(), usd: moneySchema }),
  /** The prices the money is counted at: each provider that was asked this month, by name. */
  providers: z.array(providerPriceSchema),
  /** The business's provider today; simulated checks are free and never counted. */
  current: z.object({
    provider: z.string(),
    simulated: z.boolean(),
    price: queryPriceSchema.nullable(),
  }),
  budget: z.object({
    daily: z.number().int().nonnegative(),
    days: z.number().int().positive(),
    /** The daily budget times the days of the month. */
    month: z.number().int().nonnegative(),
    left: z.number().int().nonnegative(),
  }),
  /** For the current month only: what it will have used by its end if the schedules run as set. */
  forecast: z
    .object({
      queries: z.number().int().nonnegative(),
      usd: moneySchema,
      /** The queries of the rest of the month, per kind. */
      rank: z.number().int().nonnegative(),
      grid: z.number().int().nonnegative(),
      /** What the forecast counts, in words. */
      counts: z.array(z.string()),
    })
    .nullable(),
  /**
   * Keyword volumes: 'estimate' (the built-in estimate, no paid lookups) or 'instance'
   * (DataForSEO, on the app's own account, shared by every business: not counted here).
   */
  volumes: z.object({ source: z.enum(['estimate', 'instance']), note: z.string() }),
})
export type QueryLedger = z.infer<typeof queryLedgerSchema>
