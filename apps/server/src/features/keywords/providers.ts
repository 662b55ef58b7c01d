// The two providers behind every keyword figure (docs/decisions/016-one-keyword-entity.md): positions
// from the rank provider (simulated unless a test or a configured search-results API gives one),
// volume and difficulty from the keyword data provider: DataForSEO when the instance has it
// (KEYWORD_DATA_PROVIDER, ADR 024), else the estimate engine. Every feature takes them from here, so
// the analysis, the planner, the Rank Tracker and the dashboard read the same figures.
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import type { RankProvider } from './rank-provider.js'
import type { AppDeps } from '../../lib/deps.js'
import { createSimulatedKeywordProvider } from './keyword-data.js'
import { createMeasuredKeywordProvider, type MeasuredKeywords } from './keyword-volumes.js'
import { createSimulatedRankProvider } from './rank-provider.js'

type ProviderDeps = Pick<AppDeps, 'rank' | 'env' | 'measuredKeywords'>

/**
 * DataForSEO when the instance has it (KEYWORD_DATA_PROVIDER, ADR 024), else undefined. createDeps
 * (deps.ts) makes it once per app, so its batching and its pause after a failure cover every screen.
 */
export function createMeasuredKeywordsFromEnv(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'metrics'>,
): MeasuredKeywords | undefined {
  const { env } = deps
  if (
    env.KEYWORD_DATA_PROVIDER !== 'dataforseo' ||
    !env.DATAFORSEO_LOGIN ||
    !env.DATAFORSEO_PASSWORD
  ) {
    return undefined
  }
  return createMeasuredKeywordProvider({
    db: deps.db,
    clock: deps.clock,
    dataforseo: {
      baseUrl: env.DATAFORSEO_URL,
      login: env.DATAFORSEO_LOGIN,
      password: env.DATAFORSEO_PASSWORD,
      timeoutMs: env.KEYWORD_DATA_TIMEOUT_MS,
      metrics: deps.metrics,
    },
    estimate: createSimulatedKeywordProvider({ delays: false }),
  })
}

/**
 * `keywordData` for the screens reads stored figures only; `askingKeywordData`, for a request that
 * writes a keyword, a planner search and the jobs, may ask DataForSEO (issue 30 item 8, ADR 024).
 * Without DataForSEO both are the estimate engine.
 */
export function keywordProviders(
  deps: ProviderDeps,
  options = { delays: false },
): {
  rank: RankProvider
  keywordData: KeywordDataProvider
  askingKeywordData: KeywordDataProvider
} {
  const simulated = createSimulatedKeywordProvider({ delays: options.delays })
  return {
    rank:
      deps.rank ?? createSimulatedRankProvider({ failureRate: deps.env.SIMULATED_FAILURE_RATE }),
    keywordData: deps.measuredKeywords?.stored ?? simulated,
    askingKeywordData: deps.measuredKeywords?.asking ?? simulated,
  }
}
