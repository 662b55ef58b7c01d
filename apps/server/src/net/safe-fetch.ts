// The one way the server fetches a URL a user gave it (backlink pages, site audits): an SSRF guard
// around undici (docs/house-rules.md "outbound HTTP", docs/decisions/007-ssrf-safe-fetching.md, docs/security.md §1f).
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
// Any status is a response (a 404 is not an error); failures throw the Fetch*Error classes
// (fetch-errors.ts). The rules live in url-policy.ts and guarded-lookup.ts; this file follows hops.
import type { Dispatcher } from 'undici'
import { Agent } from 'undici'
import {
  FetchBlockedError,
  FetchError,
  FetchNetworkError,
  FetchRedirectLoopError,
  FetchTimeoutError,
  FetchTooLargeError,
  FetchTooManyRedirectsError,
} from './fetch-errors.js'
import { guardedLookup, systemResolver, type Resolver } from './guarded-lookup.js'
import { hostLimiter } from './host-limiter.js'
import { flattenHeaders, readCapped } from './read-body.js'
import { checkUrl, urlPolicy, type UrlPolicy } from './url-policy.js'

export * from './fetch-errors.js'
export { isAddableUrl, type Resolver } from './guarded-lookup.js'
export { checkUrl, isPublicAddress, urlPolicy } from './url-policy.js'

export const DEFAULT_USER_AGENT = 'LocalSEO-AI-LinkChecker/1.0 (+https://localseo.ai/bot)'
export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
export const DEFAULT_MAX_REDIRECTS = 5
export const DEFAULT_MAX_CONNECTIONS_PER_HOST = 2
const MAX_URL_LENGTH = 4096
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

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

interface SafeFetchOptions {
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

function parseTarget(input: string): URL {
  try {
    if (input.length > MAX_URL_LENGTH) throw new Error('too long')
    return new URL(input)
  } catch {
    throw new FetchBlockedError('invalid-url', input.slice(0, 200), 'not a valid URL')
  }
}

/** One deadline for the whole fetch, which the caller's own signal can also cut short. */
function deadline(timeoutMs: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onAbort = () => controller.abort()
  outer?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}

/** The next hop of a redirect, or undefined when the response is the answer. */
function redirectTarget(response: Dispatcher.ResponseData, url: URL): URL | undefined {
  const location = response.headers.location
  if (!REDIRECT_STATUSES.has(response.statusCode) || typeof location !== 'string') return undefined
  return new URL(location, url)
}

/** A redirect that loops or goes past the limit is refused. */
function checkRedirect(next: URL, chain: string[], maxRedirects: number, input: string) {
  if (chain.includes(next.href)) {
    throw new FetchRedirectLoopError(`The redirects loop back to ${next.href}`, input)
  }
  if (chain.length > maxRedirects) {
    throw new FetchTooManyRedirectsError(`More than ${maxRedirects} redirects`, input)
  }
}

/** The final response, its body decoded and capped. */
async function readResponse(
  response: Dispatcher.ResponseData,
  url: URL,
  init: SafeFetchOptions,
  maxBytes: number,
) {
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
  return { status: response.statusCode, headers, ...read }
}

/** The two connection pools: checked lookups for everyone, plain ones for allowlisted targets. */
function createAgents(options: SafeFetcherOptions, timeoutMs: number, perHost: number) {
  const agentOptions = {
    connections: perHost,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  }
  return {
    guarded: new Agent({
      ...agentOptions,
      connect: { timeout: timeoutMs, lookup: guardedLookup(options.resolve ?? systemResolver) },
    }),
    // Only for URLs whose host:port is in allowHosts, chosen per hop.
    allowlisted: new Agent({ ...agentOptions, connect: { timeout: timeoutMs } }),
  }
}

/**
 * An SSRF-safe fetcher. Create one per process (it owns the connection pools) and `close()` it on
 * shutdown. See the module comment for the rules it enforces.
 */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const policy: UrlPolicy = urlPolicy(options)
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const perHost = options.maxConnectionsPerHost ?? DEFAULT_MAX_CONNECTIONS_PER_HOST
  const agents = createAgents(options, timeoutMs, perHost)
  const acquire = hostLimiter(perHost)

  /** One hop: the URL re-checked, a slot for its host taken, the request sent. */
  async function fetchOnce(url: URL, init: SafeFetchOptions, signal: AbortSignal) {
    const { allowlisted } = checkUrl(url, policy)
    const agent = allowlisted ? agents.allowlisted : agents.guarded
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

  /**
   * Hops until an answer that is not a redirect; every hop is checked again. `hop.url` is the URL
   * being fetched, so a failure is reported against the hop that failed.
   */
  async function follow(
    input: string,
    hop: { url: URL },
    init: SafeFetchOptions,
    signal: AbortSignal,
  ) {
    const maxBytes = init.maxBytes ?? defaultMaxBytes
    const chain: string[] = []
    for (;;) {
      const url = hop.url
      chain.push(url.href)
      const { response, release } = await fetchOnce(url, init, signal)
      try {
        const next = redirectTarget(response, url)
        if (!next) {
          const read = await readResponse(response, url, init, maxBytes)
          return { url: url.href, ...read, redirects: chain }
        }
        await response.body.dump()
        checkRedirect(next, chain, maxRedirects, input)
        hop.url = next
      } finally {
        release()
        if (!response.body.destroyed) response.body.destroy()
      }
    }
  }

  return {
    async fetch(input, init = {}) {
      const hop = { url: parseTarget(input) }
      const limit = deadline(timeoutMs, init.signal)
      try {
        return await follow(input, hop, init, limit.signal)
      } catch (error) {
        throw toFetchError(error, hop.url.href, limit.timedOut())
      } finally {
        limit.dispose()
      }
    },
    async close() {
      await Promise.all([agents.guarded.close(), agents.allowlisted.close()])
    },
  }
}
