// Grouping and words for the audit screen (issue 11 item 4).
import {
  AUDIT_CATEGORIES,
  SEVERITIES,
  type AuditCategory,
  type AuditIssue,
  type AuditRun,
  type AuditSeverity,
} from '@/lib/site-audit'

export const categoryLabel: Record<AuditCategory, string> = {
  local: 'Local',
  indexability: 'Indexability',
  content: 'Content',
}

export const severityHeading: Record<AuditSeverity, string> = {
  critical: 'Critical',
  alert: 'Alerts',
  warning: 'Warnings',
}

export interface IssueGroup {
  severity: AuditSeverity
  count: number
  categories: { category: AuditCategory; issues: AuditIssue[] }[]
}

/** Issues by severity (critical first), then by category; the issues with most pages first. */
export function groupIssues(issues: AuditIssue[]): IssueGroup[] {
  return SEVERITIES.flatMap((severity) => {
    const ofSeverity = issues.filter((i) => i.severity === severity)
    if (ofSeverity.length === 0) return []
    const categories = AUDIT_CATEGORIES.flatMap((category) => {
      const list = ofSeverity
        .filter((i) => i.category === category)
        .sort((a, b) => b.pageCount - a.pageCount)
      return list.length > 0 ? [{ category, issues: list }] : []
    })
    return [{ severity, count: ofSeverity.length, categories }]
  })
}

/** A run that found nothing of the website answering (issue 15 item 3). */
export const UNREACHABLE_TITLE = 'Could not reach your website'

/** How a run ended, in the owner's words. */
export function runStatusLabel(run: Pick<AuditRun, 'status' | 'endReason'>): string {
  if (run.status === 'running') return 'Running'
  if (run.status === 'failed' && run.endReason === 'unreachable') return UNREACHABLE_TITLE
  if (run.status === 'failed') return 'Failed'
  if (run.status === 'cancelled') return 'Cancelled (partial results)'
  if (run.endReason === 'budget') return 'Done (page budget reached)'
  if (run.endReason === 'timeout') return 'Done (time limit reached, partial results)'
  return 'Done'
}

/** Crawled pages the audit could not read, named honestly: blocked, or needing JavaScript. */
export function pageOutcomeCounts(pages: { outcome: string }[]) {
  return {
    blocked: pages.filter((p) => p.outcome === 'blocked').length,
    needsJavaScript: pages.filter((p) => p.outcome === 'needs-javascript').length,
  }
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
