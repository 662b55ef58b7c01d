// DELETE /api/planner/saved/:id.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import type { SavedKeyword } from '@localseo/shared/planner'
import { savedKeywordsKey } from './get-saved-keywords'

async function removeSavedKeyword(id: string) {
  const response = await apiClient.api.planner.saved[':id'].$delete({ param: { id } })
  // Already gone (removed on another device) is what the owner wanted anyway.
  const status: number = response.status
  if (!response.ok && status !== 404) throw await toApiError(response)
}

export function useRemoveSavedKeyword(businessId: string, location: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeSavedKeyword,
    onSuccess: (_, id) => {
      queryClient.setQueryData<SavedKeyword[]>(
        savedKeywordsKey(businessId, location),
        (list = []) => list.filter((k) => k.id !== id),
      )
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedKeywordsKey(businessId, location) }),
  })
}
