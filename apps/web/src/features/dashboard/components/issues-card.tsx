import type { DashboardIssue, IssueSeverity } from '@localseo/shared/dashboard'
import { AlertTriangle, CircleCheck, Info, OctagonAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import type { Dashboard } from '../api/get-dashboard'
// In the dashboard's chunk, not one of its own: the card shows it on every load, and a chunk of its
// own was a request more than the dashboard's budget allows (issue 36 item 6, ADR 019).
import { AuditHighlightsSection } from './audit-highlights'

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
