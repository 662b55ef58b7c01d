// What other features may use of the dashboard (docs/decisions/014-feature-dependencies.md): the
// Local SEO Score as the dashboard computes it, for the monthly report (issue 35 item 4), and the
// dashboard itself for a share link's read-only view (issue 35 item 5, ADR 050).
export { getDashboardScore } from './score.js'
export { createDashboardCache } from './dashboard-cache.js'
export { getDashboard, type DashboardReads } from './dashboard.service.js'
