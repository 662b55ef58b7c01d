// GET /api/planner/saved?location=: the saved keywords of the chosen business or location, stored on
// the server (issue 6) as the keyword entity (docs/decisions/016-one-keyword-entity.md).
import { savedKeywordsResponseSchema, type SavedKeyword } from '@localseo/shared/planner'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { plannerKey } from '@/lib/query-keys'

async function fetchSavedKeywords(location: string): Promise<SavedKeyword[]> {
  const response = await apiClient.api.planner.saved.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return savedKeywordsResponseSchema.parse(await response.json()).keywords
}

export const savedKeywordsKey = (businessId: string, location: string) =>
  [...plannerKey, 'saved', businessId, location] as const

function savedKeywordsQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: savedKeywordsKey(businessId, location),
    queryFn: () => fetchSavedKeywords(location),
  })
}

export function useSavedKeywords(businessId: string, location: string) {
  return useQuery({
    ...savedKeywordsQueryOptions(businessId, location),
    enabled: businessId !== '',
  })
}
