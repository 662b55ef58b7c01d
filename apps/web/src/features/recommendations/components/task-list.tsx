import type { SeoTask, TaskPriority } from '@localseo/shared/progress'
import { useId, useState } from 'react'
import { Pagination, useClientPages } from '@/components/pagination'
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

/** Task cards a page shows: a year of work is some 300 tasks (issue 36 item 2). */
const TASKS_PAGE_SIZE = 20

/**
 * Every task, filtered by priority (docs/product.md §2), a page at a time: the filter and the count
 * cover every task, only the page's cards are rendered.
 */
export function TaskList({
  tasks,
  ...actions
}: { tasks: SeoTask[] } & Omit<TaskActionProps, 'task'>) {
  const [priority, setPriority] = useState<PriorityFilter>('all')
  const selectId = useId()
  const shown = priority === 'all' ? tasks : tasks.filter((task) => task.priority === priority)
  const pages = useClientPages(shown, TASKS_PAGE_SIZE)
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
            onChange={(event) => {
              setPriority(event.target.value as PriorityFilter)
              pages.setPage(1)
            }}
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
            {pages.shown.map((task) => (
              <TaskCard key={task.id} task={task} {...actions} />
            ))}
          </ul>
        )}
        <Pagination
          label="Task pages"
          page={pages.page}
          pages={pages.pages}
          loading={false}
          onPage={pages.setPage}
          className="mt-4"
        >
          Tasks {pages.first}-{pages.last} of {shown.length}
        </Pagination>
      </CardContent>
    </Card>
  )
}
