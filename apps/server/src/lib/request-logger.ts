import type { MiddlewareHandler } from 'hono'
import type { Logger } from './logger.js'

declare module 'hono' {
  interface ContextVariableMap {
    logger: Logger
  }
}

/** One log line per request, tagged with the request id; never logs bodies, tokens or query strings. */
export function requestLogger(root: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const logger = root.child({ reqId: c.var.requestId })
    c.set('logger', logger)
    await next()
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  }
}
