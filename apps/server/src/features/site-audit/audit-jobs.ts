// Site audits as jobs (issue 16 item 3, docs/decisions/018-job-queue.md): the queue that runs them,
// on whichever instance takes the job. A run outlives its instance: a stop hands it back (tried again
// a few seconds later), a crash lets it expire after the run's time limit and be tried again.
// Issue 31 item 3 (ADR 028): AUDIT_WORKERS audits at once per instance, oldest first, at most one
// per business (one running run each), each cut at AUDIT_RUN_LIMIT_SECONDS of its own crawling.
import { and, eq, gte } from 'drizzle-orm'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import type { Env } from '../../env.js'
import { AppError } from '../../lib/errors.js'
import { getBusinessById } from '../../lib/tenant.js'
import { AUDIT_STARTED } from './audit-outcome.js'
import { AUDIT_QUEUE, runQueuedAudit, startAuditRun, type AuditRunDeps } from './audit-runs.js'

/** A scheduled audit is skipped when one started this recently (the owner's or an earlier try's). */
const RECENT_MS = 20 * 3_600_000

type AuditLimits = Pick<Env, 'AUDIT_WORKERS' | 'AUDIT_RUN_LIMIT_SECONDS'>

export function defineAuditJobs(deps: AuditRunDeps & { env: AuditLimits }) {
  const { AUDIT_WORKERS, AUDIT_RUN_LIMIT_SECONDS } = deps.env
  const runLimitMs = AUDIT_RUN_LIMIT_SECONDS * 1000
  deps.jobs.define<{ runId: string; businessId: string }>({
    name: AUDIT_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5,
    // A crawl stops itself at the time limit; a job active two minutes longer lost its instance.
    expireInSeconds: AUDIT_RUN_LIMIT_SECONDS + 120,
    // A slow site holds one slot, never all of them: the others take the next businesses in turn.
    concurrency: AUDIT_WORKERS,
    handle: (data) => runQueuedAudit({ ...deps, runLimitMs }, data),
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
    return { outcome: AUDIT_STARTED }
  } catch (error) {
    if (error instanceof AppError) return { outcome: error.message }
    throw error
  }
}
