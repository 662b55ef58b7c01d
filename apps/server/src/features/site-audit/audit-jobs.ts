// Site audits as jobs (issue 16 item 3, docs/decisions/018-job-queue.md): the queue that runs them,
// on whichever instance takes the job. A run outlives its instance: a stop hands it back (tried again
// a few seconds later), a crash lets it expire after the crawl's watchdog and be tried again.
import { and, eq, gte } from 'drizzle-orm'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { AppError } from '../../lib/errors.js'
import { getBusinessById } from '../../lib/tenant.js'
import { AUDIT_QUEUE, runQueuedAudit, startAuditRun, type AuditRunDeps } from './audit-runs.js'
import { CRAWL_DEFAULTS } from './crawl-result.js'

/** A scheduled audit is skipped when one started this recently (the owner's or an earlier try's). */
const RECENT_MS = 20 * 3_600_000

export function defineAuditJobs(deps: AuditRunDeps) {
  deps.jobs.define<{ runId: string; businessId: string }>({
    name: AUDIT_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5,
    // A crawl stops itself at the watchdog; a job active longer than that lost its instance.
    expireInSeconds: Math.ceil(CRAWL_DEFAULTS.watchdogMs / 1000) + 120,
    handle: (data) => runQueuedAudit(deps, data),
  })
}

/**
 * The scheduled audit (issue 16 item 2): starts a run as the owner's button does, through the queue.
 * Answers what happened in words; an audit already running or no website is an outcome, not an error.
 */
export async function startScheduledAudit(deps: AuditRunDeps & { businessId: string }) {
  const business = await getBusinessById(deps.db, deps.businessId)
  if (!business) return undefined
  // Safe to run twice (a retried job, a race): an audit started within the day is this one's.
  const since = new Date(deps.clock.now().getTime() - RECENT_MS)
  const [recent] = await deps.db
    .select({ id: siteAuditRuns.id })
    .from(siteAuditRuns)
    .where(and(eq(siteAuditRuns.businessId, business.id), gte(siteAuditRuns.startedAt, since)))
    .limit(1)
  if (recent) return { outcome: 'An audit ran in the last day' }
  try {
    await startAuditRun({ ...deps, business })
    return { outcome: 'Audit started' }
  } catch (error) {
    if (error instanceof AppError) return { outcome: error.message }
    throw error
  }
}
