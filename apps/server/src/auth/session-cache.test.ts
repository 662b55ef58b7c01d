// The verified (user, session) pair is cached in-process (ADR 004); these tests warm the cache first
// and prove that each write that matters is visible on the very next request. On PostgreSQL the
// other instances hear of it through NOTIFY (session-invalidation.test.ts, test/instances.test.ts).
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'
import { authHeader, JSON_HEADERS, postAuth, signIn, signUp } from '../testing/auth.js'
import { createSessionCache } from './session-cache.js'

let t: TestApp
const clock = createTestClock()

const getUser = (token: string) => t.app.request('/auth/v1/user', { headers: authHeader(token) })
const getBusiness = (token: string) =>
  t.app.request('/api/business', { headers: authHeader(token) })

beforeEach(async () => {
  t = await createTestApp({ clock })
})
afterEach(() => t.close())

describe('session cache', () => {
  test('is in use on either database', async () => {
    const a = await signUp(t.app)
    expect((await getUser(a.accessToken)).status).toBe(200)
    expect(t.deps.sessionCache?.get(a.sessionId, a.userId, clock.now())).toBeDefined()
  })

  test('a logout from another device ends a cached session at once, on /auth/v1 and /api', async () => {
    const a = await signUp(t.app, { email: 'owner@example.com', password: 'correct horse' })
    const b = await signIn(t.app, { email: 'owner@example.com', password: 'correct horse' })
    expect((await getUser(b.accessToken)).status).toBe(200)
    expect((await getBusiness(b.accessToken)).status).toBe(200)

    const res = await t.app.request('/auth/v1/logout?scope=others', {
      method: 'POST',
      headers: authHeader(a.accessToken),
    })
    expect(res.status).toBe(204)
    expect((await getUser(b.accessToken)).status).toBe(403)
    expect((await getBusiness(b.accessToken)).status).toBe(401)
    expect((await getUser(a.accessToken)).status).toBe(200)
  })

  test('a metadata change is seen by the other sessions on their next request', async () => {
    const a = await signUp(t.app, { email: 'owner@example.com', password: 'correct horse' })
    const b = await signIn(t.app, { email: 'owner@example.com', password: 'correct horse' })
    await getUser(b.accessToken)
    await t.app.request('/auth/v1/user', {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...authHeader(a.accessToken) },
      body: JSON.stringify({ data: { full_name: 'Renamed Owner' } }),
    })
    const user = (await (await getUser(b.accessToken)).json()) as {
      user_metadata: Record<string, unknown>
    }
    expect(user.user_metadata.full_name).toBe('Renamed Owner')
  })

  test('a replayed refresh token ends the cached session at once', async () => {
    const a = await signUp(t.app)
    await getUser(a.accessToken)
    expect(
      (await postAuth(t.app, '/token?grant_type=refresh_token', { refresh_token: a.refreshToken }))
        .status,
    ).toBe(200)
    clock.advance(11)
    expect((await getUser(a.accessToken)).status).toBe(200) // cached again, inside its TTL
    const replay = await postAuth(t.app, '/token?grant_type=refresh_token', {
      refresh_token: a.refreshToken,
    })
    expect(replay.status).toBe(400)
    expect((await getUser(a.accessToken)).status).toBe(403)
  })
})

describe('createSessionCache', () => {
  const user = { id: 'u1' } as never
  const session = { id: 's1' } as never
  const now = new Date('2026-01-01T00:00:00Z')

  const entry = { user, session, mfaEnabled: false, factors: [] }

  test('entries expire after the TTL', () => {
    const cache = createSessionCache({ ttlMs: 1000 })
    cache.set(entry, now, cache.version())
    expect(cache.get('s1', 'u1', now)).toBeDefined()
    expect(cache.get('s1', 'u1', new Date(now.getTime() + 1000))).toBeUndefined()
  })

  test('an entry is only found for the user it belongs to', () => {
    const cache = createSessionCache()
    cache.set(entry, now, cache.version())
    expect(cache.get('s1', 'u2', now)).toBeUndefined()
  })

  test('it never grows past its size bound, dropping the oldest entry', () => {
    const cache = createSessionCache({ maxEntries: 2 })
    for (const id of ['s1', 's2', 's3']) {
      cache.set({ ...entry, session: { id } as never }, now, cache.version())
    }
    expect(cache.get('s1', 'u1', now)).toBeUndefined()
    expect(cache.get('s3', 'u1', now)).toBeDefined()
  })

  test('rows read before an invalidation are not kept: a logout racing the read wins', () => {
    const cache = createSessionCache()
    const readAt = cache.version()
    cache.invalidateUser('someone else')
    cache.set(entry, now, readAt)
    expect(cache.get('s1', 'u1', now)).toBeUndefined()
  })

  test('suspended, it finds nothing and keeps nothing until resumed', () => {
    const cache = createSessionCache()
    cache.set(entry, now, cache.version())
    cache.suspend()
    expect(cache.get('s1', 'u1', now)).toBeUndefined()
    cache.set(entry, now, cache.version())
    expect(cache.get('s1', 'u1', now)).toBeUndefined()
    cache.resume()
    cache.set(entry, now, cache.version())
    expect(cache.get('s1', 'u1', now)).toBeDefined()
  })
})
