// What every /auth/v1 handler needs besides its service function: bearer authentication, session
// cache invalidation (ADR 004), the client IP and the per-IP limiters.
import type { Context, MiddlewareHandler } from 'hono'
import { clientIp, rateLimitSubject } from '../lib/client-ip.js'
import type { AppDeps } from '../lib/deps.js'
import { authenticateBearer } from './authenticate.js'
import { tooManyRequests } from './errors.js'
import { IP_LIMITS, takeToken, type IpLimiter } from './rate-limit.js'

export function authRouteContext(deps: AppDeps) {
  const ip = (c: Context) => clientIp(c, deps.env.TRUST_PROXY)

  /** Throws 429 over_request_rate_limit when the caller's IP has used up `limiter`. */
  async function checkIpLimit(c: Context, limiter: IpLimiter) {
    if (deps.env.AUTH_RATE_LIMITS === 'off') return
    const decision = await takeToken({
      db: deps.db,
      clock: deps.clock,
      // IPv6 clients count by their /64 (issue 31 item 5a).
      key: `ip:${limiter}:${rateLimitSubject(ip(c))}`,
      bucket: IP_LIMITS[limiter],
    })
    if (!decision.allowed) {
      throw tooManyRequests(
        'over_request_rate_limit',
        'Request rate limit reached',
        decision.retryAfterSeconds,
      )
    }
  }

  return {
    ip,
    checkIpLimit,
    limit:
      (limiter: IpLimiter): MiddlewareHandler =>
      async (c, next) => {
        await checkIpLimit(c, limiter)
        await next()
      },
    authenticate: (c: Context) =>
      authenticateBearer({
        db: deps.db,
        clock: deps.clock,
        keys: deps.jwtKeys,
        authorization: c.req.header('Authorization'),
        cache: deps.sessionCache,
      }),
    /** After any change to a user or their sessions (session-cache.ts). */
    forget: (userId: string) => deps.sessionCache?.invalidateUser(userId),
    userAgent: (c: Context) => c.req.header('User-Agent'),
  }
}
