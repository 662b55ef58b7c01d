// GET /api/rank-tracker/history?location=…&range=…&page=…: what the Rank Tracker shows, with one
// page of the table (issue 36 item 2); GET /api/rank-tracker/history/keywords: every keyword's
// checks for Export CSV, or the chart's chosen keywords'. The server holds the first answer for the
// docs/product.md §9 1.5 s load delay (not in tests).
import {
  rankHistorySchema,
  rankKeywordsHistorySchema,
  type RankHistory,
  type RankKeywordsHistory,
  type RankRange,
} from '@localseo/shared/rank-tracker'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { pollWhilePending } from '@/lib/first-checks'
import { rankScopeKey } from './get-tracked-keywords'

const rangeParam = (range: RankRange) => String(range) as '7' | '30' | '90'

/**
 * The answer shown while another one of the same location and range loads (another page, another
 * chart choice), so nothing flashes; another location or range shows the loading state
 * (docs/product.md §4). Keys are rankScopeKey's three, a name, then the range.
 */
function sameScope<T>(locationId: string, range: RankRange) {
  return (previous: T | undefined, query?: { queryKey: readonly unknown[] }) =>
    query?.queryKey[2] === locationId && query.queryKey[4] === range
      ? keepPreviousData(previous)
      : undefined
}

async function fetchRankHistory(
  locationId: string,
  range: RankRange,
  page: number,
): Promise<RankHistory> {
  const response = await apiClient.api['rank-tracker'].history.$get({
    query: { location: locationId, range: rangeParam(range), page: String(page) },
  })
  if (!response.ok) throw await toApiError(response)
  return rankHistorySchema.parse(await response.json())
}

/** Every tracked keyword's checks, or those of the keywords named. */
export async function fetchRankKeywordsHistory(
  locationId: string,
  range: RankRange,
  ids?: readonly string[],
): Promise<RankKeywordsHistory> {
  const response = await apiClient.api['rank-tracker'].history.keywords.$get({
    query: {
      location: locationId,
      range: rangeParam(range),
      ...(ids ? { ids: ids.join(',') } : {}),
    },
  })
  if (!response.ok) throw await toApiError(response)
  return rankKeywordsHistorySchema.parse(await response.json())
}

function rankHistoryQueryOptions(
  businessId: string,
  locationId: string,
  range: RankRange,
  page: number,
) {
  return queryOptions({
    queryKey: [...rankScopeKey(businessId, locationId), 'history', range, page],
    queryFn: () => fetchRankHistory(locationId, range, page),
  })
}

/** Asked for once the keyword list has loaded, so the first view's defaults are already there. */
export function useRankHistory(
  businessId: string,
  locationId: string,
  range: RankRange,
  page: number,
  keywordsReady: boolean,
) {
  return useQuery({
    ...rankHistoryQueryOptions(businessId, locationId, range, page),
    enabled: businessId !== '' && keywordsReady,
    refetchOnWindowFocus: false,
    placeholderData: sameScope<RankHistory>(locationId, range),
    // Default and newly tracked keywords get their first check from a job on the server: read again
    // until it lands.
    refetchInterval: (query) => pollWhilePending(query, (query.state.data?.notCheckedYet ?? 0) > 0),
  })
}

/**
 * The checks of the keywords the owner chose for the chart (null: the server's default choice,
 * already in the history). The lines shown stay while another keyword's checks come.
 */
export function useChartKeywords(
  businessId: string,
  locationId: string,
  range: RankRange,
  ids: readonly string[] | null,
) {
  return useQuery({
    queryKey: [...rankScopeKey(businessId, locationId), 'chart', range, ids],
    queryFn: () => fetchRankKeywordsHistory(locationId, range, ids ?? []),
    enabled: ids !== null && ids.length > 0,
    refetchOnWindowFocus: false,
    placeholderData: sameScope<RankKeywordsHistory>(locationId, range),
  })
}
