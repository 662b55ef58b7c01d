// GoTrue's error model for /auth/v1 (docs/auth-api.md §4). auth-js reads `code` only when it
// can see the X-Supabase-Api-Version response header and `error_code` otherwise, so every body is a
// superset that maps to the same AuthApiError either way.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const API_VERSION_HEADER = 'X-Supabase-Api-Version'
/** The one API version we speak; echoed as-is rather than reflecting the request's value. */
const API_VERSION = '2024-01-01'

export class GoTrueError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    /** Extra body fields, for example `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers, for example `Retry-After` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'GoTrueError'
  }
}

export const badRequest = (code: string, message: string) => new GoTrueError(400, code, message)
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new GoTrueError(422, code, message, extra)
export const validationFailed = (message: string) => badRequest('validation_failed', message)
export const badJson = (message: string) => badRequest('bad_json', message)

/** 429 with the seconds to wait in `Retry-After` (issue 3 item 4). */
export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new GoTrueError(
    429,
    code,
    message,
    {},
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  )

export const MIN_PASSWORD_LENGTH = 6

/** 422 weak_password with the reasons auth-js turns into AuthWeakPasswordError (§4). */
export const weakPassword = () =>
  unprocessable('weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
    weak_password: { reasons: ['length'] },
  })

/**
 * Versioned clients (header present) get `code` as the string error code and the header echoed;
 * legacy clients (a browser navigation to /authorize, curl) get `code` as the HTTP status.
 */
export function goTrueErrorResponse(c: Context, error: GoTrueError): Response {
  const version = c.req.header(API_VERSION_HEADER)
  const body: Record<string, unknown> = {
    code: version ? error.errorCode : error.status,
    error_code: error.errorCode,
    message: error.message,
    msg: error.message,
    ...error.extra,
  }
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  if (version) {
    c.header(API_VERSION_HEADER, API_VERSION)
    c.header('x-sb-error-code', error.errorCode)
  }
  return c.json(body, error.status)
}
