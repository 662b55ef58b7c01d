// Guards the product's /api routes with the same checks GoTrue applies to its own user endpoints:
// a valid access token AND a live session row (docs/house-rules.md "Sessions are checked on every
// authenticated request"), so logout and password change take effect at once. It also puts the
// business the request is about on the context, read once when a handler first asks (lib/tenant.ts
// `Tenant`), and refuses a write the person's role does not allow (docs/decisions/043-members-and-roles.md).
import type { MiddlewareHandler } from 'hono'
import { BUSINESS_HEADER, type MemberRole } from '@localseo/shared/members'
import type { AppDeps } from '../lib/deps.js'
import { AppError } from '../lib/errors.js'
import { NOT_A_MEMBER, tenantOf, type Tenant } from '../lib/tenant.js'
import { isUuid } from '../lib/uuid.js'
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

/** Methods that read: every role may send them. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The business a request names, checked for shape only (membership is the tenant's read). */
function namedBusiness(header: string | undefined): string | null {
  if (header === undefined || header === '') return null
  if (!isUuid(header)) throw new AppError('not_a_member', NOT_A_MEMBER)
  return header.toLowerCase()
}

/**
 * `writes`: the least role that may send this router's writes (every method but GET and HEAD):
 * 'manager' unless a router says otherwise; 'anyone' for a person's own things (joining, leaving,
 * creating another business). A route that needs more asks `requireRole` itself.
 */
export function requireAuth(
  deps: AppDeps,
  { writes = 'manager' }: { writes?: MemberRole | 'anyone' } = {},
): MiddlewareHandler {
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
    const named = namedBusiness(c.req.header(BUSINESS_HEADER))
    const tenant = tenantOf(deps.db, user.id, named)
    c.set('tenant', tenant)
    // A request naming a business its sender is not in is refused whatever the route, even one
    // that reads nothing of it (the read is the handler's anyway, kept for it).
    if (named) await tenant.read()
    if (writes !== 'anyone' && !READS.has(c.req.method)) await tenant.requireRole(writes)
    await next()
  }
}

/** For one route that needs more than its router's `writes`: provider keys, the team, deleting. */
export function requireRole(needed: MemberRole): MiddlewareHandler {
  return async (c, next) => {
    await c.var.tenant.requireRole(needed)
    await next()
  }
}
