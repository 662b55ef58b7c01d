// GET /api/rank-tracker/keywords?location=…: the tracked keywords; the first view fills the docs/product.md §9
// defaults and every view records the checks missing up to today.
import { trackedKeywordsResponseSchema, type TrackedKeyword } from '@localseo/shared/rank-tracker'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { rankTrackerKey } from '@/lib/query-keys'

async function fetchTrackedKeywords(locationId: string): Promise<TrackedKeyword[]> {
  const response = await apiClient.api['rank-tracker'].keywords.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return trackedKeywordsResponseSchema.parse(await response.json()).keywords
}

/** The prefix of everything the screen shows for one business and location. */
export const rankScopeKey = (businessId: string, locationId: string) =>
  [...rankTrackerKey, businessId, locationId] as const

function trackedKeywordsQueryOptions(businessId: string, locationId: string) {
  return queryOptions({
    queryKey: [...rankScopeKey(businessId, locationId), 'keywords'],
    queryFn: () => fetchTrackedKeywords(locationId),
  })
}

export function useTrackedKeywords(businessId: string, locationId: string) {
  return useQuery({
    ...trackedKeywordsQueryOptions(businessId, locationId),
    enabled: businessId !== '',
  })
}
