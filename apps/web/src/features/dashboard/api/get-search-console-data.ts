// GET /api/integrations/search-console/data?location=…: simulated Search Console (docs/product.md §3, §7).
import {
  searchConsoleDataResponseSchema,
  type SearchConsoleData,
} from '@localseo/shared/integrations'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { googleDataKey } from '@/lib/query-keys'

async function fetchSearchConsoleData(locationId: string): Promise<SearchConsoleData> {
  const response = await apiClient.api.integrations['search-console'].data.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return searchConsoleDataResponseSchema.parse(await response.json()).data
}

function searchConsoleDataQueryOptions(businessId: string, locationId: string) {
  return queryOptions({
    queryKey: [...googleDataKey('search-console'), businessId, locationId],
    queryFn: () => fetchSearchConsoleData(locationId),
  })
}

/** Only asked for while Search Console is connected. */
export function useSearchConsoleData(businessId: string, locationId: string, connected: boolean) {
  return useQuery({
    ...searchConsoleDataQueryOptions(businessId, locationId),
    enabled: connected && businessId !== '',
  })
}
