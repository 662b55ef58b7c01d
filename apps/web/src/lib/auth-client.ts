// The auth client (auth-js), in a chunk of its own, loaded only when it is needed (lib/auth.ts
// loadAuthClient): a sign-in, sign-up or link in the URL, any account action, a stored token near
// its expiry, or another tab changing the session. A returning owner's start-up check and API
// requests go without it (lib/auth-before-client.ts, docs/decisions/019-compressed-assets-and-preloading.md).
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
