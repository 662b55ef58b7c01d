// The daily query budget of a business (issue 17 item 5): every query a real search-results
// provider is asked (one per results page) is counted per business and UTC day in
// rank_query_usage, in one transaction per take, so every instance shares the count. Past the
// limit a query is not asked: its result is 'deferred' and the check runs the next day.
import type { QueryKind } from '@localseo/shared/query-ledger'
import { dayOf } from '@localseo/shared/rank-tracker'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { queryLedger } from '../../db/schema/query-ledger.js'
import { rankQueryUsage } from '../../db/schema/rank-providers.js'
import type { Clock } from '../../lib/clock.js'
import type { DeferredResult, RankProvider } from './rank-provider.js'

/** The default daily budget; env SERP_DAILY_QUERY_BUDGET overrides it. */
const DEFAULT_DAILY_QUERY_BUDGET = 200

export const BUDGET_REACHED: DeferredResult = {
  status: 'deferred',
  reason: 'Daily query budget reached: this check runs tomorrow.',
}

const NO_ANSWER = { status: 'failed', reason: 'The provider gave no answer.' } as const

interface QueryBudget {
  limit: number
  used: number
  remaining: number
}

/**
 * What the business spent today and what is left. Pass the configured limit
 * (`deps.env.SERP_DAILY_QUERY_BUDGET`); without one the default of 200 applies.
 */
export async function queryBudget(
  db: Db,
  businessId: string,
  now: Date,
  limit: number = DEFAULT_DAILY_QUERY_BUDGET,
): Promise<QueryBudget> {
  const [row] = await db
    .select({ used: rankQueryUsage.used })
    .from(rankQueryUsage)
    .where(and(eq(rankQueryUsage.businessId, businessId), eq(rankQueryUsage.day, dayOf(now))))
  const used = row?.used ?? 0
  return { limit, used, remaining: Math.max(0, limit - used) }
}

/**
 * Takes up to `wanted` queries of today's budget and answers how many were granted (0 when spent);
 * `giveBack` returns queries whose call failed (issue 32 item 4: a failed call uses no budget).
 */
export interface QueryMeter {
  take(wanted: number): Promise<number>
  giveBack?(count: number): Promise<void>
}

/** What the queries are for and who answers them: the month's ledger counts them so (ADR 038). */
interface LedgerEntry {
  kind: QueryKind
  provider: string
}

export function queryMeter({
  db,
  businessId,
  clock,
  limit,
  ledger,
}: {
  db: Db
  businessId: string
  clock: Clock
  limit: number
  ledger?: LedgerEntry
}): QueryMeter {
  // A query given back is taken off the ledger's day it was counted on, even past midnight.
  let takenOn: string | null = null
  return {
    take: (wanted) =>
      db.transaction(async (tx) => {
        if (wanted <= 0) return 0
        const day = dayOf(clock.now())
        await tx.insert(rankQueryUsage).values({ businessId, day, used: 0 }).onConflictDoNothing()
        // The row lock makes the read and the update one step for every instance.
        const [row] = await tx
          .select({ used: rankQueryUsage.used })
          .from(rankQueryUsage)
          .where(and(eq(rankQueryUsage.businessId, businessId), eq(rankQueryUsage.day, day)))
          .for('update')
        const granted = Math.min(wanted, Math.max(0, limit - (row?.used ?? 0)))
        if (granted > 0) {
          await tx
            .update(rankQueryUsage)
            .set({ used: sql`${rankQueryUsage.used} + ${granted}` })
            .where(and(eq(rankQueryUsage.businessId, businessId), eq(rankQueryUsage.day, day)))
          if (ledger) {
            await tx
              .insert(queryLedger)
              .values({ businessId, day, ...ledger, queries: granted })
              .onConflictDoUpdate({
                target: [
                  queryLedger.businessId,
                  queryLedger.day,
                  queryLedger.kind,
                  queryLedger.provider,
                ],
                set: { queries: sql`${queryLedger.queries} + ${granted}` },
              })
            takenOn = day
          }
        }
        return granted
      }),
    // The day the query was taken may have ended meanwhile: the count of today never goes below 0.
    giveBack: async (count) => {
      if (count <= 0) return
      await db
        .update(rankQueryUsage)
        .set({ used: sql`greatest(${rankQueryUsage.used} - ${count}, 0)` })
        .where(
          and(
            eq(rankQueryUsage.businessId, businessId),
            eq(rankQueryUsage.day, dayOf(clock.now())),
          ),
        )
      if (ledger && takenOn) {
        await db
          .update(queryLedger)
          .set({ queries: sql`greatest(${queryLedger.queries} - ${count}, 0)` })
          .where(
            and(
              eq(queryLedger.businessId, businessId),
              eq(queryLedger.day, takenOn),
              eq(queryLedger.kind, ledger.kind),
              eq(queryLedger.provider, ledger.provider),
            ),
          )
      }
    },
  }
}

/**
 * A provider that asks one query per check (a test's, or any without its own metering) under the
 * budget: the first queries the budget allows are asked, the rest answer 'deferred'. Simulated
 * positions cost nothing and are not counted; a failed check gives its query back.
 */
export function withQueryBudget(provider: RankProvider, meter: QueryMeter): RankProvider {
  if (provider.simulated) return provider
  return {
    simulated: provider.simulated,
    label: provider.label,
    async check(queries) {
      const granted = await meter.take(queries.length)
      const asked = granted > 0 ? await provider.check(queries.slice(0, granted)) : []
      const results = queries.map((_, i) =>
        i < granted ? (asked[i] ?? NO_ANSWER) : BUDGET_REACHED,
      )
      await meter.giveBack?.(results.filter((r) => r.status === 'failed').length)
      return results
    },
    async checkMapPack(queries) {
      const granted = await meter.take(queries.length)
      const asked = granted > 0 ? await provider.checkMapPack(queries.slice(0, granted)) : []
      const results = queries.map((_, i) =>
        i < granted ? (asked[i] ?? NO_ANSWER) : BUDGET_REACHED,
      )
      await meter.giveBack?.(results.filter((r) => r.status === 'failed').length)
      return results
    },
  }
}
