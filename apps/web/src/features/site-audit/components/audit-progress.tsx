import { LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import type { AuditRun } from '@/lib/site-audit'
import { useMayChange } from '@/lib/member-role'

/** A running audit: pages crawled out of the budget, and a Cancel button. */
export function AuditProgress({
  run,
  onCancel,
  cancelling,
}: {
  run: AuditRun
  onCancel: () => void
  cancelling: boolean
}) {
  const mayChange = useMayChange()
  const percent = Math.min(100, Math.round((run.pagesCrawled / Math.max(1, run.budget)) * 100))
  return (
    <Card>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-medium">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
            Auditing your website…
          </p>
          {mayChange ? (
            <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
              {cancelling ? 'Cancelling...' : 'Cancel audit'}
            </Button>
          ) : null}
        </div>
        <div
          role="progressbar"
          aria-label="Pages crawled"
          aria-valuemin={0}
          aria-valuemax={run.budget}
          aria-valuenow={run.pagesCrawled}
          aria-valuetext={`${run.pagesCrawled} of ${run.budget} pages`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-all"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {run.pagesCrawled} of {run.budget} pages crawled. The audit stops at {run.budget} pages or
          after 5 minutes; you can leave this screen while it runs.
        </p>
      </CardContent>
    </Card>
  )
}
