// POST /token (docs/auth-api.md §3, §6): the password grant, with the per-account lockout, and the
// refresh-token grant, which rotates the token and ends the session when a used one comes back.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { GoTrueError, badRequest, tooManyRequests, validationFailed } from './errors.js'
import { signInWithPassword } from './password-auth.js'
import { clearPasswordFailures, passwordLockout, recordPasswordFailure } from './rate-limit.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'
import { rotateRefreshToken } from './sessions.js'
import { normalizeEmail } from './users.js'

const passwordGrantBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
})
const refreshGrantBody = z.object({ refresh_token: z.string() })

const accountLocked = (retryAfterSeconds: number) =>
  tooManyRequests(
    'over_request_rate_limit',
    'Too many failed sign-in attempts for this account. Try again later or reset your password.',
    retryAfterSeconds,
  )

export function tokenRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const { forget, userAgent, limit } = authRouteContext(deps)

  async function passwordGrant(c: Context) {
    const body = await readJsonBody(c, passwordGrantBody)
    if (!body.email && body.phone) {
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    }
    if (!body.email) throw validationFailed('missing email or phone')
    // Per-account lockout (issue 3 item 4): known or not, an address is counted the same way.
    const email = normalizeEmail(body.email).slice(0, 320)
    const wait = await passwordLockout({ db, clock, email })
    if (wait !== undefined) throw accountLocked(wait)
    let issued
    try {
      issued = await signInWithPassword({
        db,
        clock,
        email,
        password: body.password ?? '',
        userAgent: userAgent(c),
        passwordCost: deps.passwordCost,
      })
    } catch (error) {
      if (error instanceof GoTrueError && error.errorCode === 'invalid_credentials') {
        await recordPasswordFailure({ db, clock, email })
      }
      throw error
    }
    await clearPasswordFailures({ db, email })
    forget(issued.user.id)
    return c.json(await buildSessionResponse({ deps, issued, withWeakPassword: true }), 200)
  }

  async function refreshGrant(c: Context) {
    const body = await readJsonBody(c, refreshGrantBody)
    if (body.refresh_token.length < 12) throw validationFailed('Refresh token is not valid')
    const result = await rotateRefreshToken({ db, clock, refreshToken: body.refresh_token })
    switch (result.kind) {
      case 'rotated':
        return c.json(await buildSessionResponse({ deps, issued: result }), 200)
      case 'not_found':
        throw badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        )
      case 'already_used':
        // The whole session was deleted; its user is not known here, so drop everything.
        deps.sessionCache?.clear()
        throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      case 'user_banned':
        throw badRequest('user_banned', 'User is banned')
    }
  }

  return new Hono().post('/token', limit('token'), async (c) => {
    const grantType = c.req.query('grant_type')
    if (grantType === 'password') return passwordGrant(c)
    if (grantType === 'refresh_token') return refreshGrant(c)
    // GoTrue's own wording for an unknown grant (docs/auth-api.md §3 /token).
    throw badRequest('invalid_credentials', 'unsupported_grant_type')
  })
}
