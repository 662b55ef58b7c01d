// /auth/v1/factors (docs/auth-api.md §3): enroll, challenge, verify, unenroll a TOTP factor.
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { unprocessable, validationFailed } from './errors.js'
import { withSecondFactorLockout } from './mfa-lockout.js'
import { challengeFactor, enrollTotp, unenrollFactor, verifyFactor } from './mfa.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'

const enrollBody = z.object({
  factor_type: z.string().nullish(),
  friendly_name: z.string().max(100).nullish(),
  issuer: z.string().max(100).nullish(),
})
const verifyBody = z.object({
  challenge_id: z.string().nullish(),
  code: z.string().max(32).nullish(),
})

export function mfaRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const ctx = authRouteContext(deps)

  return new Hono()
    .post('/', async (c) => {
      const auth = await ctx.authenticate(c)
      const body = await readJsonBody(c, enrollBody)
      if (body.factor_type === 'phone') {
        throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
      }
      if (body.factor_type === 'webauthn') {
        throw unprocessable(
          'mfa_webauthn_enroll_not_enabled',
          'MFA enroll is disabled for WebAuthn',
        )
      }
      if (body.factor_type !== 'totp') {
        throw validationFailed('factor_type needs to be totp, phone or webauthn')
      }
      const enrolled = await enrollTotp({
        db,
        clock,
        auth,
        friendlyName: body.friendly_name?.trim() ?? '',
        issuer: body.issuer?.trim() || undefined,
      })
      ctx.forget(auth.user.id)
      return c.json(enrolled, 200)
    })

    .post('/:id/challenge', ctx.limit('mfa_challenge'), async (c) => {
      const auth = await ctx.authenticate(c)
      // auth-js sends its own parameters as the body; GoTrue ignores them for TOTP, and so do we.
      const challenge = await challengeFactor({
        db,
        clock,
        auth,
        factorId: c.req.param('id'),
        ip: ctx.ip(c),
      })
      ctx.forget(auth.user.id)
      return c.json(challenge, 200)
    })

    .post('/:id/verify', ctx.limit('mfa_verify'), async (c) => {
      const auth = await ctx.authenticate(c)
      const body = await readJsonBody(c, verifyBody)
      const issued = await withSecondFactorLockout(deps, auth.user, () =>
        verifyFactor({
          db,
          clock,
          auth,
          factorId: c.req.param('id'),
          challengeId: body.challenge_id ?? '',
          code: body.code ?? '',
          ip: ctx.ip(c),
        }),
      )
      ctx.forget(auth.user.id)
      return c.json(await buildSessionResponse({ deps, issued }), 200)
    })

    .delete('/:id', async (c) => {
      const auth = await ctx.authenticate(c)
      const result = await unenrollFactor({ db, auth, factorId: c.req.param('id') })
      ctx.forget(auth.user.id)
      return c.json(result, 200)
    })
}
