import { CircleCheck } from 'lucide-react'
import { AuditSeverityBadge } from '@/components/audit-severity-badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { AuditRunDetail } from '@/lib/site-audit'
import { categoryLabel, groupIssues, severityHeading } from '../utils/audit-format'
import { AuditIssueItem } from './audit-issue'

/** The issues of one run, by severity then category, and what the run fixed since the last one. */
export function AuditIssues({ detail }: { detail: AuditRunDetail }) {
  const groups = groupIssues(detail.issues)
  return (
    <div className="grid gap-6">
      {groups.length === 0 ? (
        <Card>
          <CardContent>
            <p className="flex items-center gap-2 text-sm text-success">
              <CircleCheck aria-hidden="true" className="size-4" />
              No issues found on the pages this audit read.
            </p>
          </CardContent>
        </Card>
      ) : (
        groups.map((group) => (
          <section key={group.severity} aria-labelledby={`severity-${group.severity}`}>
            <h2
              id={`severity-${group.severity}`}
              className="mb-3 flex items-center gap-2 text-lg font-semibold"
            >
              {severityHeading[group.severity]}
              <span className="text-sm font-normal text-muted-foreground">({group.count})</span>
            </h2>
            <div className="grid gap-4">
              {group.categories.map(({ category, issues }) => (
                <div key={category}>
                  <h3 className="mb-2 text-sm font-medium tracking-wide text-muted-foreground uppercase">
                    {categoryLabel[category]}
                  </h3>
                  <ul
                    aria-label={`${severityHeading[group.severity]}: ${categoryLabel[category]}`}
                    className="grid gap-2"
                  >
                    {issues.map((issue) => (
                      <AuditIssueItem key={issue.id} issue={issue} runId={detail.run.id} />
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        ))
      )}
      {detail.fixed.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Fixed since the previous audit</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Fixed since the previous audit" className="grid gap-2">
              {detail.fixed.map((fixed) => (
                <li key={fixed.id} className="flex items-start gap-3 text-sm">
                  <AuditSeverityBadge severity={fixed.severity} />
                  <span className="min-w-0 flex-1 line-through decoration-muted-foreground/60">
                    {fixed.title}
                  </span>
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
                    <CircleCheck aria-hidden="true" className="size-3.5" />
                    Fixed
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
