import { ImplementationGuide } from './implementation-guide'
import { TaskActions, type TaskActionProps } from './task-actions'
import { TaskBadges, TaskStatusLabel } from './task-labels'

/** One task in the list: what, why, how (the guide) and what to do next. */
export function TaskCard(props: TaskActionProps) {
  const { task } = props
  return (
    <li
      aria-label={task.title}
      data-status={task.status}
      className="grid gap-3 rounded-lg border bg-card p-4 data-[status=completed]:bg-muted/40"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="font-medium">{task.title}</h3>
        <TaskStatusLabel task={task} />
      </div>
      <TaskBadges task={task} />
      <p className="text-sm text-muted-foreground">{task.description}</p>
      {task.impact ? (
        <p className="text-sm">
          <span className="font-medium">Impact: </span>
          {task.impact}
        </p>
      ) : null}
      <ImplementationGuide guide={task.implementationGuide} taskTitle={task.title} />
      <TaskActions {...props} startLabel="Start" />
    </li>
  )
}
