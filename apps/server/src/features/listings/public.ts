// What other features may use of listings (docs/decisions/014-feature-dependencies.md).
export { recordsByLocation, showsSampleListings } from './listing-records.js'
export { refreshListingConsistency } from './consistency.js'
