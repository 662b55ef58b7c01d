// The one way the server fetches a URL a user gave it (backlink pages, site audits): an SSRF guard
// around undici (ARCHITECTURE "outbound HTTP", issue 8 item 4, reference/security-tests.md §1f).
//
// - http and https only, ports 80 and 443, no credentials in the URL, no local names (localhost,
//   *.localhost, *.local, *.internal, *.home.arpa, *.localdomain);
// - every IP literal and EVERY address a name resolves to must be public unicast (ipaddr.js
//   `range() === 'unicast'`; IPv4-mapped and NAT64 IPv6 is judged as the IPv4 it carries, and the
//   deprecated IPv4-compatible ::a.b.c.d is never public). The check runs inside the socket's own
//   `lookup`, so the connection uses exactly the addresses that were checked: there is no second
//   resolution a DNS-rebinding server could answer differently;
// - redirects are followed by hand, each hop re-checked, at most `maxRedirects`, loops detected;
// - one deadline for the whole fetch (all hops and the body), a byte cap on the decoded body,
//   an honest User-Agent, and at most `maxConnectionsPerHost` requests in flight per host.
//
// `allowHosts` ('host:port' entries, from FETCH_ALLOW_HOSTS) lets named targets through the port
// and address rules: local fixture servers in tests, an intranet site. Nothing else gets through.
//
// A URL a user submits is checked when it is added too (`isAddableUrl`): the same rules, plus one
// DNS lookup with a short deadline that refuses a name resolving to any non-public address.
//
// Use:
//   const fetcher = createSafeFetcher({ allowHosts: env.FETCH_ALLOW_HOSTS })  // once per process
//   const page = await fetcher.fetch(url)            // { url, status, headers, body, truncated, redirects }
//   const map = await fetcher.fetch(sitemapUrl, { maxBytes: 50 * 1024 * 1024 })
//   await fetcher.close()
// Any status is a response (a 404 is not an error); failures throw the Fetch*Error classes below.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import ipaddr from 'ipaddr.js'
import { Agent } from 'undici'

export const DEFAULT_USER_AGENT = 'LocalSEO-AI-LinkChecker/1.0 (+https://localseo.ai/bot)'
export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
export const DEFAULT_MAX_REDIRECTS = 5
export const DEFAULT_MAX_CONNECTIONS_PER_HOST = 2
const MAX_URL_LENGTH = 4096
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

// ---------------------------------------------------------------------------------------------
// Errors: every failure is one of these, so callers branch on the class, never on a message.

export class FetchError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = new.target.name
  }
}

export type BlockReason =
  'invalid-url' | 'scheme' | 'port' | 'credentials' | 'local-hostname' | 'private-address'

/** The target is not allowed: nothing was sent to it. */
export class FetchBlockedError extends FetchError {
  constructor(
    readonly reason: BlockReason,
    url: string,
    detail: string,
  ) {
    super(`Refused to fetch ${url}: ${detail}`, url)
  }
}

export class FetchTimeoutError extends FetchError {}
/** Only when `truncate: false`; otherwise the body is cut and `truncated` is true. */
export class FetchTooLargeError extends FetchError {}
export class FetchTooManyRedirectsError extends FetchError {}
export class FetchRedirectLoopError extends FetchError {}
/** DNS failure, refused connection, TLS error, reset: `cause` has the original error. */
export class FetchNetworkError extends FetchError {}

// ---------------------------------------------------------------------------------------------
// Address policy

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
 * Whether a URL passes the rules that need no DNS (scheme, credentials, port, local names, IP
 * literals). For refusing a URL when it is submitted; fetching checks the resolved addresses too.
 */
