// GET /api/keywords/suggestions: relevant ideas from the keyword engine the owner does not track yet.
import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { estimatedKeywordsResponseSchema } from '@localseo/shared/planner'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { keywordsKey } from '@/lib/query-keys'

async function fetchKeywordSuggestions(locationId: string): Promise<PlannerKeyword[]> {
  const response = await apiClient.api.keywords.suggestions.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return estimatedKeywordsResponseSchema.parse(await response.json()).keywords
}

function keywordSuggestionsQueryOptions(businessId: string, locationId: string) {
  return queryOptions({
    queryKey: [...keywordsKey, 'suggestions', businessId, locationId],
    queryFn: () => fetchKeywordSuggestions(locationId),
  })
}

export function useKeywordSuggestions(businessId: string, locationId: string) {
  return useQuery({
    ...keywordSuggestionsQueryOptions(businessId, locationId),
    enabled: businessId !== '',
  })
}
