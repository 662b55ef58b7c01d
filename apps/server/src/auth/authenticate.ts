// Bearer verification shared by the /auth/v1 user endpoints and requireAuth for /api. GoTrue checks
// the session row on every authenticated request (docs/auth-api.md §6, §10 item 6), so
// logout and password change take effect at once rather than at token expiry.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authSessions, authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import { GoTrueError } from './errors.js'
import type { JwtKeys } from './keys.js'
import type { SessionCache } from './session-cache.js'
import type { AuthSession } from './sessions.js'
import { verifyAccessToken, type AccessTokenClaims } from './tokens.js'
import { isBanned, listFactors, type AuthUser, type FactorRow } from './users.js'

export interface Authenticated {
  claims: AccessTokenClaims
  user: AuthUser
  session: AuthSession
  /** The user has a verified TOTP factor (then aal1 sessions are half signed in). */
  mfaEnabled: boolean
  /** The user's factors, oldest first (GET /user lists them). */
  factors: FactorRow[]
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
  if (found) {
    await opts.cache?.settle()
    found = opts.cache?.get(claims.session_id, claims.sub, now)
  }
  if (!found) {
    const version = opts.cache?.version() ?? 0
    // One query for both rows (a missing user and a missing session are told apart afterwards),
    // and the user's factors beside it.
    const [[row], factors] = await Promise.all([
      opts.db
        .select({ user: authUsers, session: authSessions })
        .from(authUsers)
        .leftJoin(
          authSessions,
          and(eq(authSessions.id, claims.session_id), eq(authSessions.userId, authUsers.id)),
        )
        .where(eq(authUsers.id, claims.sub)),
      listFactors(opts.db, claims.sub),
    ])
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
    const mfaEnabled = factors.some((factor) => factor.status === 'verified')
    found = { user: row.user, session: row.session, mfaEnabled, factors }
    opts.cache?.set(found, now, version)
  }
  const { user, session, mfaEnabled, factors } = found
  if (isBanned(user, opts.clock)) throw new GoTrueError(403, 'user_banned', 'User is banned')
  return { claims, user, session, mfaEnabled, factors }
}
