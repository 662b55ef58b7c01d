import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error'

/**
 * How long an answer the start-up preload fetched (app/preload.ts) is used by a query that otherwise
 * always asks again (the business at sign-in, the dashboard when it opens; lib/preloaded-queries.ts)
 * instead of asking a second time.
 */
export const JUST_FETCHED_MS = 5_000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 404, 422) will not fix themselves; retry only what might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  })
}
