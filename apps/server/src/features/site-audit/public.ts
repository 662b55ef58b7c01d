// What the app's entry point uses of site audits (docs/decisions/014-feature-dependencies.md): the
// job queue's audit runs (docs/decisions/018-job-queue.md); deps.runs.audits stops them.
export { defineAuditJobs, startScheduledAudit } from './audit-jobs.js'
