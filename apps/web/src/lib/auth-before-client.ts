// What the auth store does before auth-js has loaded (docs/web-conventions.md "The auth store"): a
// returning owner's start-up check from the stored session, the access token for /api, and loading
// auth-js when it is needed (before the token expires, when another tab changes the session). This
// keeps auth-js off a returning owner's first load (docs/decisions/019-compressed-assets-and-preloading.md).
import type { User as AuthUser } from '@supabase/auth-js'
import { loadClient, signedOut, type AuthCore } from './auth-core'
import { fetchTakingEarly } from './early-requests'
import {
  CLIENT_TAKES_OVER_MS,
  readStoredSession,
  timeLeft,
  TOKEN_USABLE_MS,
} from './stored-session'
import { SESSION_STORAGE_KEY } from './user-storage'

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/** A sign-in, recovery or error link in the URL: only auth-js can take it (detectSessionInUrl). */
export function urlBringsSession(location: Location = window.location): boolean {
  return /(^|[#&?])(access_token|error_description|code)=/.test(location.hash + location.search)
}

/** The account the server confirmed for the stored session, and the token it confirmed. */
export interface ConfirmedSession {
  authUser: AuthUser
  accessToken: string
}

/**
 * The start-up check without auth-js: the server confirms the stored session's token with
 * GET /auth/v1/user (the answer app/preload.ts asked for early). Null when auth-js must decide
 * instead: it is loaded already, a link in the URL brings a session, the token is near its expiry,
 * or the answer is anything but the user (a 401 is signed out through auth-js, as before; an
 * unreachable server is trusted for now, as auth-js does).
 */
export async function confirmStoredSession(core: AuthCore): Promise<ConfirmedSession | null> {
  if (core.loadedClient || core.recovering || urlBringsSession()) return null
  const session = readStoredSession()
  if (!session || timeLeft(session) <= CLIENT_TAKES_OVER_MS) return null
  try {
    const [response, { authUserAnswerSchema }] = await Promise.all([
      fetchTakingEarly(`${window.location.origin}/auth/v1/user`, {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      }),
      import('./auth-user'),
    ])
    if (!response.ok) return null
    const authUser = authUserAnswerSchema.parse(await response.json())
    return { authUser, accessToken: session.accessToken }
  } catch {
    // Unreachable, or not a user: auth-js decides.
    return null
  }
}

/**
 * The access token /api requests carry (lib/api-client.ts): the loaded client's; before it loads,
 * the stored one while it has more than a minute left. Otherwise auth-js is loaded, and its
 * getSession refreshes a token that is due. Nothing stored: no token, and nothing is loaded.
 */
export async function accessToken(core: AuthCore): Promise<string | null> {
  if (!core.loadedClient) {
    const session = readStoredSession()
    if (!session) return null
    if (timeLeft(session) > TOKEN_USABLE_MS) return session.accessToken
  }
  const { data } = await (await loadClient(core)).getSession()
  return data.session?.access_token ?? null
}

/**
 * Loads auth-js a few minutes before the stored token expires, so that it refreshes the token
 * in time, as it does when it is loaded from the start (autoRefreshToken). Returns the stop.
 */
export function loadClientBeforeExpiry(core: AuthCore): () => void {
  const session = core.loadedClient ? null : readStoredSession()
  if (!session) return () => undefined
  const delay = Math.min(Math.max(0, timeLeft(session) - CLIENT_TAKES_OVER_MS), LONGEST_TIMER_MS)
  const timer = setTimeout(() => {
    loadClient(core).catch((error: unknown) =>
      console.warn('Could not load the auth client', error),
    )
  }, delay)
  return () => clearTimeout(timer)
}

/**
 * Another tab removed the stored session (it signed out): this tab signs out too, once its start-up
 * check is done, unless a sign-in here is running or a new session has been stored since.
 */
export async function followSignOutElsewhere(core: AuthCore) {
  await core.sessionCheck
  if (core.busy || localStorage.getItem(SESSION_STORAGE_KEY) !== null) return
  if (core.state.status !== 'logged-out') signedOut(core)
}
