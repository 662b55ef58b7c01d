// The Search Performance card from the imported Search Console data (issue 18 item 2, ADR 022):
// GET …/google/search-console/performance (totals of the last 28 days against the 28 before) and
// the first page of …/rows (the top queries), both read from our database, never from Google.
// Asked again every few seconds while the property's first import is running.
import {
  searchConsolePerformanceAnswerSchema,
  searchConsoleRowsSchema,
  type SearchConsolePerformanceAnswer,
  type SearchConsoleRows,
} from '@localseo/shared/search-console'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { integrationsKey } from '@/lib/query-keys'

const IMPORT_POLL_MS = 3000
export const TOP_QUERIES = 5

async function fetchPerformance(): Promise<SearchConsolePerformanceAnswer> {
  const response = await apiClient.api.integrations.google['search-console'].performance.$get()
  if (!response.ok) throw await toApiError(response)
  return searchConsolePerformanceAnswerSchema.parse(await response.json())
}

async function fetchTopQueries(): Promise<SearchConsoleRows> {
  const response = await apiClient.api.integrations.google['search-console'].rows.$get({
    query: { dimension: 'query', page: '1', pageSize: String(TOP_QUERIES) },
  })
  if (!response.ok) throw await toApiError(response)
  return searchConsoleRowsSchema.parse(await response.json())
}

/** Still waiting for the first import of the picked property. */
const importing = (data: SearchConsolePerformanceAnswer | undefined) =>
  data !== undefined && !data.simulated && data.siteUrl !== null && data.import === null

export function useSearchConsolePerformance(businessId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...integrationsKey, 'search-console-performance', businessId],
    queryFn: fetchPerformance,
    enabled: enabled && businessId !== '',
    refetchInterval: (query) => (importing(query.state.data) ? IMPORT_POLL_MS : false),
  })
}

/** Asked once the totals show that an import has stored days (`importedAt` keys the cache). */
export function useTopSearchQueries(businessId: string, importedAt: string | null) {
  return useQuery({
    queryKey: [...integrationsKey, 'search-console-top-queries', businessId, importedAt],
    queryFn: fetchTopQueries,
    enabled: businessId !== '' && importedAt !== null,
  })
}
