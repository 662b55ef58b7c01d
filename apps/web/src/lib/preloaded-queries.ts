// Answers the start-up preload fetched (app/preload.ts), so that a query which otherwise asks again
// every time its screen opens (the dashboard) takes the preloaded answer once instead of repeating
// the request a moment later (docs/decisions/019-compressed-assets-and-preloading.md).
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { JUST_FETCHED_MS } from './query-client'

/** When each preloaded answer arrived, by query hash. */
const preloadedAt = new Map<string, number>()

/** Prefetches like `queryClient.prefetchQuery`, remembering the answer as preloaded. */
export async function preloadQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  await queryClient.prefetchQuery(options)
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })
  if (query?.state.status === 'success') preloadedAt.set(query.queryHash, query.state.dataUpdatedAt)
}

/**
 * For `refetchOnMount`: false while the query still holds a preloaded answer from the last few
 * seconds that nothing has invalidated since; true (refetch when stale) otherwise.
 */
export function unlessJustPreloaded(query: {
  queryHash: string
  state: { isInvalidated: boolean; dataUpdatedAt: number }
}): boolean {
  const arrived = preloadedAt.get(query.queryHash)
  return (
    arrived === undefined ||
    query.state.isInvalidated ||
    query.state.dataUpdatedAt !== arrived ||
    Date.now() - arrived > JUST_FETCHED_MS
  )
}
