// Runs every check over a finished crawl (pure: the same crawl and profile give the same issues).
import type { CrawlResult } from '../crawl-result.js'
import {
  CHECKS,
  SEVERITY_ORDER,
  type AuditIssue,
  type CheckId,
  type Findings,
} from './catalogue.js'
import { contentChecks } from './content.js'
import { indexabilityChecks } from './indexability.js'
import { localChecks, type AuditProfile } from './local.js'

export function runChecks(crawl: CrawlResult, profile: AuditProfile, now: Date): AuditIssue[] {
  const all: Findings[] = [
    indexabilityChecks(crawl, now),
    contentChecks(crawl),
    localChecks(crawl, profile),
  ]
  const issues: AuditIssue[] = []
  for (const findings of all) {
    for (const [id, pages] of Object.entries(findings) as [CheckId, AuditIssue['pages']][]) {
      if (pages.length > 0) issues.push({ id, ...CHECKS[id], pages })
    }
  }
  const order = Object.keys(CHECKS)
  return issues.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      order.indexOf(a.id) - order.indexOf(b.id),
  )
}
