// /auth/v1/recovery-codes: our own extension beside GoTrue's /factors (docs/auth-api.md §3
// "recovery codes"); auth-js never calls it, the dashboard does. GoTrue's endpoints are unchanged.
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { withSecondFactorLockout } from './mfa-lockout.js'
import {
  countRecoveryCodes,
  regenerateRecoveryCodes,
  verifyRecoveryCode,
} from './recovery-codes.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'

const verifyBody = z.object({ code: z.string().max(64).nullish() })

export function recoveryCodeRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const ctx = authRouteContext(deps)

  return new Hono()
    .get('/', async (c) => {
      const auth = await ctx.authenticate(c)
      return c.json({ remaining: await countRecoveryCodes(db, auth.user.id) }, 200)
    })

    .post('/', async (c) => {
      const auth = await ctx.authenticate(c)
      const codes = await regenerateRecoveryCodes({ db, clock, auth })
      return c.json({ codes }, 200)
    })

    .post('/verify', ctx.limit('mfa_verify'), async (c) => {
      const auth = await ctx.authenticate(c)
      const body = await readJsonBody(c, verifyBody)
      const issued = await withSecondFactorLockout(deps, auth.user, () =>
        verifyRecoveryCode({ db, clock, auth, code: body.code ?? '' }),
      )
      ctx.forget(auth.user.id)
      return c.json(await buildSessionResponse({ deps, issued }), 200)
    })
}
