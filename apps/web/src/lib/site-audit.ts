// Reading site audits (/api/site-audit, issue 11): the run history and one run with its issues. Shared
// by the audit screen and the dashboard's Issues to Fix card, so both read one cache.
import { queryOptions } from '@tanstack/react-query'
import {
  auditRunDetailSchema,
  auditRunsResponseSchema,
  isFinishedRun,
  type AuditRunDetail,
  type AuditRunSummary,
} from '@localseo/shared/site-audit'
import { apiClient, toApiError } from './api-client'
import { siteAuditKey } from './query-keys'

// The contract lives in packages/shared; screens take it from here with the queries that read it.
export {
  AUDIT_CATEGORIES,
  SEVERITIES,
  type AuditCategory,
  type AuditIssue,
  type AuditRun,
  type AuditRunDetail,
  type AuditRunSummary,
  type AuditSeverity,
} from '@localseo/shared/site-audit'

/** How often a running audit is polled. */
const AUDIT_POLL_MS = 1_500

async function fetchAuditRuns(): Promise<AuditRunSummary[]> {
  const response = await apiClient.api['site-audit'].runs.$get()
  if (!response.ok) throw await toApiError(response)
  return auditRunsResponseSchema.parse(await response.json()).runs
}

async function fetchAuditRun(id: string): Promise<AuditRunDetail> {
  const response = await apiClient.api['site-audit'].runs[':id'].$get({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return auditRunDetailSchema.parse(await response.json())
}

const auditRunsKey = (businessId: string) => [...siteAuditKey, businessId, 'runs'] as const

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
