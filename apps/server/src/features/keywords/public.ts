// What other features may use of keywords (docs/decisions/014-feature-dependencies.md): the keyword
// entity, its providers and the intents that check and store its positions
// (docs/decisions/016-one-keyword-entity.md); rank-store.ts is the one writer of the checks.
export {
  countSampleKeywords,
  removeSampleKeywords,
  seedDefaultKeywords,
  seedLocationKeywords,
} from './default-keywords.js'
export { defineKeywordJobs, requestFirstChecks, requestSearchFigures } from './first-checks.js'
export { askKeywordFigures } from './ask-keyword-figures.js'
export { createMeasuredKeywordsFromEnv, keywordProviders } from './providers.js'
export type { MeasuredKeywords } from './keyword-volumes.js'
export { rankProviderFor } from './provider-for.js'
export { queryBudget } from './query-budget.js'
export {
  type MapPackQuery,
  type MapPackResult,
  type RankProvider,
  type RankQuery,
  type RankResult,
  simulatedPosition,
} from './rank-provider.js'
export {
  latestPosition,
  listTopKeywordRows,
  previousOk,
  releaseKeyword,
  roleWhere,
  toRecords,
  upsertKeyword,
  type PositionRow,
} from './keyword-store.js'
export {
  checkNewKeywords,
  countUncheckedKeywords,
  fillSimulatedPast,
  type OnMapSearched,
  type OnPlaceFound,
} from './rank-checks.js'
export { fillScope } from './rank-store.js'
export { checkTrackedToday, refreshTracked, type DayMove } from './today-checks.js'
export { recheckDrops, type DayDrops } from './drop-rechecks.js'
