// The start-up preload (docs/decisions/019-compressed-assets-and-preloading.md): with a stored
// session, the session check, the signed-in shell's code, the business, and the opened screen's
// code and first requests all start before React renders, side by side, instead of one after
// another (index -> session -> business -> screen code -> screen data).
import { sendEarly, storedAccessToken } from '@/lib/early-requests'
import { SESSION_STORAGE_KEY, USER_STORAGE_KEY } from '@/lib/user-storage'
import type { AppState } from './provider'
import { earlyRequestsOf, loadProtectedLayout, preloadScreen } from './router'
import { firstScreenOf } from './screen-code'

/**
 * The ids the stored user names, read without parsing the whole record (that waits for zod). A
 * wrong guess costs a wasted request at most: the server answers for the session's owner, and the
 * screens read the cache under the ids the session check confirms.
 */
function storedIds(storage: Storage): { userId: string; businessId: string } | null {
  try {
    const user = JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? 'null') as {
      id?: unknown
      business?: { id?: unknown }
    } | null
    const userId = user?.id
    const businessId = user?.business?.id
    return typeof userId === 'string' && typeof businessId === 'string'
      ? { userId, businessId }
      : null
  } catch {
    return null
  }
}

/** Starts what a returning owner's first screen needs; false when no session is stored. */
export function preloadSignedIn(
  { queryClient, store }: AppState,
  pathname: string,
  storage: Storage = localStorage,
): boolean {
  const session = storage.getItem(SESSION_STORAGE_KEY)
  if (!session) return false
  const ids = storedIds(storage)
  const screen = firstScreenOf(pathname)
  const token = storedAccessToken(session)
  // Sent before auth-js and the API client load; they take these answers (lib/early-requests.ts).
  if (token) {
    const screenRequests = ids && ids.businessId !== '' ? earlyRequestsOf(screen) : []
    sendEarly(['/auth/v1/user', ...(ids ? ['/api/business'] : []), ...screenRequests], token)
  }
  store.checkSession()
  void loadProtectedLayout()
  if (!ids) return true
  void import('@/lib/business').then(({ businessQueryOptions }) =>
    queryClient.prefetchQuery(businessQueryOptions(ids.userId)),
  )
  if (ids.businessId !== '') preloadScreen(screen, { queryClient, store, ...ids })
  return true
}
