// Keeps the business query in step with the business the auth store holds.
import type { Business } from '@localseo/shared/business'
import type { QueryClient } from '@tanstack/react-query'
import { businessDerivedKeys, businessQueryKey } from './query-keys'

/**
 * Returns the function the auth store calls whenever the saved business changes.
 *
 * Everything happens synchronously, before the store tells the screens: a screen never renders the
 * store's new business next to the cache's old one (the Settings journey once saw a deleted
 * location for a frame after its confirm dialog closed). A business fetch that started before the
 * change (a refetch on mount) is cancelled first, which reverts it on the spot; it would otherwise
 * land afterwards and bring back the old business.
 */
export function createBusinessCacheWriter(queryClient: QueryClient) {
  return (userId: string, business: Business): void => {
    void queryClient.cancelQueries({ queryKey: businessQueryKey(userId) })
    queryClient.setQueryData(businessQueryKey(userId), business)
    // docs/product.md §4: the dashboard and the simulated Google data follow the saved business.
    for (const queryKey of businessDerivedKeys) {
      void queryClient.invalidateQueries({ queryKey })
    }
  }
}
