// POST /api/site-audit/runs: starts a run in the background (202); the screen then polls it.
import { auditStartResponseSchema } from '@localseo/shared/site-audit'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { siteAuditKey } from '@/lib/query-keys'

async function startAudit() {
  const response = await apiClient.api['site-audit'].runs.$post()
  if (!response.ok) throw await toApiError(response)
  return auditStartResponseSchema.parse(await response.json()).run
}

export function useStartAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startAudit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteAuditKey }),
  })
}
