// The AccessTokenResponse every successful grant returns (docs/auth-api.md §2 "Session").
import type { AppDeps } from '../lib/deps.js'
import type { IssuedSession } from './sessions.js'
import { tokenMetadata } from './metadata.js'
import { signAccessToken } from './tokens.js'
import { listFactors, serializeUser } from './users.js'

export const issuerFor = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/auth/v1`

export async function buildSessionResponse(opts: {
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'jwtKeys'>
  issued: IssuedSession
  /** Only the password grant carries `weak_password` (null: our minimum is always enforced). */
  withWeakPassword?: boolean
}) {
  const { deps, issued } = opts
  const { user, session } = issued
  const access = await signAccessToken({
    keys: deps.jwtKeys,
    clock: deps.clock,
    issuer: issuerFor(deps.env.SITE_URL),
    ttlSeconds: deps.env.ACCESS_TOKEN_TTL,
    claims: {
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: tokenMetadata(user.userMetadata),
      aal: session.aal,
      amr: issued.amr,
      session_id: session.id,
      is_anonymous: false,
    },
  })
  return {
    access_token: access.token,
    token_type: 'bearer' as const,
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: issued.refreshToken,
    user: serializeUser(user, await listFactors(deps.db, user.id)),
    ...(opts.withWeakPassword ? { weak_password: null } : {}),
  }
}
