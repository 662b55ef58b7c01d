import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { users } from '../db/schema/business.js'
import { authSessions } from '../db/schema/auth.js'
import {
  authHeader,
  postAuth,
  signIn,
  signUp,
  uniqueEmail,
  json,
  type ErrorBody,
  type UserBody,
} from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const getUser = (token: string) => t.app.request('/auth/v1/user', { headers: authHeader(token) })
const putUser = (token: string, body: unknown) =>
  t.app.request('/auth/v1/user', {
    method: 'PUT',
    headers: {
      ...authHeader(token),
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify(body),
  })
const logout = (token: string, scope?: string) =>
  t.app.request(`/auth/v1/logout${scope ? `?scope=${scope}` : ''}`, {
    method: 'POST',
    headers: authHeader(token),
  })

/** One user with three sessions a, b, c. */
async function threeSessions() {
  const email = uniqueEmail()
  const password = 'secret123'
  const a = await signUp(t.app, { email, password })
  const b = await signIn(t.app, { email, password })
  const c = await signIn(t.app, { email, password })
  return { a, b, c, email, password }
}

const statuses = (...tokens: string[]) =>
  Promise.all(tokens.map(async (token) => (await getUser(token)).status))

describe('GET /auth/v1/user', () => {
  test('returns the bare user, not wrapped, with no-store caching', async () => {
    t = await createTestApp()
    const s = await signUp(t.app, { name: 'Grace' })
    const response = await getUser(s.accessToken)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await json<UserBody>(response)
    expect(body).toMatchObject({
      id: s.userId,
      email: s.email,
      user_metadata: { full_name: 'Grace' },
    })
    expect(body.user).toBeUndefined()
  })

  test('a missing bearer token answers 401 no_authorization', async () => {
    t = await createTestApp()
    const response = await t.app.request('/auth/v1/user', {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(response.status).toBe(401)
    expect(await json(response)).toMatchObject({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
  })
})

describe('POST /auth/v1/logout', () => {
  test('the default scope is global and ends every session of the user', async () => {
    t = await createTestApp()
    const { a, b, c } = await threeSessions()
    const response = await logout(a.accessToken)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(await statuses(a.accessToken, b.accessToken, c.accessToken)).toEqual([403, 403, 403])
    const refresh = await postAuth(t.app, '/token?grant_type=refresh_token', {
      refresh_token: b.refreshToken,
    })
    expect((await json<ErrorBody>(refresh)).code).toBe('refresh_token_not_found')
  })

  test('scope local ends only the current session', async () => {
    t = await createTestApp()
    const { a, b, c } = await threeSessions()
    expect((await logout(a.accessToken, 'local')).status).toBe(204)
    expect(await statuses(a.accessToken, b.accessToken, c.accessToken)).toEqual([403, 200, 200])
  })

  test('scope others keeps the current session and ends the rest', async () => {
    t = await createTestApp()
    const { a, b, c } = await threeSessions()
    expect((await logout(a.accessToken, 'others')).status).toBe(204)
    expect(await statuses(a.accessToken, b.accessToken, c.accessToken)).toEqual([200, 403, 403])
  })

  test('logging out does not touch the sessions of other users', async () => {
    t = await createTestApp()
    const mine = await signUp(t.app)
    const theirs = await signUp(t.app)
    await logout(mine.accessToken, 'global')
    expect(await statuses(theirs.accessToken)).toEqual([200])
  })

  test('an unknown scope is a validation error and ends nothing', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const response = await logout(s.accessToken, 'everyone')
    expect(response.status).toBe(400)
    expect((await json<ErrorBody>(response)).error_code).toBe('validation_failed')
    expect(await statuses(s.accessToken)).toEqual([200])
  })
})

describe('PUT /auth/v1/user', () => {
  test('data is merged key-wise, null deletes a key, and full_name updates the product name', async () => {
    t = await createTestApp()
    const s = await signUp(t.app, { name: 'Ada' })
    await putUser(s.accessToken, { data: { plan: 'free', theme: 'dark' } })
    const response = await putUser(s.accessToken, { data: { theme: null, full_name: 'Ada L.' } })
    expect(response.status).toBe(200)
    const body = await json<UserBody>(response)
    expect(body.user_metadata).toEqual({ full_name: 'Ada L.', plan: 'free', email_verified: true })
    const [row] = await t.db.select().from(users).where(eq(users.id, s.userId))
    expect(row?.name).toBe('Ada L.')
  })

  test('changing the password ends all other sessions and the new password signs in', async () => {
    t = await createTestApp()
    const { a, b, email } = await threeSessions()
    const response = await putUser(a.accessToken, { password: 'brand-new-pass' })
    expect(response.status).toBe(200)
    expect(await statuses(a.accessToken, b.accessToken)).toEqual([200, 403])
    expect(await t.db.select().from(authSessions)).toHaveLength(1)
    const old = await postAuth(t.app, '/token?grant_type=password', {
      email,
      password: 'secret123',
    })
    expect(old.status).toBe(400)
    await signIn(t.app, { email, password: 'brand-new-pass' })
  })

  test('a weak or unchanged password is refused and nothing changes', async () => {
    t = await createTestApp()
    const { a, b } = await threeSessions()
    const weak = await putUser(a.accessToken, { password: '123' })
    expect(weak.status).toBe(422)
    expect(await json(weak)).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })
    const same = await putUser(a.accessToken, { password: 'secret123' })
    expect(same.status).toBe(422)
    expect((await json<ErrorBody>(same)).code).toBe('same_password')
    expect(await statuses(b.accessToken)).toEqual([200])
  })

  test('an email change waits for confirmation; the same address in other case changes nothing', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const next = uniqueEmail()
    const response = await putUser(s.accessToken, { email: next })
    expect(response.status).toBe(200)
    const body = await json<UserBody & { new_email?: string }>(response)
    expect(body.email).toBe(s.email)
    expect(body.new_email).toBe(next)
    const unchanged = await putUser(s.accessToken, { email: s.email.toUpperCase() })
    expect(unchanged.status).toBe(200)
    expect((await json<UserBody>(unchanged)).email).toBe(s.email)
  })
})
