import { afterEach, describe, expect, test } from 'vitest'
import { authRefreshTokens } from '../db/schema/auth.js'
import {
  authHeader,
  postAuth,
  signUp,
  json,
  type ErrorBody,
  type SessionBody,
} from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const refresh = (refreshToken: string) =>
  postAuth(t.app, '/token?grant_type=refresh_token', { refresh_token: refreshToken })

async function rotate(refreshToken: string) {
  const response = await refresh(refreshToken)
  expect(response.status).toBe(200)
  return json<SessionBody>(response)
}

const sessionIdOf = (jwt: string) =>
  (
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      session_id: string
    }
  ).session_id

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  test('each refresh rotates the token R0 -> R1 -> R2 in the same session', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const r1 = await rotate(s.refreshToken)
    const r2 = await rotate(r1.refresh_token)
    expect(new Set([s.refreshToken, r1.refresh_token, r2.refresh_token]).size).toBe(3)
    expect(sessionIdOf(r2.access_token)).toBe(s.sessionId)
    // Only hashes are stored, never the tokens themselves.
    const stored = (await t.db.select().from(authRefreshTokens)).map((r) => r.tokenHash)
    expect(stored).toHaveLength(3)
    expect(stored).not.toContain(r2.refresh_token)
  })

  test('a retried token within 10 s returns the current active token instead of a new child', async () => {
    const clock = createTestClock()
    t = await createTestApp({ clock })
    const s = await signUp(t.app)
    const r1 = await rotate(s.refreshToken)
    clock.advance(5)
    const retried = await rotate(s.refreshToken)
    expect(retried.refresh_token).toBe(r1.refresh_token)
    // Two tokens behind still lands on the active one.
    const r2 = await rotate(r1.refresh_token)
    const again = await rotate(s.refreshToken)
    expect(again.refresh_token).toBe(r2.refresh_token)
    expect(await t.db.select().from(authRefreshTokens)).toHaveLength(3)
    // The returned token is still usable.
    await rotate(again.refresh_token)
  })

  test('two concurrent refreshes with the same token both get the same new token', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const [first, second] = await Promise.all([rotate(s.refreshToken), rotate(s.refreshToken)])
    expect(first.refresh_token).toBe(second.refresh_token)
    expect(await t.db.select().from(authRefreshTokens)).toHaveLength(2)
  })

  test('reuse after the 10 s interval kills the whole family and its access tokens', async () => {
    const clock = createTestClock()
    t = await createTestApp({ clock })
    const s = await signUp(t.app)
    const r1 = await rotate(s.refreshToken)
    const r2 = await rotate(r1.refresh_token)
    clock.advance(11)
    const reuse = await refresh(s.refreshToken)
    expect(reuse.status).toBe(400)
    expect(await json(reuse)).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    const newest = await refresh(r2.refresh_token)
    expect(newest.status).toBe(400)
    expect((await json<ErrorBody>(newest)).code).toBe('refresh_token_not_found')
    const user = await t.app.request('/auth/v1/user', { headers: authHeader(r2.access_token) })
    expect(user.status).toBe(403)
    expect((await json<ErrorBody>(user)).error_code).toBe('session_not_found')
  })

  test('an unknown refresh token answers refresh_token_not_found', async () => {
    t = await createTestApp()
    const response = await refresh('x'.repeat(43))
    expect(response.status).toBe(400)
    expect(await json(response)).toMatchObject({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    })
  })

  test('a short or missing refresh token is a validation error', async () => {
    t = await createTestApp()
    for (const body of [{ refresh_token: 'short' }, {}, { refresh_token: 42 }]) {
      const response = await postAuth(t.app, '/token?grant_type=refresh_token', body)
      expect(response.status).toBe(400)
      expect((await json<ErrorBody>(response)).code).toBe('validation_failed')
    }
  })

  test('the refreshed access token carries fresh user metadata', async () => {
    t = await createTestApp()
    const s = await signUp(t.app, { name: 'Old' })
    await t.app.request('/auth/v1/user', {
      method: 'PUT',
      headers: { ...authHeader(s.accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { full_name: 'New' } }),
    })
    const r1 = await rotate(s.refreshToken)
    const claims = JSON.parse(
      Buffer.from(r1.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { user_metadata: Record<string, unknown>; amr: { method: string }[] }
    expect(claims.user_metadata.full_name).toBe('New')
    // Refreshing adds no authentication method (§5).
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password'])
  })
})
