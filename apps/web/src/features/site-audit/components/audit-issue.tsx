import { ChevronDown, ExternalLink } from 'lucide-react'
import { useId, useState } from 'react'
import { AuditSeverityBadge } from '@/components/audit-severity-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { AuditIssue } from '@/lib/site-audit'
import { cn } from '@/lib/utils'
import { plural } from '../utils/audit-format'
import { AddTaskButton } from './add-task-button'

const PAGES_SHOWN = 10

/** One failed check: a disclosure button that opens its explanation, its pages and its fix. */
export function AuditIssueItem({ issue, runId }: { issue: AuditIssue; runId: string }) {
  const [open, setOpen] = useState(false)
  const [showAll, setShowAll] = useState(false)
  const panelId = useId()
  const pages = showAll ? issue.pages : issue.pages.slice(0, PAGES_SHOWN)
  const hidden = issue.pages.length - pages.length

  return (
    <li className="rounded-lg border bg-card">
      <h4 className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full cursor-pointer items-start gap-3 rounded-lg p-3 text-left hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <AuditSeverityBadge severity={issue.severity} className="mt-0.5" />
          <span className="min-w-0 flex-1">
            <span className="font-medium">{issue.title}</span>
            <span className="mt-0.5 block text-xs text-muted-foreground">
              {plural(issue.pageCount, 'page')}
            </span>
          </span>
          {issue.isNew ? (
            <Badge variant="outline" className="border-primary/40 text-primary">
              New
            </Badge>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={cn('mt-0.5 size-4 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h4>
      <div id={panelId} hidden={!open} className="grid gap-3 border-t px-3 py-3 text-sm">
        <p>{issue.explanation}</p>
        <div>
          <h5 className="font-medium">How to fix it</h5>
          <p className="text-muted-foreground">{issue.fix}</p>
        </div>
        <AddTaskButton runId={runId} issue={issue} />
        <div>
          <h5 className="font-medium">
            {issue.pageCount > issue.pages.length
              ? `Pages (showing ${issue.pages.length} of ${issue.pageCount})`
              : 'Pages'}
          </h5>
          <ul aria-label={`Pages: ${issue.title}`} className="mt-1 grid gap-1.5">
            {pages.map((page, index) => (
              <li key={`${page.url}-${index}`} className="min-w-0">
                <a
                  href={page.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  <span className="truncate">{page.url}</span>
                  <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                {page.detail ? (
                  <p className="text-xs break-words text-muted-foreground">{page.detail}</p>
                ) : null}
              </li>
            ))}
          </ul>
          {hidden > 0 ? (
            <Button variant="link" size="sm" className="px-0" onClick={() => setShowAll(true)}>
              Show {plural(hidden, 'more page')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  )
}
