// What other features may use of business (docs/decisions/014-feature-dependencies.md): keeping what a
// map search found of the business (issue 17 item 3).
export { recordFoundPlace } from './coordinates.js'
