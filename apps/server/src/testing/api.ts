// JSON requests to /api as a signed-in user, for route tests.
import type { RequestTarget } from './auth.js'

export interface ApiResult<T> {
  status: number
  body: T
}

/** `call<T>(method, path, body?, token?)`: the token defaults to the one `token()` returns. */
export function apiCaller(app: RequestTarget, token: () => string) {
  return async function call<T = { error?: { code: string; message: string } }>(
    method: string,
    path: string,
    body?: unknown,
    bearer = token(),
  ): Promise<ApiResult<T>> {
    const res = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as T }
  }
}
