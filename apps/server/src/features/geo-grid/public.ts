// What other features may use of geo-grid (docs/decisions/014-feature-dependencies.md): the scan queue
// and the weekly re-scan the automation feature schedules (issue 17 item 4).
export { defineGeoGridJobs, runScheduledGridScans } from './grid-jobs.js'
// A finished scan with its points, as the screen shows it, for the monthly report (issue 35 item 4).
export { getScan } from './scan-store.js'
