// What a screen's preload gets (app/preload.ts): the cache to fill and whose data to ask for, known
// from the stored user before the session check has answered.
import type { QueryClient } from '@tanstack/react-query'
import type { AuthStore } from './auth'

export interface ScreenPreload {
  queryClient: QueryClient
  store: AuthStore
  userId: string
  businessId: string
}
