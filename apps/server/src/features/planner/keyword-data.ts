// The planner's keyword source: the shared engine behind KeywordDataProvider, waiting like a real
// keyword API would (docs/product.md §9 "planner delay 1500 ms"). The wait follows SIMULATED_DELAYS, as the
// simulated Google data does, so it is zero in tests.
import { simulatedKeywordData, type KeywordDataProvider } from '@localseo/shared/keyword-engine'

const PLANNER_DELAY_MS = 1500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createSimulatedKeywordProvider({
  delays,
}: {
  delays: boolean
}): KeywordDataProvider {
  return {
    describe: (keyword, business, locationId) =>
      simulatedKeywordData.describe(keyword, business, locationId),
    async ideas(request) {
      if (delays) await wait(PLANNER_DELAY_MS)
      return simulatedKeywordData.ideas(request)
    },
  }
}
