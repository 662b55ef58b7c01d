// PATCH /api/recommendations/:id: Start and Mark Complete (docs/product.md §4). The server enforces the
// transitions; a completion also lands on the dashboard's Recent Activity.
import type { SeoTask, TaskStatus } from '@localseo/shared/progress'
import { taskStatusResponseSchema, type Recommendations } from '@localseo/shared/recommendations'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey } from '@/lib/query-keys'
import { recommendationsQueryKey } from './get-recommendations'

async function changeTaskStatus(input: { id: string; status: TaskStatus }) {
  const response = await apiClient.api.recommendations[':id'].$patch({
    param: { id: input.id },
    json: { status: input.status },
  })
  if (!response.ok) throw await toApiError(response)
  return taskStatusResponseSchema.parse(await response.json())
}

const replaceTask = (tasks: SeoTask[], task: SeoTask) =>
  tasks.map((existing) => (existing.id === task.id ? task : existing))

export function useChangeTaskStatus(businessId: string) {
  const queryClient = useQueryClient()
  const queryKey = recommendationsQueryKey(businessId)
  return useMutation({
    mutationFn: changeTaskStatus,
    onSuccess: ({ task, progress }) => {
      queryClient.setQueryData<Recommendations>(queryKey, (current) =>
        current ? { tasks: replaceTask(current.tasks, task), progress } : current,
      )
      // A completion is written to Recent Activity.
      void queryClient.invalidateQueries({ queryKey: dashboardKey })
    },
    // A refused change (409) means this screen is out of date: show what the server has.
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  })
}
