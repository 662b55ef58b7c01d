// What other features may use of alerts (docs/decisions/014-feature-dependencies.md): recording the
// notifications the automatic work finds worth telling.
export {
  recordBacklinkChanges,
  recordCompetitorNews,
  recordListingMismatches,
  recordNewCriticalIssues,
  recordNewReviews,
  recordConfirmedDrops,
  recordRankMoves,
} from './alerts.service.js'
export { sendAlertDigest } from './digest.js'
