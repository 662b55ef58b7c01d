// GET /api/dashboard: the score, top 3 keywords, issues to fix and recent activity (docs/product.md §2, §9).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dashboardResponseSchema, type DashboardResponse } from '@localseo/shared/dashboard'
import { apiClient, toApiError } from '@/lib/api-client'
import { whileFirstChecksPending } from '@/lib/first-checks'
import { unlessJustPreloaded } from '@/lib/preloaded-queries'
import { dashboardKey } from '@/lib/query-keys'

export type Dashboard = DashboardResponse
export type TopKeyword = Dashboard['topKeywords'][number]
export type ScorePart = Dashboard['breakdown'][number]
export type Activity = Dashboard['recentActivity'][number]

async function fetchDashboard(location: string): Promise<Dashboard> {
  const response = await apiClient.api.dashboard.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return dashboardResponseSchema.parse(await response.json())
}

/**
 * Keyed by business; the provider invalidates ['dashboard'] whenever the business is saved. Always
 * refetched when the dashboard opens, so a site audit that just finished shows in the score.
 */
export function dashboardQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: [...dashboardKey, businessId, location],
    queryFn: () => fetchDashboard(location),
    staleTime: 0,
    // A new business's keywords get their first positions from a job: read again until they land.
    refetchInterval: (query) =>
      whileFirstChecksPending(
        (query.state.data?.keywordsNotChecked ?? 0) > 0,
        query.state.dataUpdateCount,
      ),
  })
}

export function useDashboard(businessId: string, location: string) {
  return useQuery({
    ...dashboardQueryOptions(businessId, location),
    enabled: businessId !== '',
    // The answer the start-up preload fetched a moment ago is used, not asked for again.
    refetchOnMount: unlessJustPreloaded,
  })
}
