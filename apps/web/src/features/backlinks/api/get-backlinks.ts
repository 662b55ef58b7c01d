// GET /api/backlinks?location&domain&type&quality&timeRange&page&pageSize: one page, filtered on the
// server (all four filters really filter, issue 8).
import {
  backlinkPageSchema,
  type BacklinkPage,
  type BacklinkQuality,
  type BacklinkTimeRange,
  type BacklinkType,
} from '@localseo/shared/backlinks'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkScopeKey } from './backlink-keys'

const BACKLINKS_PAGE_SIZE = 20

export interface BacklinkFilters {
  domain: string
  type: '' | BacklinkType
  quality: '' | BacklinkQuality
  timeRange: BacklinkTimeRange
}

export const noFilters: BacklinkFilters = { domain: '', type: '', quality: '', timeRange: 'all' }

/** The filters as query parameters, leaving out the ones set to "All". */
export function filterQuery(location: string, filters: BacklinkFilters) {
  const domain = filters.domain.trim()
  return {
    location,
    ...(domain ? { domain } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.quality ? { quality: filters.quality } : {}),
    ...(filters.timeRange !== 'all' ? { timeRange: filters.timeRange } : {}),
  }
}

async function fetchBacklinks(
  location: string,
  filters: BacklinkFilters,
  page: number,
): Promise<BacklinkPage> {
  const response = await apiClient.api.backlinks.$get({
    query: {
      ...filterQuery(location, filters),
      page: String(page),
      pageSize: String(BACKLINKS_PAGE_SIZE),
    },
  })
  if (!response.ok) throw await toApiError(response)
  return backlinkPageSchema.parse(await response.json())
}

function backlinksQueryOptions(
  businessId: string,
  location: string,
  filters: BacklinkFilters,
  page: number,
) {
  return queryOptions({
    queryKey: [...backlinkScopeKey(businessId, location), 'list', filters, page],
    queryFn: () => fetchBacklinks(location, filters, page),
  })
}

export function useBacklinks(
  businessId: string,
  location: string,
  filters: BacklinkFilters,
  page: number,
) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({
    ...backlinksQueryOptions(businessId, location, filters, page),
    placeholderData: keepPreviousData,
  })
}