export function isFetchableUrl(href: string, policy: UrlPolicy = defaultUrlPolicy): boolean {
  try {
    checkUrl(new URL(href), policy)
    return true
  } catch {
    return false
  }
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

/** `dns.lookup`'s shape with `all: true`; tests inject one to play DNS. */
export type Resolver = (
  hostname: string,
  options: { all: true; family?: number; hints?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, options, callback)

/** How long the check of a newly added URL waits for DNS. */
const ADD_TIME_DNS_TIMEOUT_MS = 2_000

/** Every address `hostname` resolves to; none when it does not resolve or not within `ms`. */
function lookupWithin(resolve: Resolver, hostname: string, ms: number): Promise<LookupAddress[]> {
  return new Promise((done) => {
    const timer = setTimeout(() => done([]), ms)
    const finish = (addresses: LookupAddress[]) => {
      clearTimeout(timer)
      done(addresses)
    }
    try {
      resolve(hostname, { all: true }, (error, addresses) => finish(error ? [] : addresses))
    } catch {
      finish([])
    }
  })
}

/**
 * The check for a URL a user adds (a backlink, an audit's start pages): the rules of
 * `isFetchableUrl`, then, for a name that is not allowlisted, one DNS lookup with a short deadline.
 * A name answering with any non-public address is refused now instead of failing every later fetch.
 * A name that does not resolve, or not in time, may be saved (the site may be down, the server
 * offline); every fetch checks the addresses again when it connects.
 */
export async function isAddableUrl(
  href: string,
  options: { policy?: UrlPolicy; resolve?: Resolver; timeoutMs?: number } = {},
): Promise<boolean> {
  let url: URL
  let allowlisted: boolean
  try {
    url = new URL(href)
    ;({ allowlisted } = checkUrl(url, options.policy ?? defaultUrlPolicy))
  } catch {
    return false
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  // Allowlisted targets skip the address rules; IP literals were judged by checkUrl.
  if (allowlisted || ipaddr.isValid(host)) return true
  const addresses = await lookupWithin(
    options.resolve ?? systemResolver,
    host,
    options.timeoutMs ?? ADD_TIME_DNS_TIMEOUT_MS,
  )
  return addresses.every((answer) => isPublicAddress(answer.address))
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * The `lookup` given to every socket of the guarded agent: resolve once, refuse the connection if
 * any answer is not public, and hand the socket exactly the addresses that were checked (with
 * Node's happy-eyeballs it asks for all of them and tries each in turn).
 */
export function guardedLookup(resolve: Resolver) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string; hints?: number },
    callback: LookupCallback,
  ) => {
    const family = typeof options.family === 'number' ? options.family : undefined
    resolve(hostname, { all: true, family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, [])
      const blocked = addresses.find((a) => !isPublicAddress(a.address))
      if (addresses.length === 0 || blocked) {
        const what = blocked ? `${hostname} resolves to ${blocked.address}` : 'no address'
        return callback(
          Object.assign(new FetchBlockedError('private-address', hostname, what), {
            code: 'ESSRFBLOCKED',
          }),
          [],
        )
      }
      if (options.all) return callback(null, addresses)
      const [first] = addresses as [LookupAddress]
      callback(null, first.address, first.family)
    })
  }
}

// ---------------------------------------------------------------------------------------------
// The fetcher

export interface SafeFetcherOptions {
  /** 'host:port' entries allowed past the port and address rules (FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[]
  /** Ports allowed for every other host; default 80 and 443. */
  ports?: readonly number[]
  userAgent?: string
  maxConnectionsPerHost?: number
  /** One deadline for the whole fetch: every hop and the body. */
  timeoutMs?: number
  /** Cap on the decoded body, per fetch. */
  maxBytes?: number
  maxRedirects?: number
  /** DNS for tests; the system resolver otherwise. */
  resolve?: Resolver
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD'
  headers?: Record<string, string>
  maxBytes?: number
  /** Default true: cut the body at the cap and say so. False: throw FetchTooLargeError. */
  truncate?: boolean
  signal?: AbortSignal
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string
  status: number
  /** Lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>
  body: Buffer
  truncated: boolean
  /** Every URL requested, in order: the first is the one asked for, the last is `url`. */
  redirects: string[]
}

export interface SafeFetcher {
  fetch(url: string, options?: SafeFetchOptions): Promise<SafeFetchResponse>
  close(): Promise<void>
}

/** At most `limit` requests in flight per host; the rest wait in order. */
function hostLimiter(limit: number) {
  const hosts = new Map<string, { active: number; waiting: (() => void)[] }>()
  return async function acquire(host: string): Promise<() => void> {
    let state = hosts.get(host)
    if (!state) {
      state = { active: 0, waiting: [] }
      hosts.set(host, state)
    }
    const entry = state
    if (entry.active >= limit) await new Promise<void>((wake) => entry.waiting.push(wake))
    else entry.active += 1
    let released = false
    return () => {
      if (released) return
      released = true
      const next = entry.waiting.shift()
      if (next) next()
      else if (--entry.active === 0) hosts.delete(host)
    }
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>) {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

function decoder(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip()
    case 'deflate':
      return createInflate()
    case 'br':
      return createBrotliDecompress()
    default:
      return undefined
  }
}

/** Reads at most `maxBytes` decoded bytes; the socket is dropped as soon as the cap is passed. */
async function readCapped(
  body: Readable,
  encoding: string | undefined,
  maxBytes: number,
  truncate: boolean,
  url: string,
): Promise<{ body: Buffer; truncated: boolean }> {
  const decode = decoder(encoding)
  const source: Readable = decode ? body.pipe(decode) : body
  if (decode) body.on('error', (error) => decode.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        if (!truncate)
          throw new FetchTooLargeError(`The body is larger than ${maxBytes} bytes`, url)
        chunks.push(chunk.subarray(0, maxBytes - size))
        return { body: Buffer.concat(chunks), truncated: true }
      }
      chunks.push(chunk)
      size += chunk.length
    }
  } finally {
    body.destroy()
    decode?.destroy()
  }
  return { body: Buffer.concat(chunks), truncated: false }
}

