// Sessions and refresh-token rotation (docs/auth-api.md §6, GoTrue v1 semantics with a
// 10 s reuse interval). Every multi-row change runs in one transaction on the tx handle only.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authAmrClaims, authRefreshTokens, authSessions, authUsers } from '../db/schema/auth.js'
import { unixSeconds, type Clock } from '../lib/clock.js'
import {
  deriveChildRefreshToken,
  hashRefreshToken,
  newRefreshToken,
  newRefreshTokenHmacKey,
  type AmrEntry,
} from './tokens.js'
import { isBanned, type AuthUser } from './users.js'

export type AuthSession = typeof authSessions.$inferSelect

/** Hosted Supabase and the CLI use 10 s (§7); a retry after a lost response lands inside it. */
const REUSE_INTERVAL_SECONDS = 10
/** How far a retried token may lag behind the active one (rotations within the reuse interval). */
const MAX_CHAIN_LAG = 32

export interface IssuedSession {
  user: AuthUser
  session: AuthSession
  amr: AmrEntry[]
  refreshToken: string
}

/** Creates a session with its first AMR claim and refresh token. `tx` must be a transaction. */
export async function createSession(opts: {
  tx: Db
  clock: Clock
  user: AuthUser
  method: string
  userAgent?: string
}): Promise<IssuedSession> {
  const { tx, user } = opts
  const now = opts.clock.now()
  const [session] = await tx
    .insert(authSessions)
    .values({
      userId: user.id,
      aal: 'aal1',
      refreshTokenHmacKey: newRefreshTokenHmacKey(),
      userAgent: opts.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!session) throw new Error('session insert returned no row')
  await tx.insert(authAmrClaims).values({
    sessionId: session.id,
    authenticationMethod: opts.method,
    createdAt: now,
    updatedAt: now,
  })
  const refreshToken = newRefreshToken()
  await tx.insert(authRefreshTokens).values({
    tokenHash: hashRefreshToken(refreshToken),
    userId: user.id,
    sessionId: session.id,
    createdAt: now,
    updatedAt: now,
  })
  return {
    user,
    session,
    amr: [{ method: opts.method, timestamp: unixSeconds(now) }],
    refreshToken,
  }
}

/** The `amr` claim: one entry per method used in the session, newest first (§5). */
export async function loadAmr(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db
    .select()
    .from(authAmrClaims)
    .where(eq(authAmrClaims.sessionId, sessionId))
    .orderBy(desc(authAmrClaims.createdAt))
  return rows.map((r) => ({ method: r.authenticationMethod, timestamp: unixSeconds(r.createdAt) }))
}

export type RotationResult =
  | ({ kind: 'rotated' } & IssuedSession)
  | { kind: 'not_found' }
  | { kind: 'already_used' }
  | { kind: 'user_banned' }

/**
 * POST /token?grant_type=refresh_token (§6 "Rotation"):
 * - an active token is revoked and replaced by its child, in the same session;
 * - a revoked token presented within REUSE_INTERVAL_SECONDS of its revocation (a client retrying
 *   after a lost response, or two tabs racing) gets the session's current active token again,
 *   without minting another child;
 * - later reuse means the token leaked: the whole session is deleted (its refresh tokens and the
 *   session row go, so its access tokens die too) and the caller answers refresh_token_already_used.
 * The 'already_used' outcome is returned, not thrown, so that the deletion commits.
 */
export async function rotateRefreshToken(opts: {
  db: Db
  clock: Clock
  refreshToken: string
}): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(opts.refreshToken)
  return opts.db.transaction(async (tx): Promise<RotationResult> => {
    const [found] = await tx
      .select({ sessionId: authRefreshTokens.sessionId })
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.tokenHash, tokenHash))
    if (!found) return { kind: 'not_found' }
    // Lock the session before the token, the same order a cascading session delete takes, so a
    // concurrent logout cannot deadlock with a refresh.
    const [session] = await tx
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, found.sessionId))
      .for('update')
    const [row] = await tx
      .select()
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.tokenHash, tokenHash))
      .for('update')
    if (!session || !row) return { kind: 'not_found' }
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, session.userId))
    if (!user) return { kind: 'not_found' }
    if (isBanned(user, opts.clock)) return { kind: 'user_banned' }

    const now = opts.clock.now()
    let next: string | undefined
    if (!row.revoked) {
      next = session.refreshTokenHmacKey
        ? deriveChildRefreshToken(session.refreshTokenHmacKey, opts.refreshToken)
        : newRefreshToken()
      await tx
        .update(authRefreshTokens)
        .set({ revoked: true, updatedAt: now })
        .where(eq(authRefreshTokens.id, row.id))
      await tx.insert(authRefreshTokens).values({
        tokenHash: hashRefreshToken(next),
        userId: user.id,
        sessionId: session.id,
        parent: row.tokenHash,
        createdAt: now,
        updatedAt: now,
      })
    } else if (now.getTime() - row.updatedAt.getTime() < REUSE_INTERVAL_SECONDS * 1000) {
      next = await findActiveDescendant(tx, session, opts.refreshToken)
    }
    if (next === undefined) {
      // Deleting the session cascades to all its refresh tokens and AMR claims.
      await tx.delete(authSessions).where(eq(authSessions.id, session.id))
      return { kind: 'already_used' }
    }
    const [refreshed] = await tx
      .update(authSessions)
      .set({ refreshedAt: now, updatedAt: now })
      .where(eq(authSessions.id, session.id))
      .returning()
    const amr = await loadAmr(tx, session.id)
    return { kind: 'rotated', user, session: refreshed ?? session, amr, refreshToken: next }
  })
}

/** Walks the deterministic chain from `token` until it reaches the session's active token. */
async function findActiveDescendant(
  tx: Db,
  session: AuthSession,
  token: string,
): Promise<string | undefined> {
  const key = session.refreshTokenHmacKey
  if (!key) return undefined
  const [active] = await tx
    .select({ tokenHash: authRefreshTokens.tokenHash })
    .from(authRefreshTokens)
    .where(and(eq(authRefreshTokens.sessionId, session.id), eq(authRefreshTokens.revoked, false)))
    .orderBy(desc(authRefreshTokens.id))
    .limit(1)
  if (!active) return undefined
  let candidate = token
  for (let step = 0; step < MAX_CHAIN_LAG; step++) {
    candidate = deriveChildRefreshToken(key, candidate)
    if (hashRefreshToken(candidate) === active.tokenHash) return candidate
  }
  return undefined
}

export type LogoutScope = 'global' | 'local' | 'others'

/** POST /logout (§6 "Logout"); refresh tokens and AMR claims go with their sessions (cascade). */
export async function deleteSessions(opts: {
  db: Db
  userId: string
  sessionId: string
  scope: LogoutScope
}): Promise<void> {
  const { db, userId, sessionId } = opts
  const where =
    opts.scope === 'global'
      ? eq(authSessions.userId, userId)
      : opts.scope === 'local'
        ? and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId))
        : and(eq(authSessions.userId, userId), ne(authSessions.id, sessionId))
  await db.delete(authSessions).where(where)
}
