// The auth client and the auth store (docs/product.md §4): logged out -> loading -> logged in, with an error
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

/**
 * True when this page load is the redirect from a password-recovery link (the session arrives in the
 * URL fragment with type=recovery). Read before the client starts, because the client clears the
 * fragment once it has taken the session; the PASSWORD_RECOVERY event confirms it later.
 */
export const openedFromRecoveryLink =
  typeof window !== 'undefined' &&
  new URLSearchParams(window.location.hash.slice(1)).get('type') === 'recovery'

export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  headers: { apikey: 'localseo' },
})

// docs/product.md §8 error catalogue.
export const authMessages = {
  loginFailed: 'An error occurred during login',
  userNotFound: 'User not found',
  signupFailed: 'An error occurred during signup',
  userNotCreated: 'Failed to create user',
  codeFailed: 'That code did not work. Check it and try again.',
  sendFailed: 'We could not send the email. Please try again.',
  passwordFailed: 'Your new password could not be saved. Please try again.',
} as const

/**
 * 'mfa-required': signed in with a password or an email code, but the account has two-factor
 * sign-in, so the app stays closed until the 6-digit code is entered (the session is only aal1).
 * 'password-recovery': signed in by a recovery link; the owner sets a new password first.
 */
type AuthStatus = 'logged-out' | 'loading' | 'logged-in' | 'mfa-required' | 'password-recovery'

export interface AuthState {
  status: AuthStatus
  user: AppUser | null
  error: string | null
  /** False until the start-up session check has finished; guards wait for it. */
  ready: boolean
  /** The account waiting for a two-factor code or a new password, for the screens to name. */
  pendingEmail: string | null
}

export interface AuthStoreDeps {
  client: GoTrueClient
  /** Loads the signed-in user's business (and caches it in the query cache). */
  loadBusiness: (userId: string) => Promise<Business>
  /** Called when the user signs out, to drop every cached query. */
  onSignedOut?: () => void
  /** Called when the business on the user changes, to keep the query cache in step. */
  onBusinessChange?: (userId: string, business: Business) => void
  /** This page load came from a recovery link (see openedFromRecoveryLink). */
  recoveryLink?: boolean
  /** Where recovery and sign-in links lead back to; defaults to this page's origin. */
  origin?: string
}

/** A failure whose message is meant for the user, exactly as docs/product.md §8 words it. */
class AuthFailure extends Error {}

/** The message to show for an auth-js error, or the fallback when it has none. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/** The account's verified authenticator-app factor, if it has one. */
export function verifiedTotpFactor(authUser: AuthUser) {
  return (
    authUser.factors?.find(
      (factor) => factor.factor_type === 'totp' && factor.status === 'verified',
    ) ?? null
  )
}

function nameOf(authUser: AuthUser, fallback = ''): string {
  const fullName: unknown = authUser.user_metadata['full_name']
  return typeof fullName === 'string' && fullName.trim() !== '' ? fullName : fallback
}

