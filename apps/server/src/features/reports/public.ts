// What other features and the entry point use of reports (docs/decisions/014-feature-dependencies.md):
// the monthly send's queue, and its planner step the automation tick runs (issue 35 item 4).
export { defineReportJobs, sendDueMonthlyReports } from './monthly-send.js'
// The link in the monthly email that stops it for one recipient.
export { reportUnsubscribeRoutes } from './report-unsubscribe.js'
// A share link's report (issue 35 item 5, ADR 050): the same month, data and PDF the Reports screen has.
export { gatherReport } from './report-data.js'
export { brandingOf, getReportSettings } from './report-settings.js'
export { reportMonth } from './report-month.js'
export { buildReportPdf, monthsWithData } from './reports.service.js'
