// The DNS half of the SSRF guard (docs/decisions/007-ssrf-safe-fetching.md): a `lookup` for the
// socket that refuses any name resolving to a non-public address, so the connection uses exactly
// the addresses that were checked, and the one lookup made when a user adds a URL.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import ipaddr from 'ipaddr.js'
import { FetchBlockedError } from './fetch-errors.js'
import { checkUrl, defaultUrlPolicy, isPublicAddress, type UrlPolicy } from './url-policy.js'

/** `dns.lookup`'s shape with `all: true`; tests inject one to play DNS. */
export type Resolver = (
  hostname: string,
  options: { all: true; family?: number; hints?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

export const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, options, callback)

/**
 * How long the check of a newly added URL waits for DNS: short, as adding answers within 300 ms
 * (issue 36 item 3) and a name not resolved in time is saved anyway; every fetch checks again.
 */
const ADD_TIME_DNS_TIMEOUT_MS = 250

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
