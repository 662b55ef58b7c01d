// Guards the product's /api routes with the same checks GoTrue applies to its own user endpoints:
// a valid access token AND a live session row (docs/house-rules.md "Sessions are checked on every
// authenticated request"), so logout and password change take effect at once. It also puts the
// owner's business on the context, read once when a handler first asks (lib/tenant.ts `Tenant`).
import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from '../lib/deps.js'
import { AppError } from '../lib/errors.js'
import { tenantOf, type Tenant } from '../lib/tenant.js'
import { authenticateBearer } from './authenticate.js'
import { GoTrueError } from './errors.js'

interface AuthContext {
  userId: string
  sessionId: string
  email: string
  aal: 'aal1' | 'aal2'
}

declare module 'hono' {
  interface ContextVariableMap {
    auth: AuthContext
    tenant: Tenant
  }
}

export function requireAuth(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    let authenticated
    try {
      authenticated = await authenticateBearer({
        db: deps.db,
        clock: deps.clock,
        keys: deps.jwtKeys,
        authorization: c.req.header('Authorization'),
        cache: deps.sessionCache,
      })
    } catch (error) {
      // Every auth failure looks the same to /api callers: one 401 in the /api error shape.
      if (error instanceof GoTrueError) {
        throw new AppError('unauthorized', 'You are not signed in, or your session has ended.')
      }
      throw error
    }
    const { user, session } = authenticated
    // With a verified second factor, a password (or email link) alone opens only the sign-in flow:
    // business data waits for the TOTP step (issue 3 item 5, security-tests §1a "doesn't bypass MFA").
    if (authenticated.mfaEnabled && session.aal !== 'aal2') {
      throw new AppError('forbidden', 'Enter the 6-digit code from your authenticator app first.')
    }
    c.set('auth', { userId: user.id, sessionId: session.id, email: user.email, aal: session.aal })
    c.set('tenant', tenantOf(deps.db, user.id))
    await next()
  }
}
