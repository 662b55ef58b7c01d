// PUT /api/listings/records and DELETE /api/listings/records: record what one platform shows, or go
// back to its sample. Both answer the whole updated view, which replaces the cached one.
import {
  listingsViewSchema,
  type ListingRecordInput,
  type ListingsView,
} from '@localseo/shared/listings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey } from '@/lib/query-keys'
import { listingsQueryOptions } from './get-listings'

async function recordListing(input: ListingRecordInput): Promise<ListingsView> {
  const response = await apiClient.api.listings.records.$put({ json: input })
  if (!response.ok) throw await toApiError(response)
  return listingsViewSchema.parse(await response.json())
}

async function forgetListing(input: { platform: string; location: string }): Promise<ListingsView> {
  const response = await apiClient.api.listings.records.$delete({ query: input })
  if (!response.ok) throw await toApiError(response)
  return listingsViewSchema.parse(await response.json())
}

function useSetView(businessId: string, location: string) {
  const queryClient = useQueryClient()
  return (view: ListingsView) => {
    queryClient.setQueryData(listingsQueryOptions(businessId, location).queryKey, view)
    // Recording a listing is Recent Activity on the dashboard.
    void queryClient.invalidateQueries({ queryKey: dashboardKey })
  }
}

export function useRecordListing(businessId: string, location: string) {
  const setView = useSetView(businessId, location)
  return useMutation({ mutationFn: recordListing, onSuccess: setView })
}

export function useForgetListing(businessId: string, location: string) {
  const setView = useSetView(businessId, location)
  return useMutation({ mutationFn: forgetListing, onSuccess: setView })
}
