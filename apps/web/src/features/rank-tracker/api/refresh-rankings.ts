// POST /api/rank-tracker/refresh: re-checks today for every tracked keyword (docs/product.md §4 "Refresh").
import { refreshRankingsResponseSchema } from '@localseo/shared/rank-tracker'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { rankScopeKey } from './get-tracked-keywords'

async function refreshRankings(locationId: string) {
  const response = await apiClient.api['rank-tracker'].refresh.$post({
    json: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return refreshRankingsResponseSchema.parse(await response.json())
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
