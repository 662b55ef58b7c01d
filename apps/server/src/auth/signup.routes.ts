// POST /signup (docs/auth-api.md §3): with AUTH_AUTOCONFIRM a session at once; otherwise the bare
// user, and the confirmation link by mail (auth-js then reports session: null).
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { signUpWithConfirmation } from './email-auth.js'
import { unprocessable, validationFailed } from './errors.js'
import { metadataField } from './metadata.js'
import { signUpWithPassword } from './password-auth.js'
import { safeRedirect } from './redirect.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'
import { serializeUser, validEmail } from './users.js'

// auth-js sends null for absent optional fields (code_challenge etc.); unknown fields are ignored.
const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataField.nullish(),
})

/** The email and password a sign-up needs, or GoTrue's refusal for what is missing. */
function requireCredentials(body: z.output<typeof signupBody>) {
  if (!body.email && body.phone) {
    throw unprocessable('phone_provider_disabled', 'Phone signups are disabled')
  }
  if (!body.email && !body.password) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  if (!body.email) throw validationFailed('To signup, please provide your email')
  if (body.password === undefined || body.password === null) {
    throw validationFailed('Signup requires a valid password')
  }
  return { email: validEmail(body.email), password: body.password, data: body.data ?? {} }
}

export function signupRoutes(deps: AppDeps) {
  const { db, clock, env } = deps
  const { userAgent, limit } = authRouteContext(deps)

  return new Hono().post('/signup', limit('signup'), async (c) => {
    const credentials = requireCredentials(await readJsonBody(c, signupBody))
    if (!env.AUTH_AUTOCONFIRM) {
      // A bare User, never a session: auth-js reports session null and "check your email".
      const user = await signUpWithConfirmation(deps, {
        ...credentials,
        redirectTo: safeRedirect(c.req.query('redirect_to'), env),
      })
      return c.json(user, 200)
    }
    const { user, issued } = await signUpWithPassword({
      db,
      clock,
      autoconfirm: env.AUTH_AUTOCONFIRM,
      ...credentials,
      userAgent: userAgent(c),
      passwordCost: deps.passwordCost,
    })
    // Without autoconfirm GoTrue answers the bare User; auth-js then reports session: null.
    if (!issued) return c.json(serializeUser(user), 200)
    return c.json(await buildSessionResponse({ deps, issued }), 200)
  })
}
