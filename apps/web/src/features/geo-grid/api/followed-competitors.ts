// GET /api/competitors/followed (issue 34 item 1): the competitors the owner follows at a location,
// each with its placeKey, so a point's pack shows where each of them stood there.
import { followedCompetitorsResponseSchema } from '@localseo/shared/competitors'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { competitorsKey } from '@/lib/competitors'

async function fetchFollowed(locationId: string) {
  const response = await apiClient.api.competitors.followed.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return followedCompetitorsResponseSchema.parse(await response.json())
}

/** Under the competitors' key, so following or hiding one on the Competitors screen refetches it. */
export function useFollowedCompetitors(businessId: string, locationId: string) {
  return useQuery({
    queryKey: [...competitorsKey, businessId, locationId, 'followed'],
    queryFn: () => fetchFollowed(locationId),
  })
}
