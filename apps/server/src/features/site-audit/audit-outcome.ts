// What a scheduled audit came to (issue 32 item 8): the planner only queues the run, so Settings →
// Automatic checks reads the run's own row for its final outcome instead of the moment it was queued.
import { and, desc, eq, gte, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'

/** The planner's outcome for a run it queued (startScheduledAudit); the run row says the rest. */
export const AUDIT_STARTED = 'Audit started'

/** The planner stores its outcome just after it queued the run, so the run started shortly before. */
const STARTED_BEFORE_MS = 5 * 60_000
const STARTED_AFTER_MS = 60_000

type RunRow = Pick<typeof siteAuditRuns.$inferSelect, 'status' | 'pagesCrawled' | 'error'>

/** 'Audit finished: 12 pages checked', 'Audit failed. <why>', in the owner's words. */
function describeAuditRun(run: RunRow): string {
  switch (run.status) {
    case 'running':
      return 'Audit running'
    case 'done':
      return `Audit finished: ${run.pagesCrawled} ${run.pagesCrawled === 1 ? 'page' : 'pages'} checked`
    case 'cancelled':
      return 'Audit stopped before the end'
    case 'failed':
      return `Audit failed. ${run.error ?? 'It stopped on an error.'}`
  }
}

/** The outcome of the audit the planner queued at `queuedAt`, or null when its row is gone. */
export async function scheduledAuditOutcome(
  db: Db,
  businessId: string,
  queuedAt: Date,
): Promise<string | null> {
  const [run] = await db
    .select({
      status: siteAuditRuns.status,
      pagesCrawled: siteAuditRuns.pagesCrawled,
      error: siteAuditRuns.error,
    })
    .from(siteAuditRuns)
    .where(
      and(
        eq(siteAuditRuns.businessId, businessId),
        gte(siteAuditRuns.startedAt, new Date(queuedAt.getTime() - STARTED_BEFORE_MS)),
        lte(siteAuditRuns.startedAt, new Date(queuedAt.getTime() + STARTED_AFTER_MS)),
      ),
    )
    .orderBy(desc(siteAuditRuns.startedAt))
    .limit(1)
  return run ? describeAuditRun(run) : null
}
