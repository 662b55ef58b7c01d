// Reading site audits (/api/site-audit, issue 11): the run history and one run with its issues. Shared
// by the audit screen and the dashboard's Issues to Fix card, so both read one cache.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from './api-client'
import { siteAuditKey } from './query-keys'

export const SEVERITIES = ['critical', 'alert', 'warning'] as const
export type AuditSeverity = (typeof SEVERITIES)[number]
export const AUDIT_CATEGORIES = ['local', 'indexability', 'content'] as const
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number]

/** How often a running audit is polled. */
export const AUDIT_POLL_MS = 1_500

const runSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'cancelled', 'failed']),
  startUrls: z.array(z.string()),
  budget: z.number(),
  pagesCrawled: z.number(),
  endReason: z.enum(['done', 'budget', 'timeout', 'cancelled']).nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
})

const runSummarySchema = runSchema.extend({
  issueCounts: z.object({ critical: z.number(), alert: z.number(), warning: z.number() }),
  newCount: z.number().nullable(),
  fixedCount: z.number().nullable(),
})

const issueSchema = z.object({
  id: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  explanation: z.string(),
  fix: z.string(),
  pageCount: z.number(),
  pages: z.array(z.object({ url: z.string(), detail: z.string().optional() })),
  isNew: z.boolean(),
  /** The SEO task already made from this failed local check ('Add to my tasks'), if any. */
  taskId: z.string().nullish(),
})

const runDetailSchema = z.object({
  run: runSchema,
  issues: z.array(issueSchema),
  pages: z.array(
    z.object({
      url: z.string(),
      finalUrl: z.string(),
      depth: z.number(),
      status: z.number().nullable(),
      outcome: z.string(),
      title: z.string().nullable(),
    }),
  ),
  changes: z
    .object({ newIssues: z.array(z.string()), fixedIssues: z.array(z.string()) })
    .nullable(),
  fixed: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: z.enum(SEVERITIES),
      category: z.enum(AUDIT_CATEGORIES),
    }),
  ),
})

export type AuditRun = z.infer<typeof runSchema>
export type AuditRunSummary = z.infer<typeof runSummarySchema>
export type AuditIssue = z.infer<typeof issueSchema>
export type AuditRunDetail = z.infer<typeof runDetailSchema>

export const isFinishedRun = (run: Pick<AuditRun, 'status'>) =>
  run.status === 'done' || run.status === 'cancelled'

export async function fetchAuditRuns(): Promise<AuditRunSummary[]> {
  const response = await apiClient.api['site-audit'].runs.$get()
  if (!response.ok) throw await toApiError(response)
  return z.object({ runs: z.array(runSummarySchema) }).parse(await response.json()).runs
}

export async function fetchAuditRun(id: string): Promise<AuditRunDetail> {
  const response = await apiClient.api['site-audit'].runs[':id'].$get({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return runDetailSchema.parse(await response.json())
}

export const auditRunsKey = (businessId: string) => [...siteAuditKey, businessId, 'runs'] as const

/** The newest 20 runs, newest first; polled while the newest is still running. */
export function auditRunsQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: auditRunsKey(businessId),
    queryFn: fetchAuditRuns,
    refetchInterval: (query) =>
      query.state.data?.[0]?.status === 'running' ? AUDIT_POLL_MS : false,
  })
}

export function auditRunQueryOptions(businessId: string, runId: string) {
  return queryOptions({
    queryKey: [...siteAuditKey, businessId, 'run', runId],
    queryFn: () => fetchAuditRun(runId),
    refetchInterval: (query) =>
      query.state.data?.run.status === 'running' ? AUDIT_POLL_MS : false,
  })
}

/** The latest run that finished (done or cancelled with partial results), if any. */
export function latestFinishedRun(runs: AuditRunSummary[] | undefined) {
  return runs?.find(isFinishedRun)
}
