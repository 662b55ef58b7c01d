// The auth client and the auth store (SPEC §4): logged out -> loading -> logged in, with an error
// message on failure. The store is framework-free; React reads it through useSyncExternalStore.
import type { Business } from '@localseo/shared/business'
import {
  GoTrueClient,
  isAuthRetryableFetchError,
  type AuthChangeEvent,
  type Session,
  type User as AuthUser,
} from '@supabase/auth-js'
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { AppUser, GoogleConnections } from './stored-user'
import { noGoogleConnections, readStoredUser, writeStoredUser } from './user-storage'

export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  headers: { apikey: 'localseo' },
})

// SPEC §8 error catalogue.
export const authMessages = {
  loginFailed: 'An error occurred during login',
  userNotFound: 'User not found',
  signupFailed: 'An error occurred during signup',
  userNotCreated: 'Failed to create user',
} as const

export type AuthStatus = 'logged-out' | 'loading' | 'logged-in'

export interface AuthState {
  status: AuthStatus
  user: AppUser | null
  error: string | null
  /** False until the start-up session check has finished; guards wait for it. */
  ready: boolean
}

export interface AuthStoreDeps {
  client: GoTrueClient
  /** Loads the signed-in user's business (and caches it in the query cache). */
  loadBusiness: (userId: string) => Promise<Business>
  /** Called when the user signs out, to drop every cached query. */
  onSignedOut?: () => void
  /** Called when the business on the user changes, to keep the query cache in step. */
  onBusinessChange?: (userId: string, business: Business) => void
}

/** A failure whose message is meant for the user, exactly as SPEC §8 words it. */
class AuthFailure extends Error {}

function nameOf(authUser: AuthUser, fallback = ''): string {
  const fullName: unknown = authUser.user_metadata['full_name']
  return typeof fullName === 'string' && fullName.trim() !== '' ? fullName : fallback
}

