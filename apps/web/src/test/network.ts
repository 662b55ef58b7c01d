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

export function authUser(overrides: { id?: string; email?: string; fullName?: string } = {}) {
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
  }
}

export function sessionFor(user = authUser()) {
  return {
    access_token: 'test-access-token',
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
