// The Supabase-Auth-compatible API mounted at /auth/v1 (reference/gotrue-compat.md §3). Handlers
// parse, call one service function and shape the GoTrue response; errors use GoTrue's shapes (§4).
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { inputGuard } from '../lib/input-guard.js'
import { signUpWithConfirmation } from './email-auth.js'
import { emailAuthRoutes } from './email.routes.js'
import {
  GoTrueError,
  badRequest,
  goTrueErrorResponse,
  tooManyRequests,
  unprocessable,
  validationFailed,
} from './errors.js'
import { metadataField } from './metadata.js'
import { mfaRoutes } from './mfa.routes.js'
import { signInWithPassword, signUpWithPassword } from './password-auth.js'
import { clearPasswordFailures, passwordLockout, recordPasswordFailure } from './rate-limit.js'
import { safeRedirect } from './redirect.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { buildSessionResponse } from './session-response.js'
import { deleteSessions, rotateRefreshToken, type LogoutScope } from './sessions.js'
import { updateUser } from './update-user.js'
import { listFactors, normalizeEmail, serializeUser, validEmail } from './users.js'

const MAX_BODY_BYTES = 1024 * 1024

// auth-js sends null for absent optional fields (code_challenge etc.); unknown fields are ignored.
const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataField.nullish(),
})
const passwordGrantBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
})
const refreshGrantBody = z.object({ refresh_token: z.string() })
const updateUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataField.nullish(),
})
const logoutScope = z.enum(['global', 'local', 'others']).default('global')

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined

const accountLocked = (retryAfterSeconds: number) =>
  tooManyRequests(
    'over_request_rate_limit',
    'Too many failed sign-in attempts for this account. Try again later or reset your password.',
    retryAfterSeconds,
  )

export function authRoutes(deps: AppDeps) {
  const { db, clock, env } = deps
  // Every change to a user or their sessions drops them from the session cache (session-cache.ts).
  const { authenticate, forget, userAgent, limit } = authRouteContext(deps)
  const redirectTarget = (c: Context) => safeRedirect(c.req.query('redirect_to'), env)

  const auth = new Hono()
    .use('*', async (c, next) => {
      await next()
      // Tokens and user objects must never sit in a shared cache; the JWKS sets its own policy.
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
    })
    .use(
      '*',
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) =>
          goTrueErrorResponse(
            c,
            new GoTrueError(413, 'request_entity_too_large', 'Request body is larger than 1 MiB.'),
          ),
      }),
    )
    .use(
      '*',
      inputGuard((c, problem) =>
        goTrueErrorResponse(c, validationFailed(`${problem.where}: ${problem.message}`)),
      ),
    )

    .post('/signup', limit('signup'), async (c) => {
      const body = await readJsonBody(c, signupBody)
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
      if (!env.AUTH_AUTOCONFIRM) {
        // A bare User, never a session: auth-js reports session null and "check your email".
        const user = await signUpWithConfirmation(deps, {
          email: validEmail(body.email),
          password: body.password,
          data: body.data ?? {},
          redirectTo: redirectTarget(c),
        })
        return c.json(user, 200)
      }
      const { user, issued } = await signUpWithPassword({
        db,
        clock,
        autoconfirm: env.AUTH_AUTOCONFIRM,
        email: validEmail(body.email),
        password: body.password,
        data: body.data ?? {},
        userAgent: userAgent(c),
      })
      // Without autoconfirm GoTrue answers the bare User; auth-js then reports session: null.
      if (!issued) return c.json(serializeUser(user), 200)
      return c.json(await buildSessionResponse({ deps, issued }), 200)
    })

    .post('/token', limit('token'), async (c) => {
      const grantType = c.req.query('grant_type')
      if (grantType === 'password') {
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
      if (grantType === 'refresh_token') {
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
      // GoTrue's own wording for an unknown grant (§3 /token).
      throw badRequest('invalid_credentials', 'unsupported_grant_type')
    })

    .post('/logout', async (c) => {
      const { claims } = await authenticate(c)
      const scope = logoutScope.safeParse(c.req.query('scope'))
      if (!scope.success) {
        throw validationFailed('Unsupported logout scope: use global, local or others')
      }
      await deleteSessions({
        db,
        userId: claims.sub,
        sessionId: claims.session_id,
        scope: scope.data satisfies LogoutScope,
      })
      forget(claims.sub)
      return c.body(null, 204)
    })

    .get('/user', async (c) => {
      const { user } = await authenticate(c)
      return c.json(serializeUser(user, await listFactors(db, user.id)), 200)
    })

    .put('/user', limit('user_update'), async (c) => {
      const authenticated = await authenticate(c)
      const body = await readJsonBody(c, updateUserBody)
      const user = await updateUser({
        deps,
        auth: authenticated,
        patch: {
          email: body.email ? validEmail(body.email) : undefined,
          phone: orUndefined(body.phone),
          password: orUndefined(body.password),
          data: orUndefined(body.data),
        },
        redirectTo: redirectTarget(c),
      })
      forget(user.id)
      return c.json(serializeUser(user, await listFactors(db, user.id)), 200)
    })

    .route('/', emailAuthRoutes(deps))
    .route('/factors', mfaRoutes(deps))

    .get('/settings', (c) =>
      c.json({
        external: {
          anonymous_users: false,
          apple: false,
          azure: false,
          bitbucket: false,
          discord: false,
          email: true,
          facebook: false,
          figma: false,
          fly: false,
          github: false,
          gitlab: false,
          google: false,
          kakao: false,
          keycloak: false,
          linkedin: false,
          linkedin_oidc: false,
          notion: false,
          phone: false,
          slack: false,
          slack_oidc: false,
          spotify: false,
          twitch: false,
          twitter: false,
          workos: false,
          zoom: false,
        },
        disable_signup: false,
        mailer_autoconfirm: env.AUTH_AUTOCONFIRM,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
        saml_private_key_next_configured: false,
        passkeys_enabled: false,
      }),
    )

    // No OAuth providers are enabled (§3 /authorize); a browser navigation gets the legacy shape.
    .get('/authorize', () => {
      throw validationFailed('Unsupported provider: provider is not enabled')
    })

    .get('/.well-known/jwks.json', (c) => {
      c.header('Cache-Control', 'public, max-age=600')
      return c.json({ keys: deps.jwtKeys.publicJwks })
    })

    // A mounted sub-app's notFound is not consulted by the parent, so unknown paths end here.
    .all('*', () => {
      throw new GoTrueError(404, 'not_found', 'Not found')
    })

  auth.notFound((c) => goTrueErrorResponse(c, new GoTrueError(404, 'not_found', 'Not found')))
  auth.onError((error, c) => {
    if (error instanceof GoTrueError) return goTrueErrorResponse(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status
      return goTrueErrorResponse(
        c,
        new GoTrueError(status, 'bad_request', error.message || 'Bad request'),
      )
    }
    ;(c.var.logger ?? deps.logger).error({ err: error }, 'unhandled auth error')
    return goTrueErrorResponse(
      c,
      new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs.'),
    )
  })
  return auth
}
