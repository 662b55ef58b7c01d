// The client IP for rate limits and MFA challenge binding (issue 3 item 4): the header named by
// TRUST_PROXY when it is set (the entry our own proxy appended last), else the socket address. A
// header the client sends itself is never believed, so a spoofed X-Forwarded-For resets nothing.
import { isIPv4, isIPv6 } from 'node:net'
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

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes two). */
function ipv6Groups(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * Who a per-IP limit counts (issue 31 item 5a): an IPv6 client by its /64, the smallest block a
 * network hands one subscriber, so one home or server cannot rotate through its 2^64 addresses;
 * an IPv4-mapped IPv6 address as its IPv4 address; anything else as it is.
 */
export function rateLimitSubject(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  if (isIPv4(bare) || !isIPv6(bare)) return address
  const groups = ipv6Groups(bare)
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
