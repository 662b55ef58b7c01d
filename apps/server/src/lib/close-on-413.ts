// A body over the limit is refused before it is read to the end (the /api and /auth/v1 bodyLimit).
// Its unread rest is still on the socket, and the next request on that keep-alive connection would
// wait behind it forever, so every 413 says `Connection: close` and Node closes the connection once
// the answer is written; the client opens a fresh one for its next request (issue 14 item 6).
import type { MiddlewareHandler } from 'hono'

export const closeConnectionOn413 = (): MiddlewareHandler => async (c, next) => {
  await next()
  if (c.res.status === 413) c.header('Connection', 'close')
}
