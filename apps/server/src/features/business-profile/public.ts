// What other features use of the Business Profile (docs/decisions/014-feature-dependencies.md):
// removing the sample links with the other sample data (issue 33 item 7).
export { removeSampleProfileLinks } from './links.js'
