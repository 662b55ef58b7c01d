import type { SeoTask, TaskStatus } from '@localseo/shared/progress'
import { canTransition } from '@localseo/shared/progress'
import { CheckCircle2, Play, RotateCcw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useMayChange } from '@/lib/member-role'

export interface TaskActionProps {
  task: SeoTask
  /** The task id whose change is on its way, if any. */
  busyId: string | undefined
  onChange: (task: SeoTask, status: TaskStatus) => void
}

/**
 * Start and Mark Complete, offered only where docs/product.md §4 allows them (the server checks
 * again); a completed task can be reopened, which takes its points back (issue 15 item 6).
 */
export function TaskActions({
  task,
  busyId,
  onChange,
  startLabel,
}: TaskActionProps & { startLabel: 'Start' | 'Start Task' }) {
  const busy = busyId === task.id
  const mayChange = useMayChange()
  // A viewer reads the tasks; changing them is for owners and managers (lib/member-role.ts).
  if (!mayChange) return null
  return (
    <div className="flex flex-wrap gap-2">
      {canTransition(task.status, 'in-progress') ? (
        <Button
          variant="outline"
          size="sm"
          disabled={busyId !== undefined}
          aria-label={`${startLabel}: ${task.title}`}
          onClick={() => onChange(task, 'in-progress')}
        >
          <Play aria-hidden="true" />
          {startLabel}
        </Button>
      ) : null}
      {canTransition(task.status, 'completed') ? (
        <Button
          size="sm"
          disabled={busyId !== undefined}
          aria-label={`Mark Complete: ${task.title}`}
          onClick={() => onChange(task, 'completed')}
        >
          <CheckCircle2 aria-hidden="true" />
          {busy ? 'Saving...' : 'Mark Complete'}
        </Button>
      ) : null}
      {task.status === 'completed' && canTransition(task.status, 'pending') ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={busyId !== undefined}
          aria-label={`Reopen: ${task.title} (takes back ${task.points} points)`}
          onClick={() => onChange(task, 'pending')}
        >
          <RotateCcw aria-hidden="true" />
          {busy ? 'Saving...' : 'Reopen'}
        </Button>
      ) : null}
    </div>
  )
}
