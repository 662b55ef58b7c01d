// A short-lived, in-process cache of verified (user, session) pairs for the embedded database.
// With PGlite exactly one server process owns the data (ADR 002), so every write to auth.users or
// auth.sessions passes through this process and invalidates the cache before its response is sent:
// logout and password changes still take effect on the very next request. With PostgreSQL several
// instances may share the data, so no cache is used there. The TTL bounds any missed invalidation.
import type { AuthSession } from './sessions.js'
import type { AuthUser } from './users.js'

interface CachedAuth {
  user: AuthUser
  session: AuthSession
  /** The user has a verified second factor, so /api wants an aal2 session. */
  mfaEnabled: boolean
}

export interface SessionCache {
  get(sessionId: string, userId: string, now: Date): CachedAuth | undefined
  set(entry: CachedAuth, now: Date): void
  /** After any change to the user or any of their sessions. */
  invalidateUser(userId: string): void
  clear(): void
}

export function createSessionCache({
  ttlMs = 10_000,
  maxEntries = 10_000,
}: { ttlMs?: number; maxEntries?: number } = {}): SessionCache {
  const entries = new Map<string, CachedAuth & { expiresAt: number }>()
  return {
    get(sessionId, userId, now) {
      const entry = entries.get(sessionId)
      if (!entry || entry.user.id !== userId) return undefined
      if (entry.expiresAt <= now.getTime()) {
        entries.delete(sessionId)
        return undefined
      }
      return entry
    },
    set(entry, now) {
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '')
      entries.set(entry.session.id, { ...entry, expiresAt: now.getTime() + ttlMs })
    },
    invalidateUser(userId) {
      for (const [sessionId, entry] of entries) {
        if (entry.user.id === userId) entries.delete(sessionId)
      }
    },
    clear() {
      entries.clear()
    },
  }
}
