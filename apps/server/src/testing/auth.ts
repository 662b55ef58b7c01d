// Signing up and authorizing in tests through the real /auth/v1 API (docs/house-rules.md "Tests": never mock our
// own API).

/** Anything with Hono's `request()`: the app from createTestApp() or a sub-app. */
export interface RequestTarget {
  request(input: string, init?: RequestInit): Response | Promise<Response>
}

export interface TestSession {
  accessToken: string
  refreshToken: string
  userId: string
  sessionId: string
  email: string
}

let counter = 0

/** A unique address per call, so tests never collide on the unique email index. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.com`

export const JSON_HEADERS = {
  'Content-Type': 'application/json',
  'X-Supabase-Api-Version': '2024-01-01',
}

export function authHeader(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` }
}

/** POST a JSON body to an /auth/v1 path (versioned, as auth-js sends it). */
export function postAuth(
  app: RequestTarget,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(`/auth/v1${path}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
  })
}

async function toSession(response: Response, what: string): Promise<TestSession> {
  if (response.status !== 200) {
    throw new Error(`${what} failed: ${response.status} ${await response.text()}`)
  }
  const body = (await response.json()) as {
    access_token: string
    refresh_token: string
    user: { id: string; email: string }
  }
  const payload = JSON.parse(
    Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { session_id: string }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    userId: body.user.id,
    sessionId: payload.session_id,
    email: body.user.email,
  }
}

/** Signs up (autoconfirm, the test default) and returns the new session. */
export async function signUp(
  app: RequestTarget,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<TestSession> {
  const response = await postAuth(app, '/signup', {
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'correct horse battery',
    data: input.name === undefined ? {} : { full_name: input.name },
  })
  return toSession(response, 'signUp')
}

/** Signs in with the password grant: a second, independent session of the same user. */
export async function signIn(
  app: RequestTarget,
  input: { email: string; password: string },
): Promise<TestSession> {
  const response = await postAuth(app, '/token?grant_type=password', input)
  return toSession(response, 'signIn')
}

/** The JSON body of a response, typed by the caller (the shapes below cover the auth API). */
export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T
}

export interface ErrorBody {
  code: string | number
  error_code: string
  message: string
  msg: string
  weak_password?: { reasons: string[] }
}

export interface UserBody {
  id: string
  email: string
  user_metadata: Record<string, unknown>
  app_metadata: Record<string, unknown>
  identities: { provider: string }[]
  email_confirmed_at?: string
  last_sign_in_at?: string
  factors?: unknown[]
  user?: unknown
  access_token?: unknown
}

export interface SessionBody {
  access_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  expires_at: number
  weak_password?: unknown
  user: UserBody
}
