// The two providers behind every keyword figure (docs/decisions/016-one-keyword-entity.md): positions
// from the rank provider (simulated unless a test or a configured search-results API gives one),
// volume and difficulty from the keyword data provider. Every feature takes them from here, so
// the analysis, the planner, the Rank Tracker and the dashboard read the same figures.
import type { AppDeps } from '../../lib/deps.js'
import { createSimulatedKeywordProvider } from './keyword-data.js'
import { createSimulatedRankProvider } from './rank-provider.js'

export function keywordProviders(deps: Pick<AppDeps, 'rank'>, options = { delays: false }) {
  return {
    rank: deps.rank ?? createSimulatedRankProvider(),
    keywordData: createSimulatedKeywordProvider(options),
  }
}
