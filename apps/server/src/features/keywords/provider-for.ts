// Which rank provider answers for a business (issue 17): a test's (deps.rank), else the business's
// own search-results provider and key, else the instance default from env (SERP_PROVIDER and
// SERP_API_KEY), else the simulation. Every provider but the simulation is held to the business's
// daily query budget (query-budget.ts), for scheduled and manual checks alike, and counted in the
// month's ledger by what asked (`kind`: rank checks, grid scans, tests; ADR 038).
import type { QueryKind } from '@localseo/shared/query-ledger'
import type { AppDeps } from '../../lib/deps.js'
import { ADAPTERS, providerChoice, recordProviderStatus } from './provider-settings.js'
import { queryMeter, withQueryBudget } from './query-budget.js'
import { createSimulatedRankProvider, type RankProvider } from './rank-provider.js'
import { createSerpProvider, failingProvider, type SerpProviderOptions } from './serp-provider.js'

type ProviderDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'rank' | 'secrets' | 'metrics'>

export const meterFor = (
  deps: ProviderDeps,
  businessId: string,
  kind: QueryKind,
  provider: string,
) =>
  queryMeter({
    db: deps.db,
    businessId,
    clock: deps.clock,
    limit: deps.env.SERP_DAILY_QUERY_BUDGET,
    ledger: { kind, provider },
  })

/**
 * The options of the business's real provider (its own key, else the instance default), or the
 * reason it has none usable, or null for the simulation.
 */
export async function serpOptionsFor(
  deps: ProviderDeps,
  businessId: string,
  kind: QueryKind = 'rank',
): Promise<SerpProviderOptions | { unusable: string; label: string } | null> {
  const choice = await providerChoice(deps, businessId)
  if (choice.provider === 'simulated') return null
  const { adapter, baseUrl } = ADAPTERS[choice.provider]
  if ('unusable' in choice) return { unusable: choice.unusable, label: adapter.label }
  // The business's own key: Settings shows whether its last request worked, written on a change.
  let last: string | null | undefined
  const onOutcome = async (failure: string | null) => {
    if (failure === last) return
    last = failure
    await recordProviderStatus(deps.db, businessId, failure, deps.clock.now())
  }
  return {
    adapter,
    key: choice.key,
    baseUrl: deps.env.SERP_BASE_URL ?? baseUrl,
    timeoutMs: deps.env.SERP_TIMEOUT_MS,
    meter: meterFor(deps, businessId, kind, adapter.label),
    metrics: deps.metrics,
    ...(choice.own ? { onOutcome } : {}),
  }
}

export async function rankProviderFor(
  deps: ProviderDeps,
  businessId: string,
  kind: QueryKind = 'rank',
): Promise<RankProvider> {
  if (deps.rank)
    return withQueryBudget(deps.rank, meterFor(deps, businessId, kind, deps.rank.label))
  const options = await serpOptionsFor(deps, businessId, kind)
  if (options === null) {
    return createSimulatedRankProvider({ failureRate: deps.env.SIMULATED_FAILURE_RATE })
  }
  if ('unusable' in options) return failingProvider(options.label, options.unusable)
  return createSerpProvider(options)
}
