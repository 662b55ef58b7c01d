// A failed local check of an audit becomes a pending task in SEO Recommendations (issue 11 item 6),
// at most once per business and check: the recommendations table's unique (business_id, source_key)
// holds 'site-audit:<check id>', so two clicks, two tabs or two instances still make one task.
import { and, eq } from 'drizzle-orm'
import type { TaskCategory, TaskPriority } from '@localseo/shared/progress'
import type { Db } from '../../db/client.js'
import { siteAuditIssues, siteAuditRuns } from '../../db/schema/site-audit.js'
import { AppError } from '../../lib/errors.js'
import { addTaskOnce, taskIdsBySource } from '../recommendations/public.js'
import { CHECKS, type CheckId, type IssuePage, type Severity } from './checks/catalogue.js'

const taskSourceKey = (checkId: string) => `site-audit:${checkId}`

const PRIORITY: Record<Severity, TaskPriority> = {
  critical: 'high',
  alert: 'medium',
  warning: 'low',
}

const POINTS: Record<Severity, number> = { critical: 50, alert: 40, warning: 25 }

/** What the owner is asked to do, and which kind of task it is, for each local check. */
const LOCAL_TASKS: Partial<Record<CheckId, { title: string; category: TaskCategory }>> = {
  'local-schema-missing': {
    title: 'Add LocalBusiness markup to your website',
    category: 'technical',
  },
  'local-schema-required': {
    title: 'Add the name and address to your LocalBusiness markup',
    category: 'technical',
  },
  'local-schema-recommended': {
    title: 'Complete your LocalBusiness markup',
    category: 'technical',
  },
  'schema-nap-mismatch': {
    title: 'Make your website markup match your business profile',
    category: 'listings',
  },
  'nap-not-visible': {
    title: 'Show your name, address and phone as text on your pages',
    category: 'content',
  },
  'visible-phone-mismatch': {
    title: 'Use your profile phone number on your website',
    category: 'listings',
  },
  'tel-link-missing': { title: 'Make your phone number tap-to-call', category: 'technical' },
  'map-missing': { title: 'Add a map or directions link', category: 'content' },
  'city-category-missing': {
    title: 'Name your city and service in page titles and headings',
    category: 'content',
  },
  'location-page-missing': { title: 'Give each location its own page', category: 'content' },
  'location-pages-duplicate': {
    title: 'Make each location page unique',
    category: 'content',
  },
}

const MAX_GUIDE_PAGES = 5

/** The task for one failed local check (pure). */
export function auditIssueTask(checkId: CheckId, pages: readonly IssuePage[], pageCount: number) {
  const check = CHECKS[checkId]
  const local = LOCAL_TASKS[checkId]
  if (check.category !== 'local' || !local) {
    throw new AppError('validation_failed', 'Only failed local checks can become tasks.')
  }
  const listed = pages
    .slice(0, MAX_GUIDE_PAGES)
    .map((p) => (p.detail ? `${p.url} (${p.detail})` : p.url))
  const more = pageCount > listed.length ? ` and ${pageCount - listed.length} more` : ''
  return {
    title: local.title,
    description: `${check.explanation} The site audit found this on ${pageCount === 1 ? '1 page' : `${pageCount} pages`}.`,
    priority: PRIORITY[check.severity],
    category: local.category,
    impact: 'Clear local signals on your website help search engines show you to nearby customers.',
    points: POINTS[check.severity],
    implementationGuide: [
      listed.length > 0 ? `Open the pages the audit named: ${listed.join(', ')}${more}.` : null,
      check.fix,
      'Publish the change, then run the site audit again to check the problem is gone.',
    ]
      .filter((line): line is string => line !== null)
      .join('\n'),
  }
}

/** Task ids already made from these checks, by check id. */
export async function taskIdsForChecks(db: Db, businessId: string, checkIds: readonly string[]) {
  const bySource = await taskIdsBySource(db, businessId, checkIds.map(taskSourceKey))
  const byCheck = new Map<string, string>()
  for (const checkId of checkIds) {
    const id = bySource.get(taskSourceKey(checkId))
    if (id) byCheck.set(checkId, id)
  }
  return byCheck
}

/**
 * Makes the task for a failed local check of one of this business's audits. Answers whether it was
 * created now; the second time, the task already made (whatever its status) is returned.
 */
export async function createTaskFromIssue({
  db,
  businessId,
  runId,
  checkId,
  now,
}: {
  db: Db
  businessId: string
  runId: string
  checkId: string
  now: Date
}) {
  const [issue] = await db
    .select({
      checkId: siteAuditIssues.checkId,
      pages: siteAuditIssues.pages,
      pageCount: siteAuditIssues.pageCount,
    })
    .from(siteAuditIssues)
    .innerJoin(siteAuditRuns, eq(siteAuditRuns.id, siteAuditIssues.runId))
    .where(
      and(
        eq(siteAuditIssues.runId, runId),
        eq(siteAuditIssues.businessId, businessId),
        eq(siteAuditRuns.businessId, businessId),
        eq(siteAuditIssues.checkId, checkId),
      ),
    )
  if (!issue || !Object.hasOwn(CHECKS, issue.checkId)) {
    throw new AppError('not_found', 'That issue was not found in this audit.')
  }
  const task = auditIssueTask(issue.checkId as CheckId, issue.pages, issue.pageCount)
  return addTaskOnce({ db, businessId, sourceKey: taskSourceKey(issue.checkId), task, now })
}