function toFetchError(error: unknown, url: string, timedOut: boolean): FetchError {
  if (error instanceof FetchError) {
    // The lookup's refusal names only the host; report it against the URL being fetched.
    if (error instanceof FetchBlockedError && error.url !== url) {
      return new FetchBlockedError(error.reason, url, error.message.replace(/^.*?: /, ''))
    }
    return error
  }
  if (timedOut) return new FetchTimeoutError('The page took too long to answer', url)
  const cause = error instanceof Error && error.cause instanceof FetchError ? error.cause : error
  if (cause instanceof FetchError) return toFetchError(cause, url, false)
  const message = error instanceof Error ? error.message : String(error)
  return new FetchNetworkError(`Could not fetch ${url}: ${message}`, url, { cause: error })
}

/**
 * An SSRF-safe fetcher. Create one per process (it owns the connection pools) and `close()` it on
 * shutdown. See the module comment for the rules it enforces.
 */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const policy = urlPolicy(options)
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const perHost = options.maxConnectionsPerHost ?? DEFAULT_MAX_CONNECTIONS_PER_HOST
  const agentOptions = {
    connections: perHost,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  }
  const guarded = new Agent({
    ...agentOptions,
    connect: { timeout: timeoutMs, lookup: guardedLookup(options.resolve ?? systemResolver) },
  })
  // Only for URLs whose host:port is in allowHosts, chosen per hop.
  const allowlisted = new Agent({ ...agentOptions, connect: { timeout: timeoutMs } })
  const acquire = hostLimiter(perHost)

  async function fetchOnce(url: URL, init: SafeFetchOptions, signal: AbortSignal) {
    const { allowlisted: isAllowlisted } = checkUrl(url, policy)
    const agent = isAllowlisted ? allowlisted : guarded
    const release = await acquire(url.hostname.toLowerCase())
    try {
      const response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers: {
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          ...init.headers,
          'user-agent': userAgent,
        },
        signal,
      })
      return { response, release }
    } catch (error) {
      release()
      throw error
    }
  }

  return {
    async fetch(input, init = {}) {
      let url: URL
      try {
        if (input.length > MAX_URL_LENGTH) throw new Error('too long')
        url = new URL(input)
      } catch {
        throw new FetchBlockedError('invalid-url', input.slice(0, 200), 'not a valid URL')
      }
      const maxBytes = init.maxBytes ?? defaultMaxBytes
      const controller = new AbortController()
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, timeoutMs)
      const onAbort = () => controller.abort()
      init.signal?.addEventListener('abort', onAbort, { once: true })
      const chain: string[] = []
      try {
        for (;;) {
          chain.push(url.href)
          const { response, release } = await fetchOnce(url, init, controller.signal)
          try {
            const location = response.headers.location
            if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
              await response.body.dump()
              const next = new URL(location, url)
              if (chain.includes(next.href)) {
                throw new FetchRedirectLoopError(`The redirects loop back to ${next.href}`, input)
              }
              if (chain.length > maxRedirects) {
                throw new FetchTooManyRedirectsError(`More than ${maxRedirects} redirects`, input)
              }
              url = next
              continue
            }
            const headers = flattenHeaders(response.headers)
            const length = Number(headers['content-length'])
            if (init.truncate === false && length > maxBytes) {
              throw new FetchTooLargeError(`The body is larger than ${maxBytes} bytes`, url.href)
            }
            const read =
              init.method === 'HEAD'
                ? { body: Buffer.alloc(0), truncated: false }
                : await readCapped(
                    response.body,
                    headers['content-encoding'],
                    maxBytes,
                    init.truncate !== false,
                    url.href,
                  )
            return {
              url: url.href,
              status: response.statusCode,
              headers,
              body: read.body,
              truncated: read.truncated,
              redirects: chain,
            }
          } finally {
            release()
            if (!response.body.destroyed) response.body.destroy()
          }
        }
      } catch (error) {
        throw toFetchError(error, url.href, timedOut)
      } finally {
        clearTimeout(timer)
        init.signal?.removeEventListener('abort', onAbort)
      }
    },
    async close() {
      await Promise.all([guarded.close(), allowlisted.close()])
    },
  }
}
