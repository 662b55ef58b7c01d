// Rank providers for tests: one that records every query it is asked and answers one position (or
// the position a script gives), so a test can see what was checked, for which place and day
// (docs/house-rules.md "Tests"). Also the keyword feature's simulations and its first-checks job,
// which tests of other features drive directly: not intents another feature calls, so not in
// features/keywords/public.ts (docs/decisions/014-feature-dependencies.md).
import type { RankProvider, RankQuery } from '../features/keywords/public.js'
import { simulateMapPack } from '../features/keywords/simulated-map-pack.js'

export { runFirstChecks } from '../features/keywords/first-checks.js'
export { createSimulatedKeywordProvider } from '../features/keywords/keyword-data.js'
export {
  createSimulatedRankProvider,
  simulateRankCheck,
} from '../features/keywords/rank-provider.js'
export { simulateMapPack }

export function recordingRankProvider({
  simulated = true,
  position = 9,
}: {
  simulated?: boolean
  position?: number | ((query: RankQuery) => number)
} = {}) {
  const queries: RankQuery[] = []
  const positionOf = typeof position === 'number' ? () => position : position
  const provider: RankProvider = {
    simulated,
    label: simulated ? 'Simulated' : 'Test provider',
    checkMapPack: (batch) => Promise.resolve(batch.map(simulateMapPack)),
    check(batch) {
      queries.push(...batch)
      return Promise.resolve(batch.map((q) => ({ status: 'ok' as const, position: positionOf(q) })))
    },
  }
  return { provider, queries }
}
