// DELETE /api/rank-tracker/keywords/:id: the keyword and its whole history go.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey, keywordsKey } from '@/lib/query-keys'
import { rankScopeKey } from './get-tracked-keywords'

async function removeTrackedKeyword(id: string) {
  const response = await apiClient.api['rank-tracker'].keywords[':id'].$delete({ param: { id } })
  if (!response.ok) throw await toApiError(response)
}

export function useRemoveTrackedKeyword(businessId: string, locationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeTrackedKeyword,
    onSuccess: () => {
      // The same keyword entity is listed by Keyword Analysis and the dashboard (ADR 016).
      for (const queryKey of [keywordsKey, dashboardKey])
        void queryClient.invalidateQueries({ queryKey })
      return queryClient.invalidateQueries({ queryKey: rankScopeKey(businessId, locationId) })
    },
  })
}
