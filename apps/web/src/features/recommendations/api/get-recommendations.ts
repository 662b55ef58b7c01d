// GET /api/recommendations: the owner's SEO tasks and the progress they add up to (docs/product.md §2, §9).
import {
  recommendationsResponseSchema,
  type Recommendations,
} from '@localseo/shared/recommendations'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { recommendationsKey } from '@/lib/query-keys'
import type { ScreenPreload } from '@/lib/screen-preload'

async function fetchRecommendations(): Promise<Recommendations> {
  const response = await apiClient.api.recommendations.$get()
  if (!response.ok) throw await toApiError(response)
  return recommendationsResponseSchema.parse(await response.json())
}

export const recommendationsQueryKey = (businessId: string) =>
  [...recommendationsKey, businessId] as const

function recommendationsQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: recommendationsQueryKey(businessId),
    queryFn: fetchRecommendations,
  })
}

/** Started with the screen's code at start-up (app/preload.ts). */
export function prefetchRecommendations({ queryClient, businessId }: ScreenPreload) {
  return queryClient.prefetchQuery(recommendationsQueryOptions(businessId))
}

export function useRecommendations(businessId: string) {
  return useQuery({ ...recommendationsQueryOptions(businessId), enabled: businessId !== '' })
}
