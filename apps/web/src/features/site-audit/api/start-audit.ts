// POST /api/site-audit/runs: starts a run in the background (202); the screen then polls it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { siteAuditKey } from '@/lib/query-keys'

const startedSchema = z.object({
  run: z.object({ id: z.string(), status: z.string(), budget: z.number() }),
})

async function startAudit() {
  const response = await apiClient.api['site-audit'].runs.$post()
  if (!response.ok) throw await toApiError(response)
  return startedSchema.parse(await response.json()).run
}

export function useStartAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startAudit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteAuditKey }),
  })
}
