// One error model for /api (docs/house-rules.md "One error shape"): throw AppError anywhere, map it once.
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'not_a_member'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'url_not_allowed'
  | 'rate_limited'
  | 'internal_error'
  | 'bad_gateway'
  | 'service_unavailable'
  | 'insufficient_storage'

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  // The request named a business its sender does not (or no longer) belong to (ADR 043).
  not_a_member: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  // A URL the server will not fetch: private or local address, other port or scheme (net/safe-fetch).
  url_not_allowed: 422,
  rate_limited: 429,
  internal_error: 500,
  // An upstream service (the AI model) failed and there is no honest fallback (docs/product.md §8).
  bad_gateway: 502,
  // The database could not answer for a moment (a restart, a failover): try again (ADR 026).
  service_unavailable: 503,
  // The disk under the database is full: nothing was saved (ADR 026).
  insufficient_storage: 507,
}

export interface ErrorIssue {
  path: string
  message: string
}

export class AppError extends Error {
  readonly status: ContentfulStatusCode

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message)
    this.name = 'AppError'
    this.status = statusByCode[code]
  }
}

export function errorBody(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
  return { error: issues ? { code, message, issues } : { code, message } }
}