export function createAuthStore({
  client,
  loadBusiness,
  onSignedOut,
  onBusinessChange,
  recoveryLink = false,
  origin = window.location.origin,
}: AuthStoreDeps) {
  let state: AuthState = {
    status: 'loading',
    user: null,
    error: null,
    ready: false,
    pendingEmail: null,
  }
  const listeners = new Set<() => void>()
  let busy = false
  let sessionCheck: Promise<void> | null = null
  // Set by a recovery link or the PASSWORD_RECOVERY event; cleared once a new password is saved.
  let recovering = recoveryLink
  // The factor the 'mfa-required' state asks a code for.
  let pendingFactorId: string | null = null

  function setState(patch: Partial<AuthState>) {
    const next = { ...state, ...patch }
    if (next.user !== state.user) writeStoredUser(next.user)
    state = next
    listeners.forEach((listener) => listener())
  }

  function signedOut(error: string | null = null) {
    recovering = false
    pendingFactorId = null
    setState({ status: 'logged-out', user: null, error, ready: true, pendingEmail: null })
    onSignedOut?.()
  }

  /** The session's assurance level from its access token; null when it cannot be read. */
  async function currentLevel(): Promise<string | null> {
    try {
      const { data } = await client.mfa.getAuthenticatorAssuranceLevel()
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
  async function enter(authUser: AuthUser) {
    const factor = verifiedTotpFactor(authUser)
    if (factor && (await currentLevel()) !== 'aal2') {
      pendingFactorId = factor.id
      setState({
        status: 'mfa-required',
        user: null,
        error: null,
        ready: true,
        pendingEmail: authUser.email ?? null,
      })
      return
    }
    pendingFactorId = null
    if (recovering) {
      setState({
        status: 'password-recovery',
        user: null,
        error: null,
        ready: true,
        pendingEmail: authUser.email ?? null,
      })
      return
    }
    const user = await hydrate(authUser)
    setState({ status: 'logged-in', user, error: null, ready: true, pendingEmail: null })
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
    await enter(authUser)
  }

  async function handleEvent(event: AuthChangeEvent, session: Session | null) {
    if (event === 'PASSWORD_RECOVERY' && session) {
      // May arrive while the start-up check still runs: remember it, then decide once it is done.
      recovering = true
      await sessionCheck
      if (!busy) await enter(session.user)
      return
    }
    if (!state.ready || busy) return // start-up check, login and signup handle their own results
    switch (event) {
      case 'SIGNED_OUT':
        if (state.status !== 'logged-out') signedOut()
        return
      case 'SIGNED_IN':
      case 'MFA_CHALLENGE_VERIFIED':
        if (!session) return
        if (state.status === 'logged-in' && state.user?.id === session.user.id) {
          return refreshProfile(session.user)
        }
        // Signed in elsewhere (another tab, a magic link), or a tab refocused while a code is due:
        // the same checks as a fresh sign-in.
        return enter(session.user)
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
      await enter(await action())
    } catch (error) {
      // docs/product.md §8: the provider's message, else the generic one.
      setState({
        status: 'logged-out',
        user: null,
        error: messageOf(error, fallbackMessage),
        pendingEmail: null,
      })
      throw error
    } finally {
      busy = false
    }
  }

  /** A step inside a pending state: a failure keeps the state and shows the message. */
  async function step(fallbackMessage: string, action: () => Promise<void>) {
    busy = true
    setState({ error: null })
    try {
      await action()
    } catch (error) {
      setState({ error: messageOf(error, fallbackMessage) })
      throw error
    } finally {
      busy = false
    }
  }

  /** Ends this browser's session only (the server's `scope: 'local'`); the others stay. */
  async function signOutHere() {
    busy = true
    try {
      const { error } = await client.signOut({ scope: 'local' })
      if (error) console.warn('Sign-out request failed', error)
    } finally {
      busy = false
      signedOut()
    }
  }

  /** The user a 6-digit code from an email signs in: a sign-in code ('email') or a recovery code. */
  async function verifyEmailedCode(email: string, code: string, type: 'email' | 'recovery') {
    const { data, error } = await client.verifyOtp({ email, token: code, type })
    if (error) throw new AuthFailure(error.message || authMessages.codeFailed)
    if (!data.user || !data.session) throw new AuthFailure(authMessages.codeFailed)
    return data.user
  }

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getState: () => state,
    /** The auth client, for account settings (profile, email, password, two-factor). */
    client,

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

    /** Throws after recording the error; the form shows `error` and swallows the throw (docs/product.md §8). */
    login: (email: string, password: string) =>
      run(authMessages.loginFailed, async () => {
        const { data, error } = await client.signInWithPassword({ email, password })
        if (error) throw new AuthFailure(error.message || authMessages.loginFailed)
        if (!data.user) throw new AuthFailure(authMessages.userNotFound)
        // docs/product.md §5: a sign-in that returns no session is an error too.
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

    /** Signs in with the 6-digit code from a sign-in email (signInWithOtp, then verifyOtp). */
    verifyEmailCode: (email: string, code: string) =>
      run(authMessages.codeFailed, () => verifyEmailedCode(email, code, 'email')),

    /** The code from a recovery email, instead of its link (another device): then a new password. */
    verifyRecoveryCode: (email: string, code: string) =>
      run(authMessages.codeFailed, async () => {
        const user = await verifyEmailedCode(email, code, 'recovery')
        recovering = true
        return user
      }),

    /** The 'mfa-required' step: the code from the authenticator app raises the session to aal2. */
    verifySecondFactor: (code: string) =>
      step(authMessages.codeFailed, async () => {
        if (state.status !== 'mfa-required' || !pendingFactorId) {
          throw new AuthFailure('There is no sign-in waiting for a code. Please log in again.')
        }
        const { data, error } = await client.mfa.challengeAndVerify({
          factorId: pendingFactorId,
          code,
        })
        if (error) throw new AuthFailure(error.message || authMessages.codeFailed)
        await enter(data.user)
      }),

    /** The 'password-recovery' step: saves the new password, then opens the app. */
    setNewPassword: (password: string) =>
      step(authMessages.passwordFailed, async () => {
        const { data, error } = await client.updateUser({ password })
        if (error) throw new AuthFailure(error.message || authMessages.passwordFailed)
        recovering = false
        await enter(data.user)
      }),

    /** Leaves a pending code or recovery step: ends this half-finished session. */
    cancelSignIn: signOutHere,

    /** Sends a recovery link; the answer is the same whether or not the address has an account. */
    requestPasswordReset: async (email: string) => {
      const { error } = await client.resetPasswordForEmail(email, {
        redirectTo: `${origin}/reset-password`,
      })
      if (error) throw new AuthFailure(messageOf(error, authMessages.sendFailed))
    },

    /**
     * Emails a 6-digit sign-in code. Only existing accounts get one (shouldCreateUser: false), and
     * an unknown address looks the same as a known one here.
     */
    sendEmailCode: async (email: string) => {
      const { error } = await client.signInWithOtp({
        email,
        options: { shouldCreateUser: false, emailRedirectTo: `${origin}/` },
      })
      if (error && error.code !== 'otp_disabled') {
        throw new AuthFailure(messageOf(error, authMessages.sendFailed))
      }
    },

    /** Logs out of this browser only; 'Sign out of all other sessions' ends the others. */
    logout: signOutHere,

    clearError: () => {
      if (state.error !== null) setState({ error: null })
    },

    /** Replaces the business on the stored user (docs/product.md §4 "Business save success"). */
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
    verifyEmailCode: store.verifyEmailCode,
    verifyRecoveryCode: store.verifyRecoveryCode,
    verifySecondFactor: store.verifySecondFactor,
    setNewPassword: store.setNewPassword,
    cancelSignIn: store.cancelSignIn,
    requestPasswordReset: store.requestPasswordReset,
    sendEmailCode: store.sendEmailCode,
  }
}
