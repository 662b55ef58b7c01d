// What other features may use of the dashboard (docs/decisions/014-feature-dependencies.md): the
// Local SEO Score as the dashboard computes it, for the monthly report (issue 35 item 4).
export { getDashboardScore } from './score.js'
