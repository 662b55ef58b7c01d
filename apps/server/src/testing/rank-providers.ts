// A rank provider for tests that records every query it is asked and answers one position, so a
// test can see what was checked, for which place and day (docs/house-rules.md "Tests").
import type { RankProvider, RankQuery } from '../features/keywords/public.js'

export function recordingRankProvider({
  simulated = true,
  position = 9,
}: { simulated?: boolean; position?: number } = {}) {
  const queries: RankQuery[] = []
  const provider: RankProvider = {
    simulated,
    check(batch) {
      queries.push(...batch)
      return Promise.resolve(batch.map(() => ({ status: 'ok' as const, position })))
    },
  }
  return { provider, queries }
}
