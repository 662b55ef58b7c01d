// Test doubles for the network only: the app, the auth client and the router run for real.
import { emptyBusiness, type Business } from '@localseo/shared/business'
import { vi } from 'vitest'

type Handler = (request: Request) => Response | Promise<Response>

/** Stubs global fetch; keys look like 'POST /auth/v1/token'. Unknown calls answer 404. */
export function stubNetwork(handlers: Record<string, Handler>) {
  const calls: string[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const key = `${request.method} ${new URL(request.url).pathname}`
    calls.push(key)
    const handler = handlers[key]
    if (!handler) return json({ error: { code: 'not_found', message: `No stub for ${key}` } }, 404)
    return handler(request)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export const TOTP_FACTOR_ID = '0b9a5a34-5d0c-4c1e-9a51-6c2f7f0e9b11'

/** A verified authenticator-app factor, as GET /auth/v1/user lists it. */
export function totpFactor(status: 'verified' | 'unverified' = 'verified') {
  const now = new Date().toISOString()
  return {
    id: TOTP_FACTOR_ID,
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status,
    created_at: now,
    updated_at: now,
  }
}

export function authUser(
  overrides: {
    id?: string
    email?: string
    fullName?: string
    newEmail?: string
    factors?: ReturnType<typeof totpFactor>[]
  } = {},
) {
  const now = new Date().toISOString()
  return {
    id: overrides.id ?? '6f1c8c7e-2f7a-4c55-9d2b-3a3f0f6f9a01',
    aud: 'authenticated',
    role: 'authenticated',
    email: overrides.email ?? 'ada@example.com',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: overrides.fullName ?? 'Ada Lovelace' },
    created_at: now,
    updated_at: now,
    ...(overrides.newEmail ? { new_email: overrides.newEmail } : {}),
    ...(overrides.factors ? { factors: overrides.factors } : {}),
  }
}

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

/** An unsigned access token carrying an assurance level; auth-js reads aal from it locally. */
function accessToken(aal: 'aal1' | 'aal2', userId = authUser().id): string {
  const now = Math.floor(Date.now() / 1000)
  const payload = { sub: userId, aud: 'authenticated', exp: now + 3600, iat: now, aal }
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2ln`
}

export function sessionFor(user = authUser(), aal?: 'aal1' | 'aal2') {
  return {
    access_token: aal ? accessToken(aal, user.id) : 'test-access-token',
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  }
}

/** Puts a live session where auth-js keeps it, as if the user had logged in earlier. */
export function storeSession(session = sessionFor()) {
  localStorage.setItem('supabase.auth.token', JSON.stringify(session))
}

/** The server side of a signed-in user: the live user and their business. */
export function signedInHandlers(
  business: Business = emptyBusiness,
  user = authUser(),
): Record<string, Handler> {
  return {
    'GET /auth/v1/user': () => json(user),
    'GET /api/business': () => json({ business }),
    'POST /auth/v1/logout': () => new Response(null, { status: 204 }),
  }
}

export const namedBusiness: Business = {
  ...emptyBusiness,
  id: 'b7d1b7c4-2c1e-4a7e-8d0f-5d1b3c2a1f00',
  name: 'Sunrise Dental',
  category: 'Dental',
  city: 'Austin',
  state: 'TX',
}

/** A promise you resolve from the test, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
