import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { AuthContext, authClient, createAuthStore } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { businessDerivedKeys } from '@/lib/query-keys'

// The business API client (Hono RPC, zod, the shared schemas) is loaded only once someone signs in,
// which keeps the landing page's JavaScript small.
const loadBusinessModule = () => import('@/lib/business')

/** Everything the app needs around the router: the query cache and the auth store. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const [store] = useState(() =>
    createAuthStore({
      client: authClient,
      loadBusiness: async (userId) => {
        const { businessQueryOptions } = await loadBusinessModule()
        return queryClient.fetchQuery({ ...businessQueryOptions(userId), staleTime: 0 })
      },
      onSignedOut: () => queryClient.clear(),
      onBusinessChange: (userId, business) => {
        void loadBusinessModule().then(async ({ businessQueryKey }) => {
          // A business fetch that started before this change (a refetch on mount or focus) would
          // land afterwards and bring back the old business, e.g. a location just deleted.
          await queryClient.cancelQueries({ queryKey: businessQueryKey(userId) })
          queryClient.setQueryData(businessQueryKey(userId), business)
        })
        // SPEC §4: the dashboard and the simulated Google data follow the saved business.
        for (const queryKey of businessDerivedKeys) {
          void queryClient.invalidateQueries({ queryKey })
        }
      },
    }),
  )

  useEffect(() => store.start(), [store])

  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={store}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  )
}
