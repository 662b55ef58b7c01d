// The site audit's API contract (/api/site-audit, docs/decisions/009-site-audit-engine.md): the run,
// its issues and pages, as the server answers them and the web app parses them. In zod/mini: the
// dashboard's first screen parses the runs (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'

export const SEVERITIES = ['critical', 'alert', 'warning'] as const
export type AuditSeverity = (typeof SEVERITIES)[number]
export const AUDIT_CATEGORIES = ['local', 'indexability', 'content'] as const
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number]

/**
 * Why a crawl ended: it ran out of pages, hit its page budget or time limit, or was cancelled; or,
 * for a failed run, nothing of the website answered ('Could not reach your website').
 */
export const AUDIT_END_REASONS = ['done', 'budget', 'timeout', 'cancelled', 'unreachable'] as const
export type AuditEndReason = (typeof AUDIT_END_REASONS)[number]

export const auditRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'cancelled', 'failed']),
  startUrls: z.array(z.string()),
  budget: z.number(),
  pagesCrawled: z.number(),
  endReason: z.nullable(z.enum(AUDIT_END_REASONS)),
  error: z.nullable(z.string()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
})

export const auditRunSummarySchema = z.extend(auditRunSchema, {
  issueCounts: z.object({ critical: z.number(), alert: z.number(), warning: z.number() }),
  newCount: z.nullable(z.number()),
  fixedCount: z.nullable(z.number()),
})

export const auditIssueSchema = z.object({
  id: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  explanation: z.string(),
  fix: z.string(),
  pageCount: z.number(),
  pages: z.array(z.object({ url: z.string(), detail: z.optional(z.string()) })),
  isNew: z.boolean(),
  /** The SEO task already made from this failed local check ('Add to my tasks'), if any. */
  taskId: z.nullish(z.string()),
})

export const auditRunDetailSchema = z.object({
  run: auditRunSchema,
  issues: z.array(auditIssueSchema),
  pages: z.array(
    z.object({
      url: z.string(),
      finalUrl: z.string(),
      depth: z.number(),
      status: z.nullable(z.number()),
      outcome: z.string(),
      title: z.nullable(z.string()),
    }),
  ),
  changes: z.nullable(
    z.object({ newIssues: z.array(z.string()), fixedIssues: z.array(z.string()) }),
  ),
  fixed: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: z.enum(SEVERITIES),
      category: z.enum(AUDIT_CATEGORIES),
    }),
  ),
})

export type AuditRun = z.infer<typeof auditRunSchema>
export type AuditRunSummary = z.infer<typeof auditRunSummarySchema>
export type AuditIssue = z.infer<typeof auditIssueSchema>
export type AuditRunDetail = z.infer<typeof auditRunDetailSchema>

export const isFinishedRun = (run: Pick<AuditRun, 'status'>) =>
  run.status === 'done' || run.status === 'cancelled'

/** POST /api/site-audit/runs (202): the run that started, or the one already going on. */
export const auditStartResponseSchema = z.object({
  run: z.object({ id: z.string(), status: auditRunSchema.shape.status, budget: z.number() }),
})

/** GET /api/site-audit/runs: the history, newest first. */
export const auditRunsResponseSchema = z.object({ runs: z.array(auditRunSummarySchema) })

/** POST /api/site-audit/runs/:id/cancel. */
export const auditCancelResponseSchema = z.object({ run: auditRunSchema })
