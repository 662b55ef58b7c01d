// POST /api/planner/search: keyword ideas with their figures, filtered and sorted on the server
// (docs/product.md §2). A POST because, with a keyword data source, a search may ask it (ADR 024);
// it writes no keyword, and runs like a query: on load and on every change of its inputs.
import type { PlannerKeyword, PlannerQuery } from '@localseo/shared/keyword-engine'
import { estimatedKeywordsResponseSchema } from '@localseo/shared/planner'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { plannerKey } from '@/lib/query-keys'

export type PlannerSearch = PlannerQuery & { location: string }

async function searchPlanner(search: PlannerSearch): Promise<PlannerKeyword[]> {
  const response = await apiClient.api.planner.search.$post({ json: search })
  if (!response.ok) throw await toApiError(response)
  return estimatedKeywordsResponseSchema.parse(await response.json()).keywords
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
  return useQuery({ ...plannerSearchQueryOptions(business, search), enabled: business.id !== '' })
}
