// What other features and the entry point use of reports (docs/decisions/014-feature-dependencies.md):
// the monthly send's queue, and its planner step the automation tick runs (issue 35 item 4).
export { defineReportJobs, sendDueMonthlyReports } from './monthly-send.js'
