// Which rank provider answers for a business (issue 17): a test's (deps.rank), else the business's
// own search-results provider and key, else the instance default from env (SERP_PROVIDER and
// SERP_API_KEY), else the simulation. Every provider but the simulation is held to the business's
// daily query budget (query-budget.ts), for scheduled and manual checks alike.
import type { AppDeps } from '../../lib/deps.js'
import { queryMeter, withQueryBudget } from './query-budget.js'
import { createSimulatedRankProvider, type RankProvider } from './rank-provider.js'

export type ProviderDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'rank'>

export function rankProviderFor(deps: ProviderDeps, businessId: string): Promise<RankProvider> {
  const meter = queryMeter({
    db: deps.db,
    businessId,
    clock: deps.clock,
    limit: deps.env.SERP_DAILY_QUERY_BUDGET,
  })
  if (deps.rank) return Promise.resolve(withQueryBudget(deps.rank, meter))
  return Promise.resolve(createSimulatedRankProvider())
}
