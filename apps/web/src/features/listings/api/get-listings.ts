// GET /api/listings?location=: the NAP profile, listings, citations and the inconsistency count.
import { listingsViewSchema, type ListingsView } from '@localseo/shared/listings'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { listingsKey } from '@/lib/query-keys'
import type { ScreenPreload } from '@/lib/screen-preload'

async function fetchListings(location: string): Promise<ListingsView> {
  const response = await apiClient.api.listings.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return listingsViewSchema.parse(await response.json())
}

export function listingsQueryOptions(businessId: string, location: string) {
  return queryOptions({
    queryKey: [...listingsKey, businessId, location],
    queryFn: () => fetchListings(location),
  })
}

/** The main location's listings, started with the screen's code at start-up (app/preload.ts). */
export function prefetchListings({ queryClient, businessId }: ScreenPreload) {
  return queryClient.prefetchQuery(listingsQueryOptions(businessId, MAIN_LOCATION))
}

export function useListings(businessId: string, location: string) {
  return useQuery(listingsQueryOptions(businessId, location))
}
