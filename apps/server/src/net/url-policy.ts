// The URL and address half of the SSRF guard (docs/decisions/007-ssrf-safe-fetching.md): which
// schemes, ports, names and addresses the server may fetch. Every hop of every fetch runs checkUrl;
// every address a name resolves to must pass isPublicAddress (guarded-lookup.ts).
import ipaddr from 'ipaddr.js'
import { FetchBlockedError } from './fetch-errors.js'

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }

/** `a.b.c.d` from the last 32 bits of an IPv6 address. */
const embeddedIpv4 = (v6: ipaddr.IPv6) =>
  ipaddr.fromByteArray(v6.toByteArray().slice(12)) as ipaddr.IPv4

/**
 * True for public unicast addresses only. IPv6 that carries an IPv4 address is judged as that
 * IPv4: IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96, RFC 6052, which a NAT64 gateway turns
 * into that IPv4). The deprecated IPv4-compatible form (::a.b.c.d, that is ::/96, with :: and ::1)
 * is never public: nothing legitimate uses it, and some stacks route it to the IPv4 inside.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    // ipaddr.js reads '::a.b.c.d' as IPv4-mapped; the WHATWG URL parser reads it right.
    let v6 = parsed as ipaddr.IPv6
    if (address.includes('.')) {
      try {
        v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1))
      } catch {
        return false
      }
    }
    const p = v6.parts
    if (p.slice(0, 6).every((part) => part === 0)) return false
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address()
    else if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((part) => part === 0)) {
      parsed = embeddedIpv4(v6)
    } else parsed = v6
  }
  return parsed.range() === 'unicast'
}

/** 'host:port' as used by allowHosts: lower-case host (IPv6 in brackets), explicit port. */
function hostKey(url: URL): string {
  const port = url.port || String(DEFAULT_PORTS[url.protocol] ?? '')
  return `${url.hostname.toLowerCase()}:${port}`
}

export interface UrlPolicy {
  /** 'host:port' entries (lower case) allowed past the port and address rules. */
  allowHosts: ReadonlySet<string>
  /** Ports allowed for everyone else. */
  ports: ReadonlySet<number>
}

export const defaultUrlPolicy: UrlPolicy = { allowHosts: new Set(), ports: new Set([80, 443]) }

/** The policy for FETCH_ALLOW_HOSTS entries and, optionally, other ports than 80 and 443. */
export function urlPolicy(options: { allowHosts?: readonly string[]; ports?: readonly number[] }) {
  return {
    allowHosts: new Set((options.allowHosts ?? []).map((h) => h.trim().toLowerCase())),
    ports: new Set(options.ports ?? defaultUrlPolicy.ports),
  } satisfies UrlPolicy
}

/**
 * Names that are this machine or a private network whatever DNS says: localhost (RFC 6761),
 * ICANN's .internal, mDNS .local, RFC 8375 home.arpa and the customary localhost.localdomain.
 */
const LOCAL_NAME = /(^|\.)(localhost|internal|local|home\.arpa|localdomain)$/

/**
 * The URL half of the guard, run before every hop: throws FetchBlockedError unless the URL may be
 * fetched, and says whether it is allowlisted. The other half (names resolving to non-public
 * addresses) runs at connect time in `guardedLookup`.
 */
export function checkUrl(url: URL, policy: UrlPolicy = defaultUrlPolicy): { allowlisted: boolean } {
  const href = url.href
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchBlockedError('scheme', href, `the scheme ${url.protocol} is not http or https`)
  }
  if (url.username || url.password) {
    throw new FetchBlockedError('credentials', href, 'the URL contains a user name or password')
  }
  if (policy.allowHosts.has(hostKey(url))) return { allowlisted: true }
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 0)
  if (!policy.ports.has(port)) {
    throw new FetchBlockedError('port', href, `port ${port} is not allowed`)
  }
  const host = url.hostname.toLowerCase().replace(/\.+$/, '')
  if (LOCAL_NAME.test(host)) {
    throw new FetchBlockedError('local-hostname', href, `${host} is a local or private name`)
  }
  // The WHATWG parser has already turned decimal, octal, hex and short IPv4 forms into dotted
  // quads, so one check covers them all. Literals never reach `lookup`, so they are checked here.
  const literal = host.startsWith('[') ? host.slice(1, -1) : host
  if (ipaddr.isValid(literal) && !isPublicAddress(literal)) {
    throw new FetchBlockedError('private-address', href, `${literal} is not a public address`)
  }
  return { allowlisted: false }
}
