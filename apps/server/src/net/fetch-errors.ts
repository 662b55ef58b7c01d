// Every failure of the safe fetcher (safe-fetch.ts) is one of these, so callers branch on the class,
// never on a message.
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

/** Why a connection failed, in the terms an owner can act on. */
export type NetworkCause = 'dns' | 'refused' | 'tls' | 'other'

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL'])
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH'])
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/

/** The cause of a failed connection, read from the error codes along its `cause` chain. */
export function networkCause(error: unknown): NetworkCause {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (DNS_CODES.has(code)) return 'dns'
      if (REFUSED_CODES.has(code)) return 'refused'
      if (TLS_CODE.test(code)) return 'tls'
    }
    current = (current as { cause?: unknown }).cause
  }
  return 'other'
}
