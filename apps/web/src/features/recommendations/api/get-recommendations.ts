// GET /api/recommendations: the owner's SEO tasks and the progress they add up to (docs/product.md §2, §9).
import { seoTaskSchema, type SeoProgress, type SeoTask } from '@localseo/shared/progress'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { recommendationsKey } from '@/lib/query-keys'
import type { ScreenPreload } from '@/lib/screen-preload'

const badgeSchema = z.object({
  id: z.enum(['technical-expert', 'content-creator', 'local-hero', 'seo-beginner', 'seo-pro']),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
  current: z.number(),
  target: z.number(),
})

export const progressSchema: z.ZodType<SeoProgress> = z.object({
  points: z.number(),
  level: z.number(),
  totalTasks: z.number(),
  completedTasks: z.number(),
  inProgressTasks: z.number(),
  pendingTasks: z.number(),
  completedPercent: z.number(),
  inProgressPercent: z.number(),
  levelPoints: z.number(),
  pointsToNextLevel: z.number(),
  nextLevelPercent: z.number(),
  badges: z.array(badgeSchema),
})

const recommendationsSchema = z.object({ tasks: z.array(seoTaskSchema), progress: progressSchema })

export interface Recommendations {
  tasks: SeoTask[]
  progress: SeoProgress
}

async function fetchRecommendations(): Promise<Recommendations> {
  const response = await apiClient.api.recommendations.$get()
  if (!response.ok) throw await toApiError(response)
  return recommendationsSchema.parse(await response.json())
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
