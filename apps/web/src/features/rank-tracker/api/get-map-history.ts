// GET /api/competitors/map-history?location=…&keywordId=…&range=…: the business's daily map-pack
// position for one tracked keyword and each followed competitor's beside it (issue 34 item 1).
import { mapHistoryResponseSchema, type MapHistory } from '@localseo/shared/competitors'
import type { RankRange } from '@localseo/shared/rank-tracker'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { competitorsKey } from '@/lib/competitors'

async function fetchMapHistory(
  locationId: string,
  keywordId: string,
  range: RankRange,
): Promise<MapHistory> {
  const response = await apiClient.api.competitors['map-history'].$get({
    query: { location: locationId, keywordId, range: String(range) as '7' | '30' | '90' },
  })
  if (!response.ok) throw await toApiError(response)
  return mapHistoryResponseSchema.parse(await response.json())
}

/** Under the competitors' key: following one on the Competitors screen adds its line. */
export function useMapHistory(
  businessId: string,
  locationId: string,
  keywordId: string | null,
  range: RankRange,
) {
  return useQuery({
    queryKey: [...competitorsKey, businessId, locationId, 'map-history', keywordId, range],
    queryFn: () => fetchMapHistory(locationId, keywordId ?? '', range),
    enabled: keywordId !== null,
  })
}
