// GET /api/rank-tracker/history?location=…&range=…: every tracked keyword's stored checks over the
// range, in one request. The server holds the answer for the docs/product.md §9 1.5 s load delay (not in tests).
import { rankHistorySchema, type RankHistory, type RankRange } from '@localseo/shared/rank-tracker'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { pollWhilePending } from '@/lib/first-checks'
import { rankScopeKey } from './get-tracked-keywords'

async function fetchRankHistory(locationId: string, range: RankRange): Promise<RankHistory> {
  const response = await apiClient.api['rank-tracker'].history.$get({
    query: { location: locationId, range: String(range) as '7' | '30' | '90' },
  })
  if (!response.ok) throw await toApiError(response)
  return rankHistorySchema.parse(await response.json())
}

function rankHistoryQueryOptions(businessId: string, locationId: string, range: RankRange) {
  return queryOptions({
    queryKey: [...rankScopeKey(businessId, locationId), 'history', range],
    queryFn: () => fetchRankHistory(locationId, range),
  })
}

/** Asked for once the keyword list has loaded, so the first view's defaults are already there. */
export function useRankHistory(
  businessId: string,
  locationId: string,
  range: RankRange,
  keywordsReady: boolean,
) {
  return useQuery({
    ...rankHistoryQueryOptions(businessId, locationId, range),
    enabled: businessId !== '' && keywordsReady,
    refetchOnWindowFocus: false,
    // Default and newly tracked keywords get their first check from a job on the server: read again
    // until it lands.
    refetchInterval: (query) =>
      pollWhilePending(
        query,
        query.state.data?.keywords.some((k) => k.latestCheck === null) ?? false,
      ),
  })
}
