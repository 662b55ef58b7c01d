// Reading audit runs: the history with counts, one run with its issues and pages, and what is new or
// fixed since the run before it. Every query carries the caller's business id.
import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm'
import type { AuditRun, AuditRunDetail, AuditRunSummary } from '@localseo/shared/site-audit'
import type { Db } from '../../db/client.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from '../../db/schema/site-audit.js'
import { transactionSql, type JobQueue } from '../../jobs/queue.js'
import { AppError } from '../../lib/errors.js'
import { AUDIT_QUEUE } from './audit-runs.js'
import { CHECKS, SEVERITY_ORDER, type CheckId } from './checks/catalogue.js'
import { taskIdsForChecks } from './issue-task.js'

const RUN_HISTORY_LIMIT = 20

type RunRow = typeof siteAuditRuns.$inferSelect

function toRun(row: RunRow): AuditRun {
  return {
    id: row.id,
    status: row.status,
    startUrls: row.startUrls,
    budget: row.budget,
    pagesCrawled: row.pagesCrawled,
    endReason: row.endReason,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const finished = or(eq(siteAuditRuns.status, 'done'), eq(siteAuditRuns.status, 'cancelled'))

/** Check ids of each run, in one query. */
async function checkIdsByRun(db: Db, businessId: string, runIds: string[]) {
  const byRun = new Map<string, Set<string>>()
  if (runIds.length === 0) return byRun
  const rows = await db
    .select({ runId: siteAuditIssues.runId, checkId: siteAuditIssues.checkId })
    .from(siteAuditIssues)
    .where(and(eq(siteAuditIssues.businessId, businessId), inArray(siteAuditIssues.runId, runIds)))
  for (const row of rows) {
    const set = byRun.get(row.runId) ?? new Set<string>()
    set.add(row.checkId)
    byRun.set(row.runId, set)
  }
  return byRun
}

function compare(current: Set<string>, previous: Set<string> | undefined) {
  if (!previous) return null
  return {
    newIssues: [...current].filter((id) => !previous.has(id)),
    fixedIssues: [...previous].filter((id) => !current.has(id)),
  }
}

/** The latest runs, newest first, with issue counts by severity and new/fixed counts. */
export async function listAuditRuns({
  db,
  businessId,
}: {
  db: Db
  businessId: string
}): Promise<AuditRunSummary[]> {
  // One more than shown, so the oldest shown run has a predecessor to compare with.
  const rows = await db
    .select()
    .from(siteAuditRuns)
    .where(eq(siteAuditRuns.businessId, businessId))
    .orderBy(desc(siteAuditRuns.startedAt), desc(siteAuditRuns.id))
    .limit(RUN_HISTORY_LIMIT + 1)
  const counts = await db
    .select({
      runId: siteAuditIssues.runId,
      severity: siteAuditIssues.severity,
      checkId: siteAuditIssues.checkId,
    })
    .from(siteAuditIssues)
    .where(
      and(
        eq(siteAuditIssues.businessId, businessId),
        inArray(
          siteAuditIssues.runId,
          rows.map((r) => r.id),
        ),
      ),
    )
  const checks = new Map<string, Set<string>>()
  const severities = new Map<string, { critical: number; alert: number; warning: number }>()
  for (const row of counts) {
    const set = checks.get(row.runId) ?? new Set<string>()
    set.add(row.checkId)
    checks.set(row.runId, set)
    const tally = severities.get(row.runId) ?? { critical: 0, alert: 0, warning: 0 }
    tally[row.severity]++
    severities.set(row.runId, tally)
  }
  const finishedRows = rows.filter((r) => r.status === 'done' || r.status === 'cancelled')
  return rows.slice(0, RUN_HISTORY_LIMIT).map((row) => {
    const previous = finishedRows.find((r) => r.startedAt < row.startedAt)
    const isFinished = row.status === 'done' || row.status === 'cancelled'
    const diff =
      isFinished && previous
        ? compare(checks.get(row.id) ?? new Set(), checks.get(previous.id) ?? new Set())
        : null
    return {
      ...toRun(row),
      issueCounts: severities.get(row.id) ?? { critical: 0, alert: 0, warning: 0 },
      newCount: diff?.newIssues.length ?? null,
      fixedCount: diff?.fixedIssues.length ?? null,
    }
  })
}

async function findRun(db: Db, businessId: string, runId: string) {
  const [row] = await db
    .select()
    .from(siteAuditRuns)
    .where(and(eq(siteAuditRuns.id, runId), eq(siteAuditRuns.businessId, businessId)))
  if (!row) throw new AppError('not_found', 'That audit does not exist.')
  return row
}

/** One run: its progress, and once finished its issues (with texts), pages and changes. */
export async function getAuditRun({
  db,
  businessId,
  runId,
}: {
  db: Db
  businessId: string
  runId: string
}): Promise<AuditRunDetail> {
  const row = await findRun(db, businessId, runId)
  const run = toRun(row)
  if (row.status === 'running') return { run, issues: [], pages: [], changes: null, fixed: [] }
  const [issueRows, pageRows, previousRows] = await Promise.all([
    db
      .select()
      .from(siteAuditIssues)
      .where(and(eq(siteAuditIssues.runId, runId), eq(siteAuditIssues.businessId, businessId))),
    db
      .select()
      .from(siteAuditPages)
      .where(and(eq(siteAuditPages.runId, runId), eq(siteAuditPages.businessId, businessId)))
      .orderBy(asc(siteAuditPages.position)),
    db
      .select({ id: siteAuditRuns.id })
      .from(siteAuditRuns)
      .where(
        and(
          eq(siteAuditRuns.businessId, businessId),
          finished,
          lt(siteAuditRuns.startedAt, row.startedAt),
        ),
      )
      .orderBy(desc(siteAuditRuns.startedAt))
      .limit(1),
  ])
  const previous = previousRows[0]
  const previousChecks = previous
    ? (await checkIdsByRun(db, businessId, [previous.id])).get(previous.id)
    : undefined
  const current = new Set(issueRows.map((i) => i.checkId))
  const changes = previous ? compare(current, previousChecks ?? new Set()) : null
  // Failed local checks can become tasks (issue-task.ts); the screen shows the ones already made.
  const taskIds = await taskIdsForChecks(
    db,
    businessId,
    issueRows.filter((i) => i.category === 'local').map((i) => i.checkId),
  )
  const issues = issueRows
    .filter((i): i is typeof i & { checkId: CheckId } => i.checkId in CHECKS)
    .map((i) => ({
      id: i.checkId,
      ...CHECKS[i.checkId],
      pageCount: i.pageCount,
      pages: i.pages,
      isNew: changes ? changes.newIssues.includes(i.checkId) : false,
      taskId: taskIds.get(i.checkId) ?? null,
    }))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
  // What the previous run found and this one did not, named for the screen's "Fixed" list.
  const fixed = (changes?.fixedIssues ?? [])
    .filter((id): id is CheckId => id in CHECKS)
    .map((id) => ({
      id,
      title: CHECKS[id].title,
      severity: CHECKS[id].severity,
      category: CHECKS[id].category,
    }))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
  const pages = pageRows.map((p) => ({
    url: p.url,
    finalUrl: p.finalUrl,
    depth: p.depth,
    status: p.status,
    outcome: p.outcome,
    title: p.title,
  }))
  return { run, issues, pages, changes, fixed }
}

/**
 * Stops a running audit of this business; a finished one is left as it is. When the run is not in
 * this process, its row is marked cancelled and a job still waiting for it is cancelled with it (no
 * job for an ended run): the instance running it stops at its next progress write, and a run whose
 * process died is closed at once.
 */
export async function cancelAuditRunFor({
  db,
  jobs,
  businessId,
  runId,
  cancel,
  now,
}: {
  db: Db
  jobs: Pick<JobQueue, 'cancelWaiting'>
  businessId: string
  runId: string
  cancel: (runId: string) => boolean
  now: Date
}) {
  const row = await findRun(db, businessId, runId)
  if (row.status !== 'running' || cancel(row.id)) return toRun(row)
  const updated = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(siteAuditRuns)
      .set({ status: 'cancelled', endReason: 'cancelled', finishedAt: now })
      .where(
        and(
          eq(siteAuditRuns.id, runId),
          eq(siteAuditRuns.businessId, businessId),
          eq(siteAuditRuns.status, 'running'),
        ),
      )
      .returning()
    if (cancelled) await jobs.cancelWaiting(AUDIT_QUEUE, { runId }, { db: transactionSql(tx) })
    return cancelled
  })
  return toRun(updated ?? row)
}
