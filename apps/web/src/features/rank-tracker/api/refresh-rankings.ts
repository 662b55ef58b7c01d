// POST /api/rank-tracker/refresh: re-checks today for every tracked keyword (docs/product.md §4 "Refresh").
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { rankScopeKey } from './get-tracked-keywords'

const responseSchema = z.object({
  day: z.string(),
  checked: z.number(),
  failed: z.number(),
  // Checks past the daily query budget: asked tomorrow (issue 17).
  deferred: z.number().default(0),
})

async function refreshRankings(locationId: string) {
  const response = await apiClient.api['rank-tracker'].refresh.$post({
    json: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return responseSchema.parse(await response.json())
}

export function useRefreshRankings(businessId: string, locationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => refreshRankings(locationId),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: [...rankScopeKey(businessId, locationId), 'history'],
      }),
  })
}
