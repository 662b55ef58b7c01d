import { Card, CardContent } from '@/components/ui/card'
import type { AuditRunDetail } from '@/lib/site-audit'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { pageOutcomeCounts, plural, runStatusLabel } from '../utils/audit-format'

/** What the shown run read: when, how it ended, pages crawled, and what it could not read. */
export function AuditSummary({ detail }: { detail: AuditRunDetail }) {
  const timeZone = useTimeZone()
  const { run } = detail
  const counts = { critical: 0, alert: 0, warning: 0 }
  for (const issue of detail.issues) counts[issue.severity]++
  const unread = pageOutcomeCounts(detail.pages)
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">
            Audit of {formatDateTime(run.startedAt, timeZone)}
          </h2>
          <span className="text-sm text-muted-foreground">{runStatusLabel(run)}</span>
        </div>
        <dl aria-label="Audit summary" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Pages crawled', `${run.pagesCrawled} / ${run.budget}`],
            ['Critical', counts.critical],
            ['Alerts', counts.alert],
            ['Warnings', counts.warning],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        {unread.blocked > 0 || unread.needsJavaScript > 0 ? (
          <ul aria-label="Pages the audit could not read" className="grid gap-1 text-sm">
            {unread.blocked > 0 ? (
              <li>
                <span className="font-medium">Audit blocked:</span> {plural(unread.blocked, 'page')}{' '}
                refused our auditor (rate limit, busy server or bot protection). They are not
                counted as broken.
              </li>
            ) : null}
            {unread.needsJavaScript > 0 ? (
              <li>
                <span className="font-medium">Needs JavaScript to read:</span>{' '}
                {plural(unread.needsJavaScript, 'page')} build their content with JavaScript, so
                their text could not be checked. They are not counted as thin content.
              </li>
            ) : null}
          </ul>
        ) : null}
        <p className="text-xs break-words text-muted-foreground">
          Started from {run.startUrls.join(', ')}
        </p>
      </CardContent>
    </Card>
  )
}
