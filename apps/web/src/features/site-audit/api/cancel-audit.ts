// POST /api/site-audit/runs/:id/cancel: the run stops and keeps what it crawled so far.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { siteAuditKey } from '@/lib/query-keys'

async function cancelAudit(id: string) {
  const response = await apiClient.api['site-audit'].runs[':id'].cancel.$post({ param: { id } })
  if (!response.ok) throw await toApiError(response)
}

export function useCancelAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelAudit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteAuditKey }),
  })
}
