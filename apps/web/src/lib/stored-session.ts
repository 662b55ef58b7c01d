// The session auth-js keeps in localStorage (SESSION_STORAGE_KEY), read without loading auth-js: a
// returning owner's start-up check, the early requests and the API client's token use it until
// auth-js is needed (docs/web-conventions.md "The auth store", docs/decisions/019-compressed-assets-and-preloading.md).
import { SESSION_STORAGE_KEY } from './user-storage'

export interface StoredSession {
  accessToken: string
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number
}

/**
 * How long before the access token expires auth-js takes over. The auth store loads it then, and
 * auth-js refreshes the token when it is due, as it always has (its own margin is 90 s). A session
 * with less left at start-up is checked through auth-js, and its token is not sent early.
 */
export const CLIENT_TAKES_OVER_MS = 5 * 60_000

/** A token with less left than this is not sent: auth-js is loaded and refreshes it first. */
export const TOKEN_USABLE_MS = 60_000

/** The session in `raw` (auth-js's stored JSON), or null when it has no usable token. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  try {
    const session = JSON.parse(raw ?? 'null') as { access_token?: unknown; expires_at?: unknown }
    const accessToken = session?.access_token
    const expiresAt = session?.expires_at
    if (typeof accessToken !== 'string' || accessToken === '' || typeof expiresAt !== 'number') {
      return null
    }
    return { accessToken, expiresAt: expiresAt * 1000 }
  } catch {
    return null
  }
}

export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  return parseStoredSession(storage.getItem(SESSION_STORAGE_KEY))
}

/** Milliseconds until the session's access token expires (negative once it has). */
export function timeLeft(session: StoredSession, now = Date.now()): number {
  return session.expiresAt - now
}

/** The claims of a JWT, decoded but not verified: the server verifies every request. */
function claimsOf(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  const payload = parts[1]
  if (parts.length !== 3 || payload === undefined) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * The session's assurance level ('aal1', 'aal2') from its access token, or null when the token
 * cannot be read. auth-js's mfa.getAuthenticatorAssuranceLevel reads it the same way: it decodes
 * the token and does not verify it.
 */
export function assuranceLevel(accessToken: string): string | null {
  const level = claimsOf(accessToken)?.['aal']
  return typeof level === 'string' ? level : null
}
