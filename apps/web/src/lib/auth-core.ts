// The auth store's shared state (docs/web-conventions.md "The auth store"): what the session steps
// in auth-session.ts and the actions in auth-actions.ts read and change. Not used by screens.
import type { Business } from '@localseo/shared/business'
import type { GoTrueClient, User as AuthUser } from '@supabase/auth-js'
import type { AppUser } from './stored-user'
import { chooseBusiness } from './current-business'
import { writeStoredUser } from './user-storage'

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
  /** The auth client, or how to load it (the landing page loads auth-js only when it is needed). */
  client: GoTrueClient | (() => Promise<GoTrueClient>)
  /**
   * False when no session is stored and the URL brings none: the start-up check then signs out
   * without the client. Without it the client is always asked.
   */
  mayHaveSession?: () => boolean
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

/** The state, its listeners and the flags of a sign-in in progress. */
export interface AuthCore {
  deps: AuthStoreDeps & { origin: string }
  /** The client once loaded (at once when given as one). */
  loadedClient: GoTrueClient | null
  clientLoad: Promise<GoTrueClient> | null
  /** Told when the client has loaded: the store follows its session events from then on. */
  onClientLoaded: ((client: GoTrueClient) => void) | null
  state: AuthState
  listeners: Set<() => void>
  /** A login, signup or step is running: session events leave its result to it. */
  busy: boolean
  sessionCheck: Promise<void> | null
  /** Set by a recovery link or the PASSWORD_RECOVERY event; cleared once a new password is saved. */
  recovering: boolean
  /** The factor the 'mfa-required' state asks a code for. */
  pendingFactorId: string | null
}

export function createAuthCore(deps: AuthStoreDeps): AuthCore {
  return {
    deps: { ...deps, origin: deps.origin ?? window.location.origin },
    loadedClient: typeof deps.client === 'function' ? null : deps.client,
    clientLoad: null,
    onClientLoaded: null,
    state: { status: 'loading', user: null, error: null, ready: false, pendingEmail: null },
    listeners: new Set(),
    busy: false,
    sessionCheck: null,
    recovering: deps.recoveryLink ?? false,
    pendingFactorId: null,
  }
}

/** The auth client, loading it the first time (a failed load is tried again next time). */
export function loadClient(core: AuthCore): Promise<GoTrueClient> {
  const { client } = core.deps
  core.clientLoad ??= (typeof client === 'function' ? client() : Promise.resolve(client)).then(
    (loaded) => {
      core.loadedClient = loaded
      core.onClientLoaded?.(loaded)
      return loaded
    },
    (error: unknown) => {
      core.clientLoad = null
      throw error
    },
  )
  return core.clientLoad
}

/** Applies a change, keeps the stored user in step and tells every listener. */
export function setState(core: AuthCore, patch: Partial<AuthState>) {
  const next = { ...core.state, ...patch }
  if (next.user !== core.state.user) writeStoredUser(next.user)
  core.state = next
  core.listeners.forEach((listener) => listener())
}

/** Ends the signed-in state here (the session itself is ended by the caller). */
export function signedOut(core: AuthCore, error: string | null = null) {
  core.recovering = false
  core.pendingFactorId = null
  setState(core, { status: 'logged-out', user: null, error, ready: true, pendingEmail: null })
  // The business chosen belongs to the person who chose it, not to the next one on this browser.
  chooseBusiness(null)
  core.deps.onSignedOut?.()
}

/** The account's verified authenticator-app factor, if it has one. */
export function verifiedTotpFactor(authUser: AuthUser) {
  return (
    authUser.factors?.find(
      (factor) => factor.factor_type === 'totp' && factor.status === 'verified',
    ) ?? null
  )
}

/** The account's full name from its metadata, or the fallback. */
export function nameOf(authUser: AuthUser, fallback = ''): string {
  const fullName: unknown = authUser.user_metadata['full_name']
  return typeof fullName === 'string' && fullName.trim() !== '' ? fullName : fallback
}
