// A scan's cost against the business's daily query budget (issue 17 items 4 and 5): a scan that does
// not fit what is left today is refused before anything is stored. Simulated positions cost nothing.
import { AppError } from '../../lib/errors.js'
import { queryBudget, type RankProvider } from '../keywords/public.js'
import type { GridDeps } from './scan-runs.js'

/** Today's budget of the business, or null while its provider is simulated (no queries are spent). */
export async function todaysBudget(deps: GridDeps, businessId: string, provider: RankProvider) {
  if (provider.simulated) return null
  return queryBudget(deps.db, businessId, deps.clock.now(), deps.env.SERP_DAILY_QUERY_BUDGET)
}

export async function requireBudgetFor(
  deps: GridDeps,
  businessId: string,
  provider: RankProvider,
  cost: number,
) {
  const budget = await todaysBudget(deps, businessId, provider)
  if (!budget || budget.remaining >= cost) return
  throw new AppError(
    'rate_limited',
    `This scan needs ${cost} queries and ${budget.remaining} of today's ${budget.limit} are left. Choose a smaller grid or scan tomorrow.`,
  )
}
