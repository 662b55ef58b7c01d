// Hono's bodyLimit, skipped for GET and HEAD. Those never carry a body that a route reads (the Node
// adapter gives them none), yet Hono's check reads `c.req.raw.body`, which makes @hono/node-server
// build the full Fetch Request (with its AbortSignal) for every read: about 6% of an authenticated
// read's CPU (issue 19 item 4; docs/decisions/019-compressed-assets-and-preloading.md).
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

type BodyLimitOptions = Parameters<typeof bodyLimit>[0]

const WITHOUT_BODY = new Set(['GET', 'HEAD'])

export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  const limit = bodyLimit(options)
  return (c, next) => (WITHOUT_BODY.has(c.req.method) ? next() : limit(c, next))
}
