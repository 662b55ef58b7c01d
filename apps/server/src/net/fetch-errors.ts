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
