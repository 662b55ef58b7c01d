// The Supabase-Auth-compatible API mounted at /auth/v1 (docs/auth-api.md §3): the middleware every
// endpoint shares, one file per route group, and GoTrue's error shapes (§4) for everything.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppDeps } from '../lib/deps.js'
import { serverFault } from '../lib/server-faults.js'
import { inputGuard } from '../lib/input-guard.js'
import { emailAuthRoutes } from './email.routes.js'
import { GoTrueError, goTrueErrorResponse, validationFailed } from './errors.js'
import { mfaRoutes } from './mfa.routes.js'
import { recoveryCodeRoutes } from './recovery-codes.routes.js'
import { settingsRoutes } from './settings.routes.js'
import { signupRoutes } from './signup.routes.js'
import { tokenRoutes } from './token.routes.js'
import { userRoutes } from './user.routes.js'
import { limitBody } from '../lib/body-limit.js'
import { noStore } from '../lib/no-store.js'

const MAX_BODY_BYTES = 1024 * 1024

export function authRoutes(deps: AppDeps) {
  const auth = new Hono()
    // Tokens and user objects must never sit in a shared cache; the JWKS sets its own policy.
    .use('*', noStore())
    .use(
      '*',
      limitBody({
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
    .route('/', signupRoutes(deps))
    .route('/', tokenRoutes(deps))
    .route('/', userRoutes(deps))
    .route('/', emailAuthRoutes(deps))
    .route('/factors', mfaRoutes(deps))
    .route('/recovery-codes', recoveryCodeRoutes(deps))
    .route('/', settingsRoutes(deps))

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
    const logger = c.var.logger ?? deps.logger
    // A 503 (database unreachable) auth-js tries again by itself; a 507 (disk full) it reports.
    const fault = serverFault(error, deps, logger)
    if (fault) {
      return goTrueErrorResponse(
        c,
        new GoTrueError(fault.status, fault.code, fault.message, {}, fault.headers),
      )
    }
    logger.error({ err: error }, 'unhandled auth error')
    return goTrueErrorResponse(
      c,
      new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs.'),
    )
  })
  return auth
}
