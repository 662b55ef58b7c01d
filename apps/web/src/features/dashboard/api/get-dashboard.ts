// GET /api/dashboard: the score, top 3 keywords, issues to fix and recent activity (SPEC §2, §9).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey } from '@/lib/query-keys'

const dashboardSchema = z.object({
  score: z.number().nullable(),
  topKeywords: z.array(
    z.object({
      id: z.string(),
      keyword: z.string(),
      position: z.number().nullable(),
      previousPosition: z.number().nullable(),
      searchVolume: z.number().nullable(),
    }),
  ),
  issues: z.array(
    z.object({
      id: z.string(),
      severity: z.enum(['high', 'medium', 'low']),
      description: z.string(),
    }),
  ),
  recentActivity: z.array(
    z.object({ id: z.string(), kind: z.string(), message: z.string(), createdAt: z.string() }),
  ),
})

export type Dashboard = z.infer<typeof dashboardSchema>
export type TopKeyword = Dashboard['topKeywords'][number]
export type Activity = Dashboard['recentActivity'][number]

export async function fetchDashboard(): Promise<Dashboard> {
  const response = await apiClient.api.dashboard.$get()
  if (!response.ok) throw await toApiError(response)
  return dashboardSchema.parse(await response.json())
}

/** Keyed by business; the provider invalidates ['dashboard'] whenever the business is saved. */
export function dashboardQueryOptions(businessId: string) {
  return queryOptions({ queryKey: [...dashboardKey, businessId], queryFn: fetchDashboard })
}

export function useDashboard(businessId: string) {
  return useQuery({ ...dashboardQueryOptions(businessId), enabled: businessId !== '' })
}
