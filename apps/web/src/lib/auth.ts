// The auth client and the auth store (docs/product.md §4): logged out -> loading -> logged in, with an error
// message on failure. The store is framework-free; React reads it through useSyncExternalStore. Its
// parts: auth-core.ts (state), auth-session.ts (where a session leads), auth-actions.ts (what screens
// ask for); docs/web-conventions.md "The auth store".
import type { Business } from '@localseo/shared/business'
import { createContext, useContext, useSyncExternalStore } from 'react'
import { emailActions, pendingStepActions, signInActions, signOutHere } from './auth-actions'
import { accessToken, urlBringsSession } from './auth-before-client'
import { createAuthCore, loadClient, setState, type AuthStoreDeps } from './auth-core'
import { beginSessionCheck, startSession } from './auth-session'
import type { GoogleConnections } from './stored-user'
import { SESSION_STORAGE_KEY } from './user-storage'

export { authMessages } from './auth-actions'
export type { AuthStoreDeps } from './auth-core'
export { verifiedTotpFactor } from './auth-core'

/**
 * True when this page load is the redirect from a password-recovery link (the session arrives in the
 * URL fragment with type=recovery). Read before the client starts, because the client clears the
 * fragment once it has taken the session; the PASSWORD_RECOVERY event confirms it later.
 */
export const openedFromRecoveryLink =
  typeof window !== 'undefined' &&
  new URLSearchParams(window.location.hash.slice(1)).get('type') === 'recovery'

/** auth-js, loaded when first needed (lib/auth-client.ts). */
export const loadAuthClient = async () => (await import('./auth-client')).authClient

/** A session may be waiting: one is stored, or the URL brings one (a sign-in or recovery link). */
export function mayHaveSession(storage: Storage = localStorage, location = window.location) {
  return storage.getItem(SESSION_STORAGE_KEY) !== null || urlBringsSession(location)
}

/** The auth store: the state, its listeners and every action, over one auth client. */
export function createAuthStore(deps: AuthStoreDeps) {
  const core = createAuthCore(deps)
  return {
    subscribe: (listener: () => void) => {
      core.listeners.add(listener)
      return () => {
        core.listeners.delete(listener)
      }
    },
    getState: () => core.state,
    /**
     * The auth client, for account settings (profile, email, password, two-factor): loaded the
     * first time they ask, since a returning owner's start-up does not need it.
     */
    loadClient: () => loadClient(core),
    /** The access token for /api requests (lib/api-client.ts), without auth-js while it can. */
    accessToken: () => accessToken(core),
    /** Restores the stored user, checks the live session and follows session events. */
    start: () => startSession(core),
    /** Only the start-up check (once), without following events: for the start-up preload. */
    checkSession: () => void beginSessionCheck(core),
    ...signInActions(core),
    ...pendingStepActions(core),
    ...emailActions(core),
    /** Logs out of this browser only; 'Sign out of all other sessions' ends the others. */
    logout: () => signOutHere(core),
    clearError: () => {
      if (core.state.error !== null) setState(core, { error: null })
    },
    /** Replaces the business on the stored user (docs/product.md §4 "Business save success"). */
    setBusiness: (business: Business) => {
      const user = core.state.user
      if (!user) return
      // The cache first, so no screen renders the new business next to the cached old one.
      deps.onBusinessChange?.(user.id, business)
      setState(core, { user: { ...user, business } })
    },
    setGoogleConnections: (googleConnections: GoogleConnections) => {
      const user = core.state.user
      if (user) setState(core, { user: { ...user, googleConnections } })
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
    verifySecondFactorRecoveryCode: store.verifySecondFactorRecoveryCode,
    setNewPassword: store.setNewPassword,
    cancelSignIn: store.cancelSignIn,
    requestPasswordReset: store.requestPasswordReset,
    sendEmailCode: store.sendEmailCode,
  }
}
