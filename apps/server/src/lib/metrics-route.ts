// GET /metrics and the middleware that times every request for it (issue 37 item 3,
// docs/decisions/041-metrics.md). The endpoint is for an operator's scraper, not for users: it is
// outside /api, behind METRICS_TOKEN rather than a session, and absent (404) without the token set.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { AppMetrics } from './metrics.js'

/**
 * The pattern of the route that answered, e.g. '/api/geo-grid/scans/:id': the raw path holds ids,
 * one series each. A path no route knows is 'unmatched': nothing matched (the global middleware's
 * '/*' answered) or a catch-all answered 404.
 */
function routeLabel(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex]
  if (!route || (route.method === 'ALL' && route.path === '/*')) return 'unmatched'
  if (c.res.status === 404 && route.path.endsWith('*')) return 'unmatched'
  return route.path
}

/** Counts and times every request, by route pattern and status class. */
export function httpMetrics(metrics: AppMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.observeRequest({
        method: c.req.method,
        route: routeLabel(c),
        status: c.res.status,
        seconds: (performance.now() - started) / 1000,
      })
    }
  }
}

/** Equal lengths for timingSafeEqual, and no early exit on the first differing byte. */
const digest = (text: string) => createHash('sha256').update(text).digest()

function bearer(c: Context): string {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? ''
}

/** The scrape: 404 when METRICS_TOKEN is unset, 401 without the token, else the text format. */
export function metricsEndpoint(metrics: AppMetrics, token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token)
  return async (c: Context) => {
    if (!expected) return c.notFound()
    if (!timingSafeEqual(digest(bearer(c)), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return c.text('Unauthorized', 401)
    }
    const body = await metrics.registry.metrics()
    c.header('Cache-Control', 'no-store')
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType })
  }
}
