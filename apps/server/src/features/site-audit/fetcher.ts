// The crawler fetches through this small interface only: the shape of the SSRF-safe fetcher
// (net/safe-fetch.ts), so the app passes that one and tests may pass a stub.
import {
  FetchBlockedError,
  FetchRedirectLoopError,
  FetchTimeoutError,
  FetchTooLargeError,
  FetchTooManyRedirectsError,
  networkCause,
  type SafeFetchResponse,
} from '../../net/safe-fetch.js'

interface FetchInit {
  method?: 'GET' | 'HEAD'
  headers?: Record<string, string>
  /** Body cap for this request; the fetcher's default otherwise. */
  maxBytes?: number
  signal?: AbortSignal
}

/** What a fetch answers: the SSRF-safe fetcher's response. */
export type FetchResult = SafeFetchResponse

export interface Fetcher {
  fetch(url: string, init?: FetchInit): Promise<FetchResult>
}

/** Why a request produced no response; what the audit reports instead of a status code. */
/** 'dns', 'refused' and 'tls' name why a connection failed; 'network' is any other failure. */
export type FetchFailureKind =
  | 'timeout'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'blocked-address'
  | 'too-large'
  | 'dns'
  | 'refused'
  | 'tls'
  | 'network'

/** The crawler's own per-request deadline, for a fetcher that does not keep its own. */
export class CrawlTimeoutError extends Error {
  override name = 'CrawlTimeoutError'
}

/** Maps an error thrown by the fetcher (net/safe-fetch.ts error classes) to a failure kind. */
export function classifyFetchError(error: unknown): FetchFailureKind {
  if (error instanceof FetchRedirectLoopError) return 'redirect-loop'
  if (error instanceof FetchTooManyRedirectsError) return 'too-many-redirects'
  if (error instanceof FetchTimeoutError) return 'timeout'
  if (error instanceof FetchBlockedError) return 'blocked-address'
  if (error instanceof FetchTooLargeError) return 'too-large'
  if (error instanceof CrawlTimeoutError) return 'timeout'
  const cause = networkCause(error)
  return cause === 'other' ? 'network' : cause
}
