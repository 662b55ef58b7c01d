// GET /api/planner/saved: the owner's saved keywords, stored per business on the server (issue 6).
import { plannerKeywordSchema } from '@localseo/shared/keyword-engine'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { plannerKey } from '@/lib/query-keys'

export const savedKeywordSchema = plannerKeywordSchema.extend({
  id: z.string(),
  createdAt: z.string(),
})
export type SavedKeyword = z.infer<typeof savedKeywordSchema>

async function fetchSavedKeywords(): Promise<SavedKeyword[]> {
  const response = await apiClient.api.planner.saved.$get()
  if (!response.ok) throw await toApiError(response)
  return z.object({ keywords: z.array(savedKeywordSchema) }).parse(await response.json()).keywords
}

export const savedKeywordsKey = (businessId: string) =>
  [...plannerKey, 'saved', businessId] as const

function savedKeywordsQueryOptions(businessId: string) {
  return queryOptions({ queryKey: savedKeywordsKey(businessId), queryFn: fetchSavedKeywords })
}

export function useSavedKeywords(businessId: string) {
  return useQuery({ ...savedKeywordsQueryOptions(businessId), enabled: businessId !== '' })
}
