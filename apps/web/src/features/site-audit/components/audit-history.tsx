import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { AuditRunSummary } from '@/lib/site-audit'
import { cn } from '@/lib/utils'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { plural, runStatusLabel } from '../utils/audit-format'

/** The newest runs with their issue counts and what is new or fixed since the run before. */
export function AuditHistory({
  runs,
  selectedId,
  onSelect,
}: {
  runs: AuditRunSummary[]
  selectedId: string | undefined
  onSelect: (id: string) => void
}) {
  const timeZone = useTimeZone()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit history</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Audit history" className="grid gap-2">
          {runs.map((run) => {
            const selected = run.id === selectedId
            const total = run.issueCounts.critical + run.issueCounts.alert + run.issueCounts.warning
            return (
              <li key={run.id}>
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(run.id)}
                  className={cn(
                    'grid w-full cursor-pointer gap-1 rounded-lg border p-3 text-left text-sm hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected && 'border-primary bg-accent/60',
                  )}
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{formatDateTime(run.startedAt, timeZone)}</span>
                    <span className="text-xs text-muted-foreground">{runStatusLabel(run)}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {plural(run.pagesCrawled, 'page')} ·{' '}
                    {run.status === 'running' || run.status === 'failed'
                      ? (run.error ?? 'no results yet')
                      : `${plural(total, 'issue')}: ${run.issueCounts.critical} critical, ${plural(run.issueCounts.alert, 'alert')}, ${plural(run.issueCounts.warning, 'warning')}`}
                  </span>
                  {run.newCount !== null && run.fixedCount !== null ? (
                    <span className="text-xs">
                      <span className="font-medium text-primary">{run.newCount} new</span> ·{' '}
                      <span className="font-medium text-success">{run.fixedCount} fixed</span>
                    </span>
                  ) : null}
                </button>
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
