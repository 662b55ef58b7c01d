// GET /api/backlinks/summary?location: the stat cards and the summaries, aggregated on the server.
import { backlinkSummarySchema, type BacklinkSummary } from '@localseo/shared/backlinks'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkScopeKey } from './backlink-keys'

async function fetchBacklinkSummary(location: string): Promise<BacklinkSummary> {
  const response = await apiClient.api.backlinks.summary.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return backlinkSummarySchema.parse(await response.json())
}

function backlinkSummaryQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: [...backlinkScopeKey(businessId, location), 'summary'],
    queryFn: () => fetchBacklinkSummary(location),
  })
}

export function useBacklinkSummary(businessId: string, location: string) {
  return useQuery(backlinkSummaryQueryOptions(businessId, location))
}
