// What the app's entry point uses of site audits (docs/decisions/014-feature-dependencies.md): the
// job queue's audit runs (docs/decisions/018-job-queue.md); deps.runs.audits stops them; and what a
// scheduled run came to, for Settings → Automatic checks (issue 32 item 8).
export { defineAuditJobs, startScheduledAudit } from './audit-jobs.js'
export { AUDIT_STARTED, scheduledAuditOutcome } from './audit-outcome.js'
