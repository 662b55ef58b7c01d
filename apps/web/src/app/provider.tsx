import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import {
  AuthContext,
  createAuthStore,
  loadAuthClient,
  mayHaveSession,
  openedFromRecoveryLink,
  type AuthStore,
} from '@/lib/auth'
import { setAccessTokenSource } from '@/lib/access-token'
import { createBusinessCacheWriter } from '@/lib/business-cache'
import { forgetEarlyRequests } from '@/lib/early-requests'
import { createQueryClient, JUST_FETCHED_MS } from '@/lib/query-client'

// The business API client (Hono RPC, zod, the shared schemas) is loaded only once someone signs in,
// which keeps the landing page's JavaScript small.
const loadBusinessModule = () => import('@/lib/business')

export interface AppState {
  queryClient: QueryClient
  store: AuthStore
}

/**
 * The query cache and the auth store. main.tsx makes them before React renders, so the start-up
 * preload (app/preload.ts) can fill the same cache the screens read.
 */
export function createAppState(): AppState {
  const queryClient = createQueryClient()
  const store = createAuthStore({
    client: loadAuthClient,
    mayHaveSession: () => mayHaveSession(),
    loadBusiness: async (userId) => {
      const { businessQueryOptions } = await loadBusinessModule()
      // Fresh from the server, unless the start-up preload has just fetched it.
      return queryClient.fetchQuery({ ...businessQueryOptions(userId), staleTime: JUST_FETCHED_MS })
    },
    onSignedOut: () => {
      queryClient.clear()
      forgetEarlyRequests()
    },
    onBusinessChange: createBusinessCacheWriter(queryClient),
    recoveryLink: openedFromRecoveryLink,
  })
  // The API client asks this store for its token (lib/access-token.ts).
  setAccessTokenSource(store.accessToken)
  return { queryClient, store }
}

/** Everything the app needs around the router: the query cache and the auth store. */
export function AppProvider({ children, state }: { children: ReactNode; state?: AppState }) {
  const [{ queryClient, store }] = useState(() => state ?? createAppState())

  useEffect(() => store.start(), [store])

  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={store}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  )
}
