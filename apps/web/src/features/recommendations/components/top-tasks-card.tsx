import type { SeoTask } from '@localseo/shared/progress'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { TaskActions, type TaskActionProps } from './task-actions'
import { TaskBadges, TaskStatusLabel } from './task-labels'

/**
 * docs/product.md §2: the top 3 tasks still to finish, in the list's order (highest priority first).
 * A started task stays until it is completed (issue 32 item 9), with its status and Mark Complete.
 */
export function TopTasksCard({
  tasks,
  ...actions
}: { tasks: SeoTask[] } & Omit<TaskActionProps, 'task'>) {
  const top = tasks.filter((task) => task.status !== 'completed').slice(0, 3)
  return (
    <Card aria-labelledby="top-tasks-title" role="region">
      <CardHeader>
        <CardTitle id="top-tasks-title">Top Priority Tasks</CardTitle>
        <p className="text-sm text-muted-foreground">
          Your next three tasks to finish, started ones included.
        </p>
      </CardHeader>
      <CardContent>
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Every task is done. Generate new recommendations to keep going.
          </p>
        ) : (
          <ol aria-label="Top priority tasks" className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {top.map((task, i) => (
              <li
                key={task.id}
                aria-label={task.title}
                className="flex flex-col gap-3 rounded-lg border p-4"
              >
                <div className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                  >
                    {i + 1}
                  </span>
                  <h3 className="text-sm font-medium">{task.title}</h3>
                </div>
                <TaskBadges task={task} />
                {task.status === 'in-progress' ? <TaskStatusLabel task={task} /> : null}
                <div className="mt-auto">
                  <TaskActions task={task} {...actions} startLabel="Start Task" />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
