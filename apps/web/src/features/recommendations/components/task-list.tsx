import type { SeoTask, TaskPriority } from '@localseo/shared/progress'
import { useId, useState } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { TaskCard } from './task-card'
import type { TaskActionProps } from './task-actions'

type PriorityFilter = 'all' | TaskPriority

const filters: ReadonlyArray<{ value: PriorityFilter; label: string }> = [
  { value: 'all', label: 'All Priorities' },
  { value: 'high', label: 'High Priority' },
  { value: 'medium', label: 'Medium Priority' },
  { value: 'low', label: 'Low Priority' },
]

/** Every task, filtered by priority (docs/product.md §2). */
export function TaskList({
  tasks,
  ...actions
}: { tasks: SeoTask[] } & Omit<TaskActionProps, 'task'>) {
  const [priority, setPriority] = useState<PriorityFilter>('all')
  const selectId = useId()
  const shown = priority === 'all' ? tasks : tasks.filter((task) => task.priority === priority)
  return (
    <Card aria-labelledby="all-tasks-title" role="region">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id="all-tasks-title">SEO Tasks</CardTitle>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {shown.length} of {tasks.length} tasks
          </p>
        </div>
        <div className="grid gap-1.5 sm:w-52">
          <Label htmlFor={selectId}>Priority</Label>
          <Select
            id={selectId}
            value={priority}
            onChange={(event) => setPriority(event.target.value as PriorityFilter)}
          >
            {filters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tasks with this priority.</p>
        ) : (
          <ul aria-label="SEO tasks" className="grid grid-cols-1 gap-3">
            {shown.map((task) => (
              <TaskCard key={task.id} task={task} {...actions} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
