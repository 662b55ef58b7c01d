// GET /api/planner/saved?location=: the saved keywords of the chosen business or location, stored on
// the server (issue 6) as the keyword entity (docs/decisions/016-one-keyword-entity.md).
import { plannerKeywordSchema } from '@localseo/shared/keyword-engine'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { plannerKey } from '@/lib/query-keys'

export const savedKeywordSchema = plannerKeywordSchema.extend({
  id: z.string(),
  sample: z.boolean(),
  createdAt: z.string(),
})
export type SavedKeyword = z.infer<typeof savedKeywordSchema>

async function fetchSavedKeywords(location: string): Promise<SavedKeyword[]> {
  const response = await apiClient.api.planner.saved.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return z.object({ keywords: z.array(savedKeywordSchema) }).parse(await response.json()).keywords
}

export const savedKeywordsKey = (businessId: string, location: string) =>
  [...plannerKey, 'saved', businessId, location] as const

function savedKeywordsQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: savedKeywordsKey(businessId, location),
    queryFn: () => fetchSavedKeywords(location),
  })
}

export function useSavedKeywords(businessId: string, location: string) {
  return useQuery({
    ...savedKeywordsQueryOptions(businessId, location),
    enabled: businessId !== '',
  })
}
