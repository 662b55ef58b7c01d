// The session side of the auth store: where a signed-in user goes, the start-up check and the
// client's session events (docs/web-conventions.md "The auth store").
import type { Business } from '@localseo/shared/business'
import type { AuthChangeEvent, GoTrueClient, Session, User as AuthUser } from '@supabase/auth-js'
import {
  loadClient,
  nameOf,
  setState,
  signedOut,
  verifiedTotpFactor,
  type AuthCore,
} from './auth-core'
import {
  confirmStoredSession,
  followSignOutElsewhere,
  loadClientBeforeExpiry,
} from './auth-before-client'
import { assuranceLevel } from './stored-session'
import type { AppUser } from './stored-user'
import { noGoogleConnections, readStoredUser, SESSION_STORAGE_KEY } from './user-storage'

/** auth-js's isAuthRetryableFetchError, without loading auth-js for it: the server was unreachable. */
const isRetryableFetchError = (error: { name?: string }) => error.name === 'AuthRetryableFetchError'

/**
 * The session's assurance level from its access token; null when it cannot be read. The start-up
 * check without auth-js passes the token the server just confirmed; otherwise auth-js reads its own.
 */
async function currentLevel(core: AuthCore, accessToken: string | null): Promise<string | null> {
  if (accessToken !== null) return assuranceLevel(accessToken)
  try {
    const { data } = await (await loadClient(core)).mfa.getAuthenticatorAssuranceLevel()
    return data?.currentLevel ?? null
  } catch {
    return null
  }
}

/**
 * Decides where a freshly signed-in user goes. The app opens only for a session at the level the
 * account needs: with a verified factor an aal1 session (password, email code or recovery link)
 * waits for the 6-digit code first; a recovery session then asks for a new password.
 */
export async function enter(core: AuthCore, authUser: AuthUser, accessToken: string | null = null) {
  const factor = verifiedTotpFactor(authUser)
  const pending = { user: null, error: null, ready: true, pendingEmail: authUser.email ?? null }
  if (factor && (await currentLevel(core, accessToken)) !== 'aal2') {
    core.pendingFactorId = factor.id
    setState(core, { status: 'mfa-required', ...pending })
    return
  }
  core.pendingFactorId = null
  if (core.recovering) {
    setState(core, { status: 'password-recovery', ...pending })
    return
  }
  const user = await hydrate(core, authUser)
  setState(core, { status: 'logged-in', user, error: null, ready: true, pendingEmail: null })
}

/** Builds the app user from the auth user, keeping what we already knew about the same user. */
async function hydrate(core: AuthCore, authUser: AuthUser): Promise<AppUser> {
  const stored = core.state.user ?? (await readStoredUser())
  const known = stored?.id === authUser.id ? stored : null
  let business: Business
  try {
    business = await core.deps.loadBusiness(authUser.id)
  } catch (error) {
    // Keep the last known business; the screens refetch it through the query cache.
    console.warn('Could not load the business', error)
    business = known?.business ?? (await import('@localseo/shared/business')).emptyBusiness
  }
  return {
    id: authUser.id,
    email: authUser.email ?? known?.email ?? '',
    name: nameOf(authUser, known?.name),
    business,
    googleConnections: known?.googleConnections ?? noGoogleConnections,
  }
}

/**
 * The start-up check: the stored session, confirmed by the server when it can be reached. A
 * returning owner's is confirmed without auth-js (auth-before-client.ts); the rest go through it.
 */
async function checkSession(core: AuthCore) {
  // Nothing stored and no sign-in link: signed out, without loading auth-js (the landing page).
  if (core.deps.mayHaveSession?.() === false) return signedOut(core)
  const confirmed = await confirmStoredSession(core)
  if (confirmed) return enter(core, confirmed.authUser, confirmed.accessToken)
  await checkWithClient(core)
}

