// GET /api/keywords: the analysed keyword records behind 'Current Keyword Rankings' (docs/product.md §3, §7).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { keywordsKey } from '@/lib/query-keys'

export const keywordRecordSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  position: z.number().nullable(),
  previousPosition: z.number().nullable(),
  searchVolume: z.number().nullable(),
  difficulty: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type KeywordRecord = z.infer<typeof keywordRecordSchema>

async function fetchKeywords(): Promise<KeywordRecord[]> {
  const response = await apiClient.api.keywords.$get()
  if (!response.ok) throw await toApiError(response)
  return z.object({ keywords: z.array(keywordRecordSchema) }).parse(await response.json()).keywords
}

const keywordListKey = (businessId: string) => [...keywordsKey, 'list', businessId] as const

function keywordsQueryOptions(businessId: string) {
  return queryOptions({ queryKey: keywordListKey(businessId), queryFn: fetchKeywords })
}

export function useKeywords(businessId: string) {
  return useQuery({ ...keywordsQueryOptions(businessId), enabled: businessId !== '' })
}
