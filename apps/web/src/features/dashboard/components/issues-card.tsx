import type { DashboardIssue, IssueSeverity } from '@localseo/shared/dashboard'
import { AlertTriangle, ArrowRight, CircleCheck, Info, OctagonAlert } from 'lucide-react'
import { Link } from 'react-router'
import { AuditSeverityBadge } from '@/components/audit-severity-badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { useAuditHighlights } from '../api/get-audit-issues'
import type { Dashboard } from '../api/get-dashboard'

// Severity in words and with an icon as well as colour (docs/house-rules.md "colour never the only signal").
const severityStyle: Record<
  IssueSeverity,
  { label: string; className: string; Icon: typeof Info }
> = {
  high: { label: 'High', className: 'bg-destructive/10 text-destructive', Icon: OctagonAlert },
  medium: { label: 'Medium', className: 'bg-warning/20 text-foreground', Icon: AlertTriangle },
  low: { label: 'Low', className: 'bg-secondary text-secondary-foreground', Icon: Info },
}

/** Where each issue is fixed (issue 32 item 8). */
const fixedIn: Record<DashboardIssue['area'], { path: string; label: string }> = {
  profile: { path: paths.settings, label: 'Edit your business details' },
  'site-audit': { path: paths.siteAudit, label: 'Open the site audit' },
  listings: { path: paths.listings, label: 'Open Local Listings' },
  backlinks: { path: paths.backlinks, label: 'Open the Backlink Monitor' },
  'rank-tracker': { path: paths.rankTracker, label: 'Open the Rank Tracker' },
}

/**
 * The open problems of every source (business details, the latest audit's outcome, listings, lost
 * links, failed checks), then the top issues of the latest site audit.
 */
export function IssuesCard({
  issues,
  businessId,
}: {
  issues: Dashboard['issues']
  businessId: string
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Issues to Fix</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {issues.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <CircleCheck aria-hidden="true" className="size-4" />
            Nothing to fix in your details, listings, links or keyword checks.
          </p>
        ) : (
          <ul aria-label="Issues to fix" className="grid grid-cols-1 gap-3">
            {issues.map((issue) => {
              const { label, className, Icon } = severityStyle[issue.severity]
              return (
                <li key={issue.id} className="flex items-start gap-3">
                  <span
                    data-severity={issue.severity}
                    className={cn(
                      'inline-flex w-20 shrink-0 items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold',
                      className,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-3.5" />
                    {label}
                  </span>
                  <p className="min-w-0 text-sm">
                    {issue.description}{' '}
                    <Link
                      to={fixedIn[issue.area].path}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {fixedIn[issue.area].label}
                    </Link>
                  </p>
                </li>
              )
            })}
          </ul>
        )}
        <AuditHighlightsSection businessId={businessId} />
      </CardContent>
    </Card>
  )
}

function AuditHighlightsSection({ businessId }: { businessId: string }) {
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
