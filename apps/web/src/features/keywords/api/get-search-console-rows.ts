// GET /api/integrations/google/search-console/rows?dimension=&page=&pageSize=: one page of the
// queries or pages Google showed the website for in the last 28 imported days, with the 28 days
// before (issue 18 item 2). Read from the server's import, never from Google directly.
import {
  searchConsoleRowsSchema,
  type SearchConsoleDimension,
  type SearchConsoleRows,
} from '@localseo/shared/search-console'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { importedSearchConsoleKey } from './get-search-console-performance'

const SEARCH_CONSOLE_PAGE_SIZE = 25

interface RowsRequest {
  dimension: SearchConsoleDimension
  page: number
}

async function fetchRows({ dimension, page }: RowsRequest): Promise<SearchConsoleRows> {
  const response = await apiClient.api.integrations.google['search-console'].rows.$get({
    query: { dimension, page: String(page), pageSize: String(SEARCH_CONSOLE_PAGE_SIZE) },
  })
  if (!response.ok) throw await toApiError(response)
  return searchConsoleRowsSchema.parse(await response.json())
}

/** Asked only once the property's import has run (`enabled`); the last page stays while the next loads. */
export function useSearchConsoleRows(businessId: string, request: RowsRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...importedSearchConsoleKey(businessId), 'rows', request],
    queryFn: () => fetchRows(request),
    enabled: enabled && businessId !== '',
    placeholderData: keepPreviousData,
  })
}
