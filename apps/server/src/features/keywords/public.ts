// What other features may use of keywords (docs/decisions/014-feature-dependencies.md): the keyword
// entity and its providers (docs/decisions/016-one-keyword-entity.md).
export {
  countSampleKeywords,
  removeSampleKeywords,
  seedDefaultKeywords,
  seedLocationKeywords,
} from './default-keywords.js'
export { defineKeywordJobs, requestFirstChecks, runFirstChecks } from './first-checks.js'
export { createMeasuredKeywordsFromEnv, keywordProviders } from './providers.js'
export { rankProviderFor } from './provider-for.js'
export { queryBudget } from './query-budget.js'
export {
  createSimulatedRankProvider,
  simulateRankCheck,
  type MapPackQuery,
  type MapPackResult,
  type RankProvider,
  type RankQuery,
  type RankResult,
} from './rank-provider.js'
export { simulateMapPack } from './simulated-map-pack.js'
export { createSimulatedKeywordProvider } from './keyword-data.js'
export {
  hasRole,
  latestPosition,
  listTopKeywordRows,
  releaseKeyword,
  scopeId,
  scopeWhere,
  toRecords,
  upsertKeyword,
  type PositionRow,
} from './keyword-store.js'
export {
  checkNewKeywords,
  checkTrackedToday,
  countUncheckedKeywords,
  mapChecks,
  storedCheck,
} from './rank-checks.js'
