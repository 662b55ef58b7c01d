// Rank providers for tests: one that records every query it is asked and answers one position (or
// the position a script gives), so a test can see what was checked, for which place and day
// (docs/house-rules.md "Tests").
import { simulateMapPack, type RankProvider, type RankQuery } from '../features/keywords/public.js'

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
