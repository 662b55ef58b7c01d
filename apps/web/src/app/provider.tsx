import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { AuthContext, authClient, createAuthStore, openedFromRecoveryLink } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { createBusinessCacheWriter } from '@/lib/business-cache'

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
      onBusinessChange: createBusinessCacheWriter(queryClient),
      recoveryLink: openedFromRecoveryLink,
    }),
  )

  useEffect(() => store.start(), [store])

  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={store}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  )
}
