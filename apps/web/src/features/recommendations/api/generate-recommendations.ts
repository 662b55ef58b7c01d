// POST /api/recommendations/generate: new AI tasks (and real gaps) added as pending (docs/product.md §2, §4).
import { seoTaskSchema } from '@localseo/shared/progress'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { progressSchema, recommendationsQueryKey } from './get-recommendations'

/** docs/product.md §8: the one message shown when generating fails. */
export const GENERATE_FAILED_MESSAGE = 'Failed to generate recommendations'

const generateBodySchema = z.object({
  added: z.array(seoTaskSchema),
  source: z.string(),
  progress: progressSchema,
})

async function generateRecommendations() {
  const response = await apiClient.api.recommendations.generate.$post()
  if (!response.ok) throw await toApiError(response)
  return generateBodySchema.parse(await response.json())
}

export function useGenerateRecommendations(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: generateRecommendations,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: recommendationsQueryKey(businessId) }),
  })
}
