import type { IssueSeverity } from '@localseo/shared/dashboard'
import { AlertTriangle, CircleCheck, Info, OctagonAlert } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import type { Dashboard } from '../api/get-dashboard'

// Severity in words and with an icon as well as colour (STYLE "colour never the only signal").
const severityStyle: Record<
  IssueSeverity,
  { label: string; className: string; Icon: typeof Info }
> = {
  high: { label: 'High', className: 'bg-destructive/10 text-destructive', Icon: OctagonAlert },
  medium: { label: 'Medium', className: 'bg-warning/20 text-foreground', Icon: AlertTriangle },
  low: { label: 'Low', className: 'bg-secondary text-secondary-foreground', Icon: Info },
}

export function IssuesCard({ issues }: { issues: Dashboard['issues'] }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Issues to Fix</CardTitle>
      </CardHeader>
      <CardContent>
        {issues.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <CircleCheck aria-hidden="true" className="size-4" />
            No issues found in your business details.
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
                  <p className="min-w-0 text-sm">{issue.description}</p>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
