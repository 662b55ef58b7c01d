// The owner's Google connections (docs/product.md §3 googleConnections, §4 "Google connection per service"):
// stored on the server per user, mirrored on the stored user. Read by Settings and the Dashboard.
import {
  integrationsStateSchema,
  type GoogleAccount,
  type GoogleConnections,
  type IntegrationsState,
} from '@localseo/shared/integrations'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from './api-client'
import { useAuth, useAuthStore, type AuthStore } from './auth'
import { integrationsKey } from './query-keys'
import { noGoogleConnections } from './user-storage'

const connectionsQueryKey = (userId: string) => [...integrationsKey, 'connections', userId] as const

async function fetchConnections(): Promise<IntegrationsState> {
  const response = await apiClient.api.integrations.$get()
  if (!response.ok) throw await toApiError(response)
  const { connections, google } = integrationsStateSchema.parse(await response.json())
  return { connections, google }
}

/** Mirrors the server's flags on the stored user, only when they differ (no needless writes). */
function syncStoredUser(store: AuthStore, connections: GoogleConnections): void {
  const known = store.getState().user?.googleConnections
  if (
    known &&
    (known.searchConsole !== connections.searchConsole || known.analytics !== connections.analytics)
  ) {
    store.setGoogleConnections(connections)
  }
}

/**
 * Keeps the query cache and the stored user in step after a connect or disconnect. A read of the
 * connections still under way was asked before the change: it is cancelled first, or its older
 * answer would land after this one and show the service as it was.
 */
export async function storeConnections(
  queryClient: QueryClient,
  store: AuthStore,
  connections: GoogleConnections,
): Promise<void> {
  const user = store.getState().user
  if (!user) return
  await queryClient.cancelQueries({ queryKey: connectionsQueryKey(user.id) })
  queryClient.setQueryData(
    connectionsQueryKey(user.id),
    (known: IntegrationsState | undefined): IntegrationsState => ({
      connections,
      // Only the simulated connections change this way (Settings' per-service buttons).
      google: known?.google ?? { status: 'simulated' },
    }),
  )
  syncStoredUser(store, connections)
}

function connectionsQueryOptions(userId: string, store: AuthStore) {
  return queryOptions({
    queryKey: connectionsQueryKey(userId),
    queryFn: async () => {
      const state = await fetchConnections()
      syncStoredUser(store, state.connections)
      return state
    },
  })
}

/** Starts the connections request ahead of the screen that reads them (app/preload.ts). */
export function prefetchGoogleConnections(
  queryClient: QueryClient,
  store: AuthStore,
  userId: string,
): Promise<void> {
  return queryClient.prefetchQuery(connectionsQueryOptions(userId, store))
}

/** The server's flags; the stored user's copy answers until the server has. */
export function useGoogleConnections(): GoogleConnections {
  const { user } = useAuth()
  const store = useAuthStore()
  const { data } = useQuery({
    ...connectionsQueryOptions(user?.id ?? '', store),
    enabled: Boolean(user),
  })
  return data?.connections ?? user?.googleConnections ?? noGoogleConnections
}

/**
 * Whether Google is simulated on this server ('simulated') or real, and then connected, revoked or
 * not; undefined until the server has said, so no screen shows sample figures for a real account.
 */
export function useGoogleMode(): GoogleAccount | undefined {
  const { user } = useAuth()
  const store = useAuthStore()
  const { data } = useQuery({
    ...connectionsQueryOptions(user?.id ?? '', store),
    enabled: Boolean(user),
  })
  return data?.google
}
