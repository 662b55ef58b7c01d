import type { MiddlewareHandler } from 'hono'
import type { Logger } from './logger.js'

declare module 'hono' {
  interface ContextVariableMap {
    logger: Logger
  }
}

/**
 * One log line per request, tagged with the request id; never logs bodies, tokens or query strings.
 * A data request (`/api`) also names its time in the server in a `Server-Timing` header, which the
 * browser shows beside the network time, so a screen's bench tells the server's part from the
 * rest (bench/README.md, issue 36 item 2).
 */
export function requestLogger(root: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const logger = root.child({ reqId: c.var.requestId })
    c.set('logger', logger)
    await next()
    const ms = Math.round((performance.now() - started) * 10) / 10
    if (c.req.path.startsWith('/api/')) c.res.headers.set('Server-Timing', `app;dur=${ms}`)
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request')
  }
}
