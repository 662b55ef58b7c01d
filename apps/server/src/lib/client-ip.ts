// The client IP for rate limits and MFA challenge binding (issue 3 item 4): the header named by
// TRUST_PROXY when it is set (the entry our own proxy appended last), else the socket address. A
// header the client sends itself is never believed, so a spoofed X-Forwarded-For resets nothing.
import type { HonoRequest } from 'hono'

/** The parts of a Hono context read here (any route's context fits). */
interface RequestContext {
  req: Pick<HonoRequest, 'header'>
  env: unknown
}

/** The TCP peer as @hono/node-server reports it; undefined under app.request() without bindings. */
function socketAddress(c: RequestContext): string | undefined {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined
  const address = bindings?.incoming?.socket?.remoteAddress
  return typeof address === 'string' ? address : undefined
}

/** IPv4-mapped IPv6 addresses name the same client as the plain IPv4 form. */
const normalize = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

export function clientIp(c: RequestContext, trustProxy: string | undefined): string {
  if (trustProxy) {
    const entries = (c.req.header(trustProxy) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const last = entries.at(-1)
    if (last) return normalize(last.slice(0, 64))
  }
  return normalize(socketAddress(c) ?? 'unknown')
}

export const isLoopback = (address: string) =>
  /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1'
