// GET /api/integrations/analytics/data?location=…: simulated Google Analytics (docs/product.md §3, §7).
import { analyticsDataResponseSchema, type AnalyticsData } from '@localseo/shared/integrations'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { googleDataKey } from '@/lib/query-keys'

async function fetchAnalyticsData(locationId: string): Promise<AnalyticsData> {
  const response = await apiClient.api.integrations.analytics.data.$get({
    query: { location: locationId },
  })
  if (!response.ok) throw await toApiError(response)
  return analyticsDataResponseSchema.parse(await response.json()).data
}

function analyticsDataQueryOptions(businessId: string, locationId: string) {
  return queryOptions({
    queryKey: [...googleDataKey('analytics'), businessId, locationId],
    queryFn: () => fetchAnalyticsData(locationId),
  })
}

/** Only asked for while Analytics is connected (docs/product.md §4: refetched when either changes). */
export function useAnalyticsData(businessId: string, locationId: string, connected: boolean) {
  return useQuery({
    ...analyticsDataQueryOptions(businessId, locationId),
    enabled: connected && businessId !== '',
  })
}
