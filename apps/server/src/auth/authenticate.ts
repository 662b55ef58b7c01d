// Bearer verification shared by the /auth/v1 user endpoints and requireAuth for /api. GoTrue checks
// the session row on every authenticated request (docs/auth-api.md §6, §10 item 6), so
// logout and password change take effect at once rather than at token expiry.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authMfaFactors, authSessions, authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import { GoTrueError } from './errors.js'
import type { JwtKeys } from './keys.js'
import type { SessionCache } from './session-cache.js'
import type { AuthSession } from './sessions.js'
import { verifyAccessToken, type AccessTokenClaims } from './tokens.js'
import { isBanned, type AuthUser } from './users.js'

export interface Authenticated {
  claims: AccessTokenClaims
  user: AuthUser
  session: AuthSession
  /** The user has a verified TOTP factor (then aal1 sessions are half signed in). */
  mfaEnabled: boolean
}

/** The token from `Authorization: Bearer <token>`, or undefined when absent or empty. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

/** Throws the GoTrue error for each failure (§3 GET /user): 401 no_authorization, 403 otherwise. */
export async function authenticateBearer(opts: {
  db: Db
  clock: Clock
  keys: JwtKeys
  authorization: string | undefined
  cache?: SessionCache
}): Promise<Authenticated> {
  const token = bearerToken(opts.authorization)
  if (!token) {
    throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const claims = await verifyAccessToken({ keys: opts.keys, clock: opts.clock, token })
  if (!claims) {
    throw new GoTrueError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature')
  }
  const now = opts.clock.now()
  let found = opts.cache?.get(claims.session_id, claims.sub, now)
  if (!found) {
    // One query for both rows: a missing user and a missing session are told apart afterwards.
    const [row] = await opts.db
      .select({
        user: authUsers,
        session: authSessions,
        mfaEnabled: sql<boolean>`exists (select 1 from ${authMfaFactors} where ${authMfaFactors.userId} = ${authUsers.id} and ${authMfaFactors.status} = 'verified')`,
      })
      .from(authUsers)
      .leftJoin(
        authSessions,
        and(eq(authSessions.id, claims.session_id), eq(authSessions.userId, authUsers.id)),
      )
      .where(eq(authUsers.id, claims.sub))
    if (!row) {
      throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    }
    if (!row.session) {
      throw new GoTrueError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      )
    }
    found = { user: row.user, session: row.session, mfaEnabled: Boolean(row.mfaEnabled) }
    opts.cache?.set(found, now)
  }
  const { user, session, mfaEnabled } = found
  if (isBanned(user, opts.clock)) throw new GoTrueError(403, 'user_banned', 'User is banned')
  return { claims, user, session, mfaEnabled }
}
