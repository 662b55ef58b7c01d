// The signed-in user's business: one query, shared by the auth store and every screen. zod/mini, as
// everything the dashboard's first screen imports (docs/decisions/019-compressed-assets-and-preloading.md).
import { businessResponseSchema, type Business } from '@localseo/shared/business'
import { queryOptions } from '@tanstack/react-query'
import { apiClient, toApiError } from './api-client'
import { businessQueryKey } from './query-keys'

// The stored user's parser comes with this module: both need zod and the business schema, and the
// start-up check loads both, so the stored user costs no request of its own (user-storage.ts).
export { parseStoredUser } from './stored-user'

export async function fetchBusiness(): Promise<Business> {
  const response = await apiClient.api.business.$get()
  if (!response.ok) throw await toApiError(response)
  // Parsed as well as typed: the stored user and the screens rely on this exact shape.
  return businessResponseSchema.parse(await response.json()).business
}

export function businessQueryOptions(userId: string) {
  return queryOptions({ queryKey: businessQueryKey(userId), queryFn: fetchBusiness })
}
