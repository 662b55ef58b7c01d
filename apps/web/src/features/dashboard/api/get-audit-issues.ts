// The top issues of the latest finished site audit, for the Issues to Fix card (issue 11 item 4).
// Read from /api/site-audit through the cache the audit screen shares (lib/site-audit.ts).
import { useQuery } from '@tanstack/react-query'
import {
  auditRunQueryOptions,
  auditRunsQueryOptions,
  latestFinishedRun,
  SEVERITIES,
  type AuditIssue,
} from '@/lib/site-audit'

/** The card shows this many audit issues, the most severe first. */
const TOP_AUDIT_ISSUES = 3

export type AuditHighlights =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'none' }
  | { state: 'ready'; issues: AuditIssue[]; total: number; running: boolean }

export function useAuditHighlights(businessId: string): AuditHighlights {
  const runs = useQuery({ ...auditRunsQueryOptions(businessId), enabled: businessId !== '' })
  const latest = latestFinishedRun(runs.data)
  const detail = useQuery({
    ...auditRunQueryOptions(businessId, latest?.id ?? ''),
    enabled: latest !== undefined,
  })
  if (runs.isPending) return { state: 'loading' }
  if (runs.isError || detail.isError) return { state: 'error' }
  if (!latest) return { state: 'none' }
  if (detail.isPending) return { state: 'loading' }
  const ranked = [...detail.data.issues].sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || b.pageCount - a.pageCount,
  )
  return {
    state: 'ready',
    issues: ranked.slice(0, TOP_AUDIT_ISSUES),
    total: detail.data.issues.length,
    running: runs.data[0]?.status === 'running',
  }
}
