// GET /api/integrations/search-console/data?location=…: the simulated Search Console, for the
// 'Search queries' tab while Google is simulated and the owner turned it on (issue 32 item 3). The
// same request and cache entry as the dashboard's Search Performance card.
import { searchConsoleDataResponseSchema } from '@localseo/shared/integrations'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { googleDataKey } from '@/lib/query-keys'

async function fetchSimulated(locationId: string) {
  const response = await apiClient.api.integrations['search-console'].data.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return searchConsoleDataResponseSchema.parse(await response.json())
}

export function useSimulatedSearchConsole(businessId: string, locationId: string) {
  return useQuery({
    queryKey: [...googleDataKey('search-console'), 'simulated-answer', businessId, locationId],
    queryFn: () => fetchSimulated(locationId),
    enabled: businessId !== '',
  })
}
