// POST /api/planner/search: keyword ideas with their figures, filtered and sorted on the server
// (docs/product.md §2). A POST because, with a keyword data source, a search may ask it (ADR 024);
// it writes no keyword, and runs like a query: on load and on every change of its inputs.
import type { PlannerKeyword, PlannerQuery } from '@localseo/shared/keyword-engine'
import { estimatedKeywordsResponseSchema } from '@localseo/shared/planner'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { pollWhilePending } from '@/lib/first-checks'
import { plannerKey } from '@/lib/query-keys'

export type PlannerSearch = PlannerQuery & { location: string }

/** `pending`: the keyword data source is being asked for some figures; the search is read again. */
async function searchPlanner(
  search: PlannerSearch,
): Promise<{ keywords: PlannerKeyword[]; pending: boolean }> {
  const response = await apiClient.api.planner.search.$post({ json: search })
  if (!response.ok) throw await toApiError(response)
  const { keywords, pending = false } = estimatedKeywordsResponseSchema.parse(await response.json())
  return { keywords, pending }
}

/**
 * docs/product.md §4: the search runs again whenever the business name, the location, the intent, the
 * difficulty or the sort changes; all of them are in the key.
 */
function plannerSearchQueryOptions(business: { id: string; name: string }, search: PlannerSearch) {
  return queryOptions({
    queryKey: [...plannerKey, 'ideas', business.id, business.name, search],
    queryFn: () => searchPlanner(search),
  })
}

export function usePlannerSearch(business: { id: string; name: string }, search: PlannerSearch) {
  return useQuery({
    ...plannerSearchQueryOptions(business, search),
    enabled: business.id !== '',
    // The figures the server did not have come from a job in a moment (issue 36 item 3).
    refetchInterval: (query) => pollWhilePending(query, query.state.data?.pending ?? false),
  })
}
