import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { afterEach, describe, expect, test } from 'vitest'
import { AppError, errorBody } from '../lib/errors.js'
import type { AppDeps } from '../lib/deps.js'
import { authHeader, signUp, json } from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'
import { generateJwtKeys } from './keys.js'
import { requireAuth } from './require-auth.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

/** A throwaway /api-like app with one protected route that echoes the auth context. */
function protectedApp(deps: AppDeps) {
  const app = new Hono().use('*', requireAuth(deps)).get('/me', (c) => c.json(c.var.auth))
  app.onError((error, c) =>
    error instanceof AppError
      ? c.json(errorBody(error.code, error.message), error.status)
      : c.json(errorBody('internal_error', 'boom'), 500),
  )
  return app
}

describe('requireAuth', () => {
  test('lets a valid token through and exposes the auth context', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const response = await protectedApp(t.deps).request('/me', {
      headers: authHeader(s.accessToken),
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({
      userId: s.userId,
      sessionId: s.sessionId,
      email: s.email,
      aal: 'aal1',
    })
  })

  test('answers 401 without a token and for forged, foreign or expired tokens', async () => {
    const clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const s = await signUp(t.app)
    const api = protectedApp(t.deps)
    const [header = '', payload = ''] = s.accessToken.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url')}.${s.accessToken.split('.')[2]}`
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256' })
      .sign((await generateJwtKeys()).signingKey)
    for (const headers of [{}, authHeader(forged), authHeader(none), authHeader(wrongKey)]) {
      const response = await api.request('/me', { headers })
      expect(response.status).toBe(401)
      expect(await json(response)).toEqual({
        error: {
          code: 'unauthorized',
          message: 'You are not signed in, or your session has ended.',
        },
      })
    }
    clock.advance(3601)
    expect((await api.request('/me', { headers: authHeader(s.accessToken) })).status).toBe(401)
  })

  test('a token stops working as soon as its session is logged out', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const api = protectedApp(t.deps)
    expect((await api.request('/me', { headers: authHeader(s.accessToken) })).status).toBe(200)
    const logout = await t.app.request('/auth/v1/logout', {
      method: 'POST',
      headers: authHeader(s.accessToken),
    })
    expect(logout.status).toBe(204)
    expect((await api.request('/me', { headers: authHeader(s.accessToken) })).status).toBe(401)
  })
})
