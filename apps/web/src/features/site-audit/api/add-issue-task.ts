// POST /api/site-audit/runs/:id/issues/:checkId/task: a failed local check becomes a pending SEO task,
// once per business and check (201 the first time, then 200 with the task already made).
import { auditTaskResponseSchema } from '@localseo/shared/recommendations'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { recommendationsKey, siteAuditKey } from '@/lib/query-keys'

async function addIssueTask({ runId, checkId }: { runId: string; checkId: string }) {
  const response = await apiClient.api['site-audit'].runs[':id'].issues[':checkId'].task.$post({
    param: { id: runId, checkId },
  })
  if (!response.ok) throw await toApiError(response)
  return auditTaskResponseSchema.parse(await response.json())
}

export function useAddIssueTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addIssueTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recommendationsKey }),
        queryClient.invalidateQueries({ queryKey: siteAuditKey }),
      ]),
  })
}
