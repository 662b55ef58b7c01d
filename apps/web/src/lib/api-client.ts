// The one way the web app calls /api: Hono RPC typed by the server's routes (type import only, so no
// server code reaches the browser bundle), with the current access token attached.
// Type-only: erased at build, so no server code reaches the browser (the lint zone cannot tell).
// eslint-disable-next-line import-x/no-restricted-paths
import type { AppType } from '@localseo/server/app'
import { hc } from 'hono/client'
import * as z from 'zod/mini'
import { ApiError } from './api-error'
import { currentAccessToken } from './access-token'
import { businessHeaders, chooseBusiness, chosenBusiness } from './current-business'
import { fetchTakingEarly } from './early-requests'

/**
 * The server's one error shape (docs/house-rules.md "One error shape"). In zod/mini, as everything
 * the dashboard's first screen imports (docs/decisions/019-compressed-assets-and-preloading.md).
 */
const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
})

// The token comes from the auth store, which loads auth-js only when the token needs it
// (lib/auth-before-client.ts): auth-js is not part of a returning owner's first load. The business
// chosen in this browser is named on every request (current-business.ts).
async function authHeaders(): Promise<Record<string, string>> {
  const token = await currentAccessToken()
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...businessHeaders() }
}

/**
 * A request named a business the person is no longer in (removed, or another person signed in on
 * this browser): the choice is forgotten and the app starts again on their first business.
 */
async function leaveForgottenBusiness(response: Response): Promise<void> {
  if (response.status !== 404 || chosenBusiness() === null) return
  if ((await toApiError(response.clone())).code !== 'not_a_member') return
  chooseBusiness(null)
  window.location.reload()
}

/** A first screen's requests may already have been sent by the start-up preload (early-requests.ts). */
const apiFetch: typeof fetch = async (input, init) => {
  const response = await fetchTakingEarly(input, init)
  await leaveForgottenBusiness(response)
  return response
}

export const apiClient = hc<AppType>(window.location.origin, {
  headers: authHeaders,
  fetch: apiFetch,
})

/** Turns a failed response into an ApiError with the server's code and message. */
export async function toApiError(response: Pick<Response, 'status' | 'text'>): Promise<ApiError> {
  let body: unknown = null
  try {
    body = JSON.parse(await response.text())
  } catch {
    // Not JSON (a proxy error page, for example).
  }
  const parsed = errorBodySchema.safeParse(body)
  if (!parsed.success) {
    return new ApiError(response.status, 'http_error', `Request failed (${response.status}).`)
  }
  const { code, message, issues } = parsed.data.error
  return new ApiError(response.status, code, message, issues)
}
