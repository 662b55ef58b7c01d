// GET /api/integrations/google/search-console/performance: whether the 'Search queries' tab has real
// Google data to show (issue 18 item 2): `simulated` without a Google client on the server, else the
// chosen property and its import. A 404 means Google is not connected: null here, a state, not an
// error. Asked again every few seconds while the property's first import is running.
import {
  searchConsolePerformanceAnswerSchema,
  type SearchConsolePerformanceAnswer,
} from '@localseo/shared/search-console'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { googleDataKey } from '@/lib/query-keys'

const IMPORT_POLL_MS = 3000

/** The imported Search Console data: ['integrations', 'search-console', 'imported', businessId, …]. */
export const importedSearchConsoleKey = (businessId: string) =>
  [...googleDataKey('search-console'), 'imported', businessId] as const

async function fetchPerformance(): Promise<SearchConsolePerformanceAnswer | null> {
  const response = await apiClient.api.integrations.google['search-console'].performance.$get()
  if (response.status === 404) return null
  if (!response.ok) throw await toApiError(response)
  return searchConsolePerformanceAnswerSchema.parse(await response.json())
}

/** True while a property is chosen and its first import has not run yet. */
function firstImportRunning(answer: SearchConsolePerformanceAnswer | null | undefined) {
  return answer?.simulated === false && answer.siteUrl !== null && answer.import === null
}

export function useSearchConsolePerformance(businessId: string) {
  return useQuery({
    queryKey: [...importedSearchConsoleKey(businessId), 'performance'],
    queryFn: fetchPerformance,
    enabled: businessId !== '',
    refetchInterval: (query) => (firstImportRunning(query.state.data) ? IMPORT_POLL_MS : false),
  })
}
