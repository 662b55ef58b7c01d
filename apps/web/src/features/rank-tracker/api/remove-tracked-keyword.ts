// DELETE /api/rank-tracker/keywords/:id: the keyword and its whole history go.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { rankScopeKey } from './get-tracked-keywords'

async function removeTrackedKeyword(id: string) {
  const response = await apiClient.api['rank-tracker'].keywords[':id'].$delete({ param: { id } })
  if (!response.ok) throw await toApiError(response)
}

export function useRemoveTrackedKeyword(businessId: string, locationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeTrackedKeyword,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: rankScopeKey(businessId, locationId) }),
  })
}
