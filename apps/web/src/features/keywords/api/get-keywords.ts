// GET /api/keywords?location=: the keyword records behind 'Current Keyword Rankings' (docs/product.md §3,
// §7): the analysed and tracked keywords of the chosen business or location, the same records the
// dashboard and the Rank Tracker read.
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { keywordListResponseSchema } from '@localseo/shared/keywords'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { pollWhilePending } from '@/lib/first-checks'
import { keywordsKey } from '@/lib/query-keys'

export type { KeywordRecord }

async function fetchKeywords(location: string): Promise<KeywordRecord[]> {
  const response = await apiClient.api.keywords.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return keywordListResponseSchema.parse(await response.json()).keywords
}

const keywordListKey = (businessId: string, location: string) =>
  [...keywordsKey, 'list', businessId, location] as const

function keywordsQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: keywordListKey(businessId, location),
    queryFn: () => fetchKeywords(location),
  })
}

/**
 * A keyword not checked yet gets its position from a job on the server: a tracked one's first check
 * (issue 30), an analysed one's check of today with a real search-results provider (issue 36 item 3).
 */
const waitsForFirstCheck = (records: KeywordRecord[] | undefined) =>
  records?.some((k) => k.positionSource === null && !k.notInTop100) ?? false

export function useKeywords(businessId: string, location: string) {
  return useQuery({
    ...keywordsQueryOptions(businessId, location),
    enabled: businessId !== '',
    refetchInterval: (query) => pollWhilePending(query, waitsForFirstCheck(query.state.data)),
  })
}
