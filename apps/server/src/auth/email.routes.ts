// The email-based endpoints of /auth/v1 (docs/auth-api.md §3): /recover, /otp, /resend and
// /verify (POST answers a session; GET, the emailed link, redirects with the session or the error in
// the URL fragment). Redirect targets pass safeRedirect, so a link never becomes an open redirect.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { requestOtp, requestRecovery, resendEmail, verifyOneTimeToken } from './email-auth.js'
import { GoTrueError, unprocessable, validationFailed } from './errors.js'
import { metadataField } from './metadata.js'
import { safeRedirect } from './redirect.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'
import { validEmail } from './users.js'

const recoverBody = z.object({ email: z.string().nullish() })
const otpBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  create_user: z.boolean().nullish(),
  data: metadataField.nullish(),
})
const resendBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  type: z.string().nullish(),
})
const verifyBody = z.object({
  type: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
})

function requireEmail(email: string | null | undefined, phone: string | null | undefined) {
  if (!email && phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
  if (!email) throw validationFailed('An email address is required')
  return validEmail(email)
}

type VerifyBody = z.output<typeof verifyBody>

/** POST /verify takes a link token alone, or an email with its code. */
function checkVerifyBody(body: VerifyBody): string {
  if (!body.type) throw validationFailed('Verify requires a verification type')
  if (body.phone) throw validationFailed('Phone verification is not enabled')
  if (body.token_hash && (body.token || body.email)) {
    throw validationFailed('Only the token_hash and type should be provided')
  }
  if (!body.token_hash && !(body.token && body.email)) {
    throw validationFailed('Verify requires either a token or a token hash')
  }
  return body.type
}

/** Where the emailed link lands: the session in the URL fragment, as GoTrue's implicit flow does. */
function sessionFragment(session: Awaited<ReturnType<typeof buildSessionResponse>>, type: string) {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
    sb: '',
  })
}

/** A refused link lands with the error in the fragment, never on an error page of ours. */
function errorFragment(error: GoTrueError) {
  return new URLSearchParams({
    error: error.status === 429 ? 'too_many_requests' : 'access_denied',
    error_code: error.errorCode,
    error_description:
      error.errorCode === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
    sb: '',
  })
}

export function emailAuthRoutes(deps: AppDeps) {
  const { env } = deps
  const ctx = authRouteContext(deps)
  const redirectTarget = (c: Context) => safeRedirect(c.req.query('redirect_to'), env)

  /** GET /verify, the emailed link: a 303 to the redirect target with the outcome in the fragment. */
  async function verifyLink(c: Context) {
    const redirectTo = redirectTarget(c)
    const type = c.req.query('type') ?? ''
    try {
      await ctx.checkIpLimit(c, 'verify')
      const token = c.req.query('token')
      if (!type || !token) throw validationFailed('Verify requires a token and a type')
      const issued = await verifyOneTimeToken(deps, {
        type,
        linkToken: token,
        userAgent: ctx.userAgent(c),
      })
      ctx.forget(issued.user.id)
      const session = await buildSessionResponse({ deps, issued })
      return c.redirect(`${redirectTo}#${sessionFragment(session, type).toString()}`, 303)
    } catch (error) {
      if (!(error instanceof GoTrueError)) throw error
      return c.redirect(`${redirectTo}#${errorFragment(error).toString()}`, 303)
    }
  }

  return new Hono()
    .post('/recover', ctx.limit('recover'), async (c) => {
      const body = await readJsonBody(c, recoverBody)
      const email = requireEmail(body.email, undefined)
      await requestRecovery(deps, { email, redirectTo: redirectTarget(c) })
      return c.json({}, 200)
    })

    .post('/otp', ctx.limit('otp'), async (c) => {
      const body = await readJsonBody(c, otpBody)
      const email = requireEmail(body.email, body.phone)
      await requestOtp(deps, {
        email,
        createUser: body.create_user ?? true,
        data: body.data ?? {},
        redirectTo: redirectTarget(c),
      })
      return c.json({}, 200)
    })

    .post('/resend', ctx.limit('resend'), async (c) => {
      const body = await readJsonBody(c, resendBody)
      if (body.type !== 'signup' && body.type !== 'email_change') {
        throw validationFailed(
          'Missing one of these types: signup, email_change, sms, phone_change',
        )
      }
      const email = requireEmail(body.email, body.phone)
      await resendEmail(deps, { type: body.type, email, redirectTo: redirectTarget(c) })
      return c.json({}, 200)
    })

    .post('/verify', ctx.limit('verify'), async (c) => {
      const body = await readJsonBody(c, verifyBody)
      const type = checkVerifyBody(body)
      const issued = await verifyOneTimeToken(deps, {
        type,
        linkToken: body.token_hash ?? undefined,
        email: body.email ? validEmail(body.email) : undefined,
        code: body.token?.trim() ?? undefined,
        userAgent: ctx.userAgent(c),
      })
      ctx.forget(issued.user.id)
      return c.json(await buildSessionResponse({ deps, issued }), 200)
    })

    .get('/verify', verifyLink)
}
