// POST /api/recommendations/generate: new AI tasks (and real gaps) added as pending (docs/product.md §2, §4).
import { generateTasksResponseSchema } from '@localseo/shared/recommendations'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { recommendationsQueryKey } from './get-recommendations'

/** docs/product.md §8: the one message shown when generating fails. */
export const GENERATE_FAILED_MESSAGE = 'Failed to generate recommendations'

async function generateRecommendations() {
  const response = await apiClient.api.recommendations.generate.$post()
  if (!response.ok) throw await toApiError(response)
  return generateTasksResponseSchema.parse(await response.json())
}

export function useGenerateRecommendations(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: generateRecommendations,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: recommendationsQueryKey(businessId) }),
  })
}
