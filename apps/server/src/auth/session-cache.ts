// A short-lived, in-process cache of verified (user, session) pairs (ADR 004). A write that can end
// or change a session drops the user here before its response is sent, so logout and password
// changes take effect on the very next request. With PGlite this process is the only writer (ADR
// 002). With PostgreSQL the other instances hear of each such write through NOTIFY auth_change
// (session-invalidation.ts); the cache is off while that listener is not connected. The TTL bounds
// any missed invalidation.
import type { AuthSession } from './sessions.js'
import type { AuthUser, FactorRow } from './users.js'

interface CachedAuth {
  user: AuthUser
  session: AuthSession
  /** The user has a verified second factor, so /api wants an aal2 session. */
  mfaEnabled: boolean
  /** Their factors, for GET /user. */
  factors: FactorRow[]
}

export interface SessionCache {
  get(sessionId: string, userId: string, now: Date): CachedAuth | undefined
  /**
   * Before trusting a hit: with other instances, lets this process first handle any notification
   * already received (an I/O callback), so a change they made is never overtaken by a request.
   */
  settle(): Promise<void>
  /** Taken before reading the rows; `set` keeps them only if nothing was invalidated since. */
  version(): number
  set(entry: CachedAuth, now: Date, version: number): void
  /** After any change to the user or any of their sessions. */
  invalidateUser(userId: string): void
  clear(): void
  /** Empties the cache and keeps nothing until `resume` (no way to hear of changes meanwhile). */
  suspend(): void
  resume(): void
}

export function createSessionCache({
  ttlMs = 10_000,
  maxEntries = 10_000,
  otherInstances = false,
}: { ttlMs?: number; maxEntries?: number; otherInstances?: boolean } = {}): SessionCache {
  const entries = new Map<string, CachedAuth & { expiresAt: number }>()
  // Bumped by every invalidation: a read that raced one must not store what it read.
  let version = 0
  let suspended = false
  const clear = () => {
    version++
    entries.clear()
  }
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
    settle: otherInstances
      ? () => new Promise<void>((resolve) => setImmediate(resolve))
      : () => Promise.resolve(),
    version: () => version,
    set(entry, now, readAt) {
      if (suspended || readAt !== version) return
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '')
      entries.set(entry.session.id, { ...entry, expiresAt: now.getTime() + ttlMs })
    },
    invalidateUser(userId) {
      version++
      for (const [sessionId, entry] of entries) {
        if (entry.user.id === userId) entries.delete(sessionId)
      }
    },
    clear,
    suspend() {
      suspended = true
      clear()
    },
    resume() {
      suspended = false
      clear()
    },
  }
}
