// A new critical issue is worth telling the owner (issue 16 item 4): a critical check that fails in
// this audit and did not in the audit before it. The first audit of a site tells nothing: the owner
// sees its findings on the Site Audit screen, and there is nothing it is new against.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { siteAuditIssues, siteAuditRuns } from '../../db/schema/site-audit.js'
import { recordNewCriticalIssues } from '../alerts/public.js'
import { CHECKS, type CheckId } from './checks/catalogue.js'

export async function alertNewCriticalIssues(
  tx: Tx,
  { businessId, runId, now }: { businessId: string; runId: string; now: Date },
  issues: readonly { id: CheckId; severity: string }[],
) {
  const critical = issues.filter((issue) => issue.severity === 'critical')
  if (critical.length === 0) return
  const [previous] = await tx
    .select({ id: siteAuditRuns.id })
    .from(siteAuditRuns)
    .where(
      and(
        eq(siteAuditRuns.businessId, businessId),
        eq(siteAuditRuns.status, 'done'),
        ne(siteAuditRuns.id, runId),
      ),
    )
    .orderBy(desc(siteAuditRuns.startedAt))
    .limit(1)
  if (!previous) return
  const before = await tx
    .select({ checkId: siteAuditIssues.checkId })
    .from(siteAuditIssues)
    .where(
      and(eq(siteAuditIssues.runId, previous.id), eq(siteAuditIssues.businessId, businessId)),
    )
  const known = new Set(before.map((row) => row.checkId))
  const titles = critical.filter((issue) => !known.has(issue.id)).map((i) => CHECKS[i.id].title)
  await recordNewCriticalIssues(tx, businessId, titles, now)
}