/** The start-up check through auth-js, which signs out a session the server no longer knows. */
async function checkWithClient(core: AuthCore) {
  const client = await loadClient(core)
  const { data, error } = await client.getSession()
  if (error || !data.session) return signedOut(core)
  let authUser = data.session.user
  const live = await client.getUser()
  if (live.error) {
    // Offline: trust the stored session for now; the server checks it on every request anyway.
    if (!isRetryableFetchError(live.error)) {
      await client.signOut({ scope: 'local' })
      return signedOut(core)
    }
  } else {
    authUser = live.data.user
  }
  await enter(core, authUser)
}

/** A session event from the client: another tab, a refreshed token, a changed profile. */
async function handleEvent(core: AuthCore, event: AuthChangeEvent, session: Session | null) {
  if (event === 'PASSWORD_RECOVERY' && session) {
    // May arrive while the start-up check still runs: remember it, then decide once it is done.
    core.recovering = true
    await core.sessionCheck
    if (!core.busy) await enter(core, session.user)
    return
  }
  if (!core.state.ready || core.busy) return // start-up check, login and signup handle their own results
  if (event === 'SIGNED_OUT') {
    if (core.state.status !== 'logged-out') signedOut(core)
  } else if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') {
    if (!session) return
    const user = core.state.user
    if (core.state.status === 'logged-in' && user?.id === session.user.id) {
      return refreshProfile(core, session.user)
    }
    // Signed in elsewhere (another tab, a magic link), or a tab refocused while a code is due:
    // the same checks as a fresh sign-in.
    return enter(core, session.user)
  } else if (event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') {
    if (session) refreshProfile(core, session.user)
  }
}

/** Takes a changed email or name onto the signed-in user. */
function refreshProfile(core: AuthCore, authUser: AuthUser) {
  const user = core.state.user
  if (!user || user.id !== authUser.id) return
  const email = authUser.email ?? user.email
  const name = nameOf(authUser, user.name)
  if (email !== user.email || name !== user.name) setState(core, { user: { ...user, email, name } })
}

/**
 * The start-up check, once: restores the stored user, then confirms the session with the server.
 * The start-up preload (app/preload.ts) begins it before the first render.
 */
export function beginSessionCheck(core: AuthCore): Promise<void> {
  core.sessionCheck ??= readStoredUser()
    .then((user) => {
      if (!core.state.ready) setState(core, { user })
      return checkSession(core)
    })
    .catch((error: unknown) => {
      console.error('Session check failed', error)
      signedOut(core)
    })
  return core.sessionCheck
}

/**
 * Restores the stored user, checks the live session and follows session events once the client has
 * loaded; loads the client before the stored token expires. A tab that has not needed the client
 * yet follows the other tabs through storage events: it loads the client when another tab stores
 * a session (a sign-in, a refreshed token) and takes it as its own, and signs out when another
 * tab removes it. Once loaded, the client follows the other tabs itself.
 */
export function startSession(core: AuthCore): () => void {
  void beginSessionCheck(core)
  const stopTimer = loadClientBeforeExpiry(core)
  let subscription: { unsubscribe: () => void } | null = null
  const follow = (client: GoTrueClient) => {
    subscription ??= client.onAuthStateChange((event, session) => {
      // Never call the auth client from inside its own callback: defer (auth-js guidance).
      setTimeout(() => void handleEvent(core, event, session), 0)
    }).data.subscription
  }
  core.onClientLoaded = follow
  if (core.loadedClient) follow(core.loadedClient)
  const onStorage = (event: StorageEvent) => {
    // A null key: another tab cleared the whole storage.
    if ((event.key !== SESSION_STORAGE_KEY && event.key !== null) || core.loadedClient) return
    if (event.newValue === null) return void followSignOutElsewhere(core)
    void loadClient(core)
      .then((client) => client.getSession())
      .then(({ data }) => data.session && handleEvent(core, 'SIGNED_IN', data.session))
  }
  window.addEventListener('storage', onStorage)
  return () => {
    core.onClientLoaded = null
    stopTimer()
    subscription?.unsubscribe()
    window.removeEventListener('storage', onStorage)
  }
}
