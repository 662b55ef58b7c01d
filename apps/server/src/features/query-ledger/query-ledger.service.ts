// The month's cost ledger (issue 34 item 4, docs/decisions/038-query-ledger.md): the queries the
// business's real providers were asked, per kind, in money at the price in force today, against the
// month's budget, with a forecast for the current month. Months and days are UTC, like the budget.
import type { Business } from '@localseo/shared/business'
import { queryPrice } from '@localseo/shared/geo-grid'
import {
  daysInMonth,
  monthOf,
  QUERY_KINDS,
  type QueryKind,
  type QueryLedger,
} from '@localseo/shared/query-ledger'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { queryLedger } from '../../db/schema/query-ledger.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { rankProviderFor } from '../keywords/public.js'
import { forecastMonth } from './forecast.js'

type LedgerDeps = Pick<
  AppDeps,
  'db' | 'env' | 'clock' | 'rank' | 'secrets' | 'metrics' | 'measuredKeywords'
>

const VOLUMES = {
  estimate: {
    source: 'estimate',
    note: 'Keyword volumes are estimates made by the app: they cost nothing.',
  },
  instance: {
    source: 'instance',
    note: "Keyword volumes come from DataForSEO on this app's own account. Each keyword is asked at most once a month per place, and every business shares the answers, so they are not counted here.",
  },
} as const

/** The first day of the month and of the next, 'YYYY-MM-DD'. */
function monthRange(month: string) {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const next = new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 10)
  return { from: `${month}-01`, to: next }
}

/** The business's counted queries of the month, per kind and provider. */
function monthRows(deps: LedgerDeps, businessId: string, month: string) {
  const { from, to } = monthRange(month)
  return deps.db
    .select({
      kind: queryLedger.kind,
      provider: queryLedger.provider,
      queries: sql<number>`sum(${queryLedger.queries})::int`,
    })
    .from(queryLedger)
    .where(
      and(
        eq(queryLedger.businessId, businessId),
        gte(queryLedger.day, from),
        lt(queryLedger.day, to),
      ),
    )
    .groupBy(queryLedger.kind, queryLedger.provider)
}

/** Queries at a price, or null when the price is unknown (a sum with an unknown part is unknown). */
const cost = (queries: number, usdPerQuery: number | null) =>
  queries === 0 ? 0 : usdPerQuery === null ? null : queries * usdPerQuery

const add = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b)

export async function readQueryLedger(
  deps: LedgerDeps,
  business: Business,
  month = monthOf(deps.clock.now()),
): Promise<QueryLedger> {
  const now = deps.clock.now()
  if (month > monthOf(now)) {
    throw new AppError('validation_failed', 'Choose this month or an earlier one.', [
      { path: 'month', message: 'Choose this month or an earlier one.' },
    ])
  }
  const rows = await monthRows(deps, business.id, month)
  const provider = await rankProviderFor(deps, business.id)
  const configured = deps.env.SERP_QUERY_PRICE
  const priceOf = (label: string) => queryPrice(label, false, configured)
  const current = {
    provider: provider.label,
    simulated: provider.simulated,
    price: queryPrice(provider.label, provider.simulated, configured),
  }

  // A provider whose every query was given back (failed calls) is not listed.
  const labels = [...new Set(rows.filter((r) => r.queries > 0).map((r) => r.provider))].sort()
  const providers = labels.map((label) => ({
    provider: label,
    queries: rows.filter((r) => r.provider === label).reduce((sum, r) => sum + r.queries, 0),
    price: priceOf(label),
  }))
  const kinds = QUERY_KINDS.map((kind: QueryKind) => {
    const lines = rows.filter((row) => row.kind === kind)
    return {
      kind,
      queries: lines.reduce((sum, row) => sum + row.queries, 0),
      usd: lines.reduce<number | null>(
        (sum, row) => add(sum, cost(row.queries, priceOf(row.provider)?.usdPerQuery ?? null)),
        0,
      ),
    }
  })
  const total = {
    queries: kinds.reduce((sum, line) => sum + line.queries, 0),
    usd: kinds.reduce<number | null>((sum, line) => add(sum, line.usd), 0),
  }
  const daily = deps.env.SERP_DAILY_QUERY_BUDGET
  const days = daysInMonth(month)
  const budget = {
    daily,
    days,
    month: daily * days,
    left: Math.max(0, daily * days - total.queries),
  }

  let forecast: QueryLedger['forecast'] = null
  if (month === monthOf(now)) {
    const ahead = await forecastMonth(deps, business, { simulated: provider.simulated, now })
    const more = ahead.rank + ahead.grid
    forecast = {
      queries: total.queries + more,
      usd: add(total.usd, cost(more, current.price?.usdPerQuery ?? null)),
      rank: ahead.rank,
      grid: ahead.grid,
      counts: ahead.counts,
    }
  }
  return {
    month,
    timeZone: 'UTC',
    kinds,
    total,
    providers,
    current,
    budget,
    forecast,
    volumes: deps.measuredKeywords ? VOLUMES.instance : VOLUMES.estimate,
  }
}
