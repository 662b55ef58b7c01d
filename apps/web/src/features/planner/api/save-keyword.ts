// POST /api/planner/saved: the server computes the figures; the same text twice is a 409 (docs/product.md §5).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { savedKeywordResponseSchema, type SavedKeyword } from '@localseo/shared/planner'
import { savedKeywordsKey } from './get-saved-keywords'

async function saveKeyword(input: { keyword: string; locationId: string }) {
  const response = await apiClient.api.planner.saved.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return savedKeywordResponseSchema.parse(await response.json()).keyword
}

export function useSaveKeyword(businessId: string, location: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveKeyword,
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedKeyword[]>(
        savedKeywordsKey(businessId, location),
        (list = []) => [saved, ...list.filter((k) => k.id !== saved.id)],
      )
    },
    // A 409 means another device saved it first: show the server's list.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedKeywordsKey(businessId, location) }),
  })
}
