// docs/product.md §3: the signed-in user is persisted in browser storage under 'user'; docs/product.md §4: a stored user
// that fails to parse is removed.
import type { AppUser, GoogleConnections } from './stored-user'

export const USER_STORAGE_KEY = 'user'

/** Where auth-js keeps the session (its default storage key, named in lib/auth-client.ts). */
export const SESSION_STORAGE_KEY = 'supabase.auth.token'

export const noGoogleConnections: GoogleConnections = { searchConsole: false, analytics: false }

export async function readStoredUser(storage: Storage = localStorage): Promise<AppUser | null> {
  const raw = storage.getItem(USER_STORAGE_KEY)
  if (raw === null) return null
  const { parseStoredUser } = await import('./business')
  const user = parseStoredUser(raw)
  if (!user) storage.removeItem(USER_STORAGE_KEY)
  return user
}

export function writeStoredUser(user: AppUser | null, storage: Storage = localStorage): void {
  try {
    if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user))
    else storage.removeItem(USER_STORAGE_KEY)
  } catch {
    // Storage full or blocked (private mode): the app still works for this visit.
  }
}
