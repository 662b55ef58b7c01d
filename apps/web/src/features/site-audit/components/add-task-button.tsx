import { ErrorAlert } from '@/components/error-alert'
import { CircleCheck, ListPlus } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useMayChange } from '@/lib/member-role'
import { useAddIssueTask } from '../api/add-issue-task'

/**
 * "Add to my tasks" for a failed local check (issue 11 item 6): it becomes a pending task in SEO
 * Recommendations, once. Renders nothing for checks that are not local.
 */
export function AddTaskButton({
  runId,
  issue,
}: {
  runId: string
  issue: { id: string; title: string; category: string; taskId?: string | null }
}) {
  const add = useAddIssueTask()
  const mayChange = useMayChange()
  if (issue.category !== 'local') return null

  const added = add.data ?? (issue.taskId ? { created: false } : null)
  if (added) {
    return (
      <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <CircleCheck aria-hidden="true" className="size-4 text-success" />
        <span>{added.created ? 'Added to your tasks.' : 'Already in your tasks.'}</span>
        <Link
          to={paths.recommendations}
          className="text-primary underline-offset-4 hover:underline"
        >
          Open SEO Recommendations
        </Link>
      </p>
    )
  }
  if (!mayChange) return null
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={add.isPending}
        aria-label={`Add to my tasks: ${issue.title}`}
        aria-describedby={add.isError ? `${issue.id}-task-error` : undefined}
        onClick={() => add.mutate({ runId, checkId: issue.id })}
      >
        <ListPlus aria-hidden="true" />
        {add.isPending ? 'Adding…' : 'Add to my tasks'}
      </Button>
      {add.isError ? (
        <ErrorAlert id={`${issue.id}-task-error`}>
          {add.error.message || 'Could not add the task. Please try again.'}
        </ErrorAlert>
      ) : null}
    </div>
  )
}
