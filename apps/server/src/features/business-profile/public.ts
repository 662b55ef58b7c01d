// What other features use of the Business Profile (docs/decisions/014-feature-dependencies.md):
// removing the sample links with the other sample data (issue 33 item 7), and the daily reviews
// import the automation runs with the other Google imports (issue 33 item 2), and the scheduled posts
// its tick publishes (item 6), and the daily Performance import (item 5).
export { removeSampleProfileLinks } from './links.js'
export { importProfileReviews, type LocationImport } from './reviews-import.js'
export { publishDuePosts } from './posts-publish.js'
export { importProfilePerformance } from './performance-import.js'
// The month's reviews as the screen counts them, for the monthly report (issue 35 item 4).
export { profileReviewsSummary } from './reviews.js'
