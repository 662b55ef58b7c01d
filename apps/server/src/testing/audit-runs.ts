// A stored site audit run with chosen pages and issues, for tests that read audits without crawling.
import type { Db } from '../db/client.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from '../db/schema/site-audit.js'

type IssueRow = typeof siteAuditIssues.$inferInsert

export async function createAuditRun(
  db: Db,
  {
    businessId,
    status = 'done',
    startedAt = new Date('2026-03-10T12:00:00Z'),
    pages = ['https://brightsmile.example/'],
    unreadPages = 0,
    issues = [],
  }: {
    businessId: string
    status?: 'running' | 'done' | 'cancelled' | 'failed'
    startedAt?: Date
    /** URLs of pages read (outcome ok). */
    pages?: string[]
    /** Extra pages that could not be read (outcome blocked). */
    unreadPages?: number
    issues?: Omit<IssueRow, 'runId' | 'businessId' | 'pages'>[]
  },
) {
  const [run] = await db
    .insert(siteAuditRuns)
    .values({
      businessId,
      status,
      startUrls: pages.slice(0, 1),
      budget: 200,
      pagesCrawled: status === 'running' ? 0 : pages.length + unreadPages,
      endReason: status === 'running' ? null : 'done',
      startedAt,
      finishedAt: status === 'running' ? null : new Date(startedAt.getTime() + 60_000),
    })
    .returning()
  if (!run) throw new Error('createAuditRun inserted nothing')
  if (status === 'running') return run
  const all = [
    ...pages.map((url) => ({ url, outcome: 'ok', status: 200 })),
    ...Array.from({ length: unreadPages }, (_, i) => ({
      url: `https://brightsmile.example/blocked-${i}`,
      outcome: 'blocked',
      status: 429,
    })),
  ]
  if (all.length > 0) {
    await db.insert(siteAuditPages).values(
      all.map((p, position) => ({
        runId: run.id,
        businessId,
        position,
        url: p.url,
        finalUrl: p.url,
        depth: position === 0 ? 0 : 1,
        status: p.status,
        outcome: p.outcome,
        title: null,
      })),
    )
  }
  if (issues.length > 0) {
    await db.insert(siteAuditIssues).values(
      issues.map((issue) => ({
        ...issue,
        runId: run.id,
        businessId,
        pages: Array.from({ length: Math.min(issue.pageCount, 200) }, (_, i) => ({
          url: all[i]?.url ?? `https://brightsmile.example/page-${i}`,
        })),
      })),
    )
  }
  return run
}
