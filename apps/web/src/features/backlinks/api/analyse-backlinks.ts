// POST /api/backlinks/analysis: the docs/product.md §9 scores over every backlink in scope and the AI
// recommendations. Asked for when the AI Analysis tab opens (once per location, kept in the cache);
// Refresh Analysis asks again.
import { backlinkAnalysisSchema, type BacklinkAnalysis } from '@localseo/shared/ai'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkAiKey } from './backlink-keys'

async function analyseBacklinks(location: string): Promise<BacklinkAnalysis> {
  const response = await apiClient.api.backlinks.analysis.$post({ json: { location } })
  if (!response.ok) throw await toApiError(response)
  return backlinkAnalysisSchema.parse(await response.json())
}

function backlinkAnalysisQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: [...backlinkAiKey(businessId, location), 'analysis'],
    queryFn: () => analyseBacklinks(location),
    // Each answer may be a model call counted against the daily quota: never asked again by itself.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

export function useBacklinkAnalysis(businessId: string, location: string, enabled: boolean) {
  return useQuery({ ...backlinkAnalysisQueryOptions(businessId, location), enabled })
}
