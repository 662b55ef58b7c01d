// The auth client (auth-js). Loaded only when it is needed: a stored session, a sign-in link in the
// URL, or a visitor who signs in or up (lib/auth.ts). It travels with the signed-in libraries, which
// the next screen needs anyway (docs/decisions/019-compressed-assets-and-preloading.md).
import { GoTrueClient } from '@supabase/auth-js'
import { fetchTakingEarly } from './early-requests'
import { SESSION_STORAGE_KEY } from './user-storage'

export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: SESSION_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  headers: { apikey: 'localseo' },
  // The start-up session check takes the answer app/preload.ts asked for early.
  fetch: fetchTakingEarly,
})
