import type { SeoTask, TaskPriority, TaskStatus } from '@localseo/shared/progress'
import { CircleCheck, CircleDashed, CircleDot } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { formatDay } from '@/lib/dates'
import { cn } from '@/lib/utils'

const priorityClass: Record<TaskPriority, string> = {
  high: 'border-destructive/30 bg-destructive/10 text-destructive',
  medium: 'border-warning/40 bg-warning/15 text-foreground',
  low: 'border-border bg-secondary text-secondary-foreground',
}

const statusStyle: Record<
  TaskStatus,
  { label: string; Icon: typeof CircleDot; className: string }
> = {
  pending: { label: 'Pending', Icon: CircleDashed, className: 'text-muted-foreground' },
  'in-progress': { label: 'In Progress', Icon: CircleDot, className: 'text-primary' },
  completed: { label: 'Completed', Icon: CircleCheck, className: 'text-success' },
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Priority, category and points in words (colour is only a second signal). */
export function TaskBadges({ task }: { task: SeoTask }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge variant="outline" className={priorityClass[task.priority]}>
        {capitalise(task.priority)} priority
      </Badge>
      <Badge variant="secondary">{capitalise(task.category)}</Badge>
      <Badge variant="outline">{task.points} points</Badge>
    </div>
  )
}

export function TaskStatusLabel({ task }: { task: SeoTask }) {
  const { label, Icon, className } = statusStyle[task.status]
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
      {task.status === 'completed' && task.completedDate
        ? ` on ${formatDay(task.completedDate)}`
        : null}
    </span>
  )
}
