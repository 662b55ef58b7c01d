import { createMiddleware } from 'hono/factory'

/**
 * `Cache-Control: no-store` on every response of the routes it wraps, unless the route set its own
 * policy: tokens, user objects and business data must never sit in a shared cache. The header is set
 * on the response itself; hono's `c.header()` after the handler would copy the finished response
 * into a stream first, which cost every API read a few percent of its CPU (issue 19 item 4,
 * docs/decisions/019-compressed-assets-and-preloading.md "Authenticated reads").
 */
export const noStore = () =>
  createMiddleware(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
