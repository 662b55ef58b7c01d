// POST /api/rank-tracker/keywords: trimmed, never empty, ignored when already tracked (docs/product.md §5).
import { trackKeywordResponseSchema } from '@localseo/shared/rank-tracker'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey, keywordsKey } from '@/lib/query-keys'
import { rankScopeKey } from './get-tracked-keywords'

async function addTrackedKeyword(input: { keyword: string; location: string }) {
  const response = await apiClient.api['rank-tracker'].keywords.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return trackKeywordResponseSchema.parse(await response.json())
}

export function useAddTrackedKeyword(businessId: string, locationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (keyword: string) => addTrackedKeyword({ keyword, location: locationId }),
    onSuccess: async (result) => {
      if (!result.added) return
      // The same keyword entity is listed by Keyword Analysis and the dashboard (ADR 016).
      for (const queryKey of [keywordsKey, dashboardKey])
        void queryClient.invalidateQueries({ queryKey })
      // A first load still under way may have read the list before this keyword was written, and
      // an invalidation joins a fetch that has no data yet instead of starting another: cancel it,
      // so the refetch below reads the keyword.
      const scope = rankScopeKey(businessId, locationId)
      await queryClient.cancelQueries({ queryKey: scope })
      return queryClient.invalidateQueries({ queryKey: scope })
    },
  })
}
