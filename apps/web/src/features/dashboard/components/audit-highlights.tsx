// Issues to Fix's 'From your site audit': the latest audit's most severe issues, or an invitation
// to run one. Shows its own 'Loading…' while the audit's requests answer.
import { ArrowRight, CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import { AuditSeverityBadge } from '@/components/audit-severity-badge'
import { paths } from '@/config/paths'
import { useAuditHighlights } from '../api/get-audit-issues'

export function AuditHighlightsSection({ businessId }: { businessId: string }) {
  const audit = useAuditHighlights(businessId)
  const link = (text: string) => (
    <Link
      to={paths.siteAudit}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {text}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  )
  return (
    <section aria-labelledby="audit-issues-heading" className="grid gap-3 border-t pt-4">
      <h3 id="audit-issues-heading" className="text-sm font-semibold">
        From your site audit
      </h3>
      {audit.state === 'loading' ? (
        <p className="text-sm text-muted-foreground">Loading your latest site audit…</p>
      ) : audit.state === 'error' ? (
        <p className="text-sm text-muted-foreground">Could not load your latest site audit.</p>
      ) : audit.state === 'none' ? (
        <p className="text-sm text-muted-foreground">
          Check your website for what local search rewards.
        </p>
      ) : audit.issues.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          Your latest site audit found no issues.
        </p>
      ) : (
        <ul aria-label="Top site audit issues" className="grid grid-cols-1 gap-3">
          {audit.issues.map((issue) => (
            <li key={issue.id} className="flex items-start gap-3">
              <AuditSeverityBadge severity={issue.severity} />
              <p className="min-w-0 text-sm">
                {issue.title}{' '}
                <span className="text-muted-foreground">
                  ({issue.pageCount} {issue.pageCount === 1 ? 'page' : 'pages'})
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <div>
        {audit.state === 'ready' && audit.total > audit.issues.length
          ? link(`See all ${audit.total} audit issues`)
          : audit.state === 'none'
            ? link('Run a site audit')
            : link('Open the site audit')}
      </div>
    </section>
  )
}
