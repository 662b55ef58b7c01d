// POST /api/backlinks/content-ideas: link-worthy content ideas for the selected location. Only asked
// for when the owner chooses Generate Ideas; the answer stays in the cache per location.
import { contentIdeasSchema, type ContentIdeas } from '@localseo/shared/ai'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkAiKey } from './backlink-keys'

async function generateContentIdeas(location: string): Promise<ContentIdeas> {
  const response = await apiClient.api.backlinks['content-ideas'].$post({ json: { location } })
  if (!response.ok) throw await toApiError(response)
  return contentIdeasSchema.parse(await response.json())
}

function contentIdeasQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: [...backlinkAiKey(businessId, location), 'ideas'],
    queryFn: () => generateContentIdeas(location),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** Disabled until Generate Ideas calls refetch(). */
export function useContentIdeas(businessId: string, location: string) {
  return useQuery({ ...contentIdeasQueryOptions(businessId, location), enabled: false })
}
