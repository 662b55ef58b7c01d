// GET /api/dashboard: the score, top 3 keywords, issues to fix and recent activity (docs/product.md §2, §9).
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { figureSourceSchema, keywordRecordSchema } from '@localseo/shared/keyword-figures'
import { apiClient, toApiError } from '@/lib/api-client'
import { whileFirstChecksPending } from '@/lib/first-checks'
import { unlessJustPreloaded } from '@/lib/preloaded-queries'
import { dashboardKey } from '@/lib/query-keys'

// zod/mini, as everything the dashboard's first screen imports
// (docs/decisions/019-compressed-assets-and-preloading.md).
const dashboardSchema = z.object({
  score: z.nullable(z.number()),
  /** False while the score is the product's fixed 72 (no finished site audit yet). */
  measured: z._default(z.boolean(), false),
  /** The starting estimate, or measured by the site audit at its time (issue 15 item 2). */
  scoreSource: z._default(z.nullable(figureSourceSchema), null),
  breakdown: z._default(
    z.array(
      z.object({
        group: z.string(),
        label: z.string(),
        weight: z.number(),
        score: z.number(),
        explanation: z.string(),
      }),
    ),
    [],
  ),
  scoreNote: z._default(z.string(), ''),
  scoreAudit: z._default(z.nullable(z.object({ runId: z.string(), finishedAt: z.string() })), null),
  topKeywords: z.array(keywordRecordSchema),
  /** Tracked keywords of the place still waiting for their first check (issue 30 item 8). */
  keywordsNotChecked: z._default(z.number(), 0),
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
export type ScorePart = Dashboard['breakdown'][number]
export type Activity = Dashboard['recentActivity'][number]

async function fetchDashboard(location: string): Promise<Dashboard> {
  const response = await apiClient.api.dashboard.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return dashboardSchema.parse(await response.json())
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