export function createAuthStore({
  client,
  loadBusiness,
  onSignedOut,
  onBusinessChange,
}: AuthStoreDeps) {
  let state: AuthState = { status: 'loading', user: null, error: null, ready: false }
  const listeners = new Set<() => void>()
  let busy = false
  let sessionCheck: Promise<void> | null = null

  function setState(patch: Partial<AuthState>) {
    const next = { ...state, ...patch }
    if (next.user !== state.user) writeStoredUser(next.user)
    state = next
    listeners.forEach((listener) => listener())
  }

  function signedOut(error: string | null = null) {
    setState({ status: 'logged-out', user: null, error, ready: true })
    onSignedOut?.()
  }

  /** Builds the app user from the auth user, keeping what we already knew about the same user. */
  async function hydrate(authUser: AuthUser): Promise<AppUser> {
    const stored = state.user ?? (await readStoredUser())
    const known = stored?.id === authUser.id ? stored : null
    let business: Business
    try {
      business = await loadBusiness(authUser.id)
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

  async function checkSession() {
    const { data, error } = await client.getSession()
    if (error || !data.session) return signedOut()
    let authUser = data.session.user
    const live = await client.getUser()
    if (live.error) {
      // Offline: trust the stored session for now; the server checks it on every request anyway.
      if (!isAuthRetryableFetchError(live.error)) {
        await client.signOut({ scope: 'local' })
        return signedOut()
      }
    } else {
      authUser = live.data.user
    }
    const user = await hydrate(authUser)
    setState({ status: 'logged-in', user, ready: true })
  }

  async function handleEvent(event: AuthChangeEvent, session: Session | null) {
    if (!state.ready || busy) return // start-up check, login and signup handle their own results
    switch (event) {
      case 'SIGNED_OUT':
        if (state.user) signedOut()
        return
      case 'SIGNED_IN':
      case 'PASSWORD_RECOVERY':
      case 'MFA_CHALLENGE_VERIFIED':
        if (!session) return
        if (state.status === 'logged-in' && state.user?.id === session.user.id) {
          return refreshProfile(session.user)
        }
        // Signed in elsewhere (another tab, a recovery or magic link).
        setState({ status: 'logged-in', user: await hydrate(session.user), error: null })
        return
      case 'TOKEN_REFRESHED':
      case 'USER_UPDATED':
        if (session) refreshProfile(session.user)
        return
      default:
        return
    }
  }

  function refreshProfile(authUser: AuthUser) {
    const user = state.user
    if (!user || user.id !== authUser.id) return
    const email = authUser.email ?? user.email
    const name = nameOf(authUser, user.name)
    if (email !== user.email || name !== user.name) setState({ user: { ...user, email, name } })
  }

  async function run(fallbackMessage: string, action: () => Promise<AuthUser>) {
    busy = true
    setState({ status: 'loading', error: null })
    try {
      const user = await hydrate(await action())
      setState({ status: 'logged-in', user, error: null, ready: true })
    } catch (error) {
      // SPEC §8: the provider's message, else the generic one.
      const message = error instanceof Error && error.message ? error.message : fallbackMessage
      setState({ status: 'logged-out', user: null, error: message })
      throw error
    } finally {
      busy = false
    }
  }

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getState: () => state,

    /** Restores the stored user, checks the live session and follows session events. */
    start: () => {
      if (!sessionCheck) {
        sessionCheck = readStoredUser()
          .then((user) => {
            if (!state.ready) setState({ user })
            return checkSession()
          })
          .catch((error: unknown) => {
            console.error('Session check failed', error)
            signedOut()
          })
      }
      const { data } = client.onAuthStateChange((event, session) => {
        // Never call the auth client from inside its own callback: defer (auth-js guidance).
        setTimeout(() => void handleEvent(event, session), 0)
      })
      return () => data.subscription.unsubscribe()
    },

    /** Throws after recording the error; the form shows `error` and swallows the throw (SPEC §8). */
    login: (email: string, password: string) =>
      run(authMessages.loginFailed, async () => {
        const { data, error } = await client.signInWithPassword({ email, password })
        if (error) throw new AuthFailure(error.message || authMessages.loginFailed)
        if (!data.user) throw new AuthFailure(authMessages.userNotFound)
        // SPEC §5: a sign-in that returns no session is an error too.
        if (!data.session) throw new AuthFailure(authMessages.loginFailed)
        return data.user
      }),

    signup: (email: string, password: string, fullName: string) =>
      run(authMessages.signupFailed, async () => {
        const { data, error } = await client.signUp({
          email,
          password,
          options: { data: { full_name: fullName } },
        })
        if (error) throw new AuthFailure(error.message || authMessages.signupFailed)
        if (!data.user) throw new AuthFailure(authMessages.userNotCreated)
        // Only when the server asks for email confirmation; ours confirms at once.
        if (!data.session) {
          throw new AuthFailure('Please confirm your email address, then log in.')
        }
        return data.user
      }),

    logout: async () => {
      busy = true
      try {
        const { error } = await client.signOut()
        if (error) console.warn('Sign-out request failed', error)
      } finally {
        busy = false
        signedOut()
      }
    },

    clearError: () => {
      if (state.error !== null) setState({ error: null })
    },

    /** Replaces the business on the stored user (SPEC §4 "Business save success"). */
    setBusiness: (business: Business) => {
      if (!state.user) return
      // The cache first, so no screen renders the new business next to the cached old one.
      onBusinessChange?.(state.user.id, business)
      setState({ user: { ...state.user, business } })
    },

    setGoogleConnections: (googleConnections: GoogleConnections) => {
      if (state.user) setState({ user: { ...state.user, googleConnections } })
    },
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>

export const AuthContext = createContext<AuthStore | null>(null)

export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext)
  if (!store) throw new Error('useAuthStore must be used inside <AppProvider>')
  return store
}

/** The auth state plus its actions, re-rendering on every change. */
export function useAuth() {
  const store = useAuthStore()
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return {
    ...state,
    login: store.login,
    signup: store.signup,
    logout: store.logout,
    clearError: store.clearError,
  }
}
