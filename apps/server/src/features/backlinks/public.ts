// What other features may use of backlinks (docs/decisions/014-feature-dependencies.md).
export { newestBacklinks } from './backlink-rows.js'
export { backlinkDataLabel } from './backlink-rating.js'
export { backlinkCsvParts } from './backlinks-export.js'
export {
  countSampleBacklinks,
  removeSampleBacklinks,
  seedSampleBacklinks,
} from './sample-backlinks.js'
export { runScheduledBacklinkChecks } from './scheduled-checks.js'
export { defineVerifyJobs } from './verify-runs.js'
