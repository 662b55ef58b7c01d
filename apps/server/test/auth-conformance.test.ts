// Conformance: the unmodified @supabase/auth-js GoTrueClient against our /auth/v1 on a real
// listening server (reference/gotrue-compat.md §8).
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import {
  GoTrueClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@supabase/auth-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../src/testing/app.js'
import { uniqueEmail } from '../src/testing/auth.js'

/** auth-js' own test pattern: a Map-backed storage per client. */
class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

// The clock starts at real time so auth-js (which uses Date.now()) sees unexpired tokens.
const clock = createTestClock(new Date())
let t: TestApp
let server: ServerType
let url: string
let clients = 0

function newClient() {
  return new GoTrueClient({
    url,
    storage: new MemoryStorage(),
    storageKey: `sb-conformance-${++clients}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    headers: { apikey: 'anon' },
  })
}

const password = 'conformance-pass'

beforeAll(async () => {
  t = await createTestApp({ clock })
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(info.port),
    )
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo | null)?.port ?? port}/auth/v1`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

describe('@supabase/auth-js against /auth/v1', () => {
  test('signUp returns a session with an email identity', async () => {
    const client = newClient()
    const email = uniqueEmail('conf')
    const { data, error } = await client.signUp({
      email,
      password,
      options: { data: { full_name: 'Conf' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toEqual(expect.any(String))
    expect(data.session?.refresh_token).toEqual(expect.any(String))
    expect(data.user?.email).toBe(email)
    expect(data.user?.identities?.[0]?.provider).toBe('email')
    expect((await client.getSession()).data.session?.user.id).toBe(data.user?.id)
  })

  test('a wrong password is invalid_credentials with status 400, the right one signs in', async () => {
    const email = uniqueEmail('conf')
    await newClient().signUp({ email, password })
    const client = newClient()
    const wrong = await client.signInWithPassword({ email, password: 'not-the-password' })
    expect(isAuthApiError(wrong.error)).toBe(true)
    expect(wrong.error?.code).toBe('invalid_credentials')
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.message).toBe('Invalid login credentials')

    const right = await client.signInWithPassword({ email, password })
    expect(right.error).toBeNull()
    expect(right.data.session?.user.email).toBe(email)
    const { data, error } = await client.getUser()
    expect(error).toBeNull()
    expect(data.user?.id).toBe(right.data.user?.id)
  })

  test('updateUser merges user metadata', async () => {
    const client = newClient()
    await client.signUp({
      email: uniqueEmail('conf'),
      password,
      options: { data: { full_name: 'A' } },
    })
    const first = await client.updateUser({ data: { plan: 'pro' } })
    expect(first.error).toBeNull()
    const second = await client.updateUser({ data: { full_name: 'B' } })
    expect(second.error).toBeNull()
    expect(second.data.user?.user_metadata).toMatchObject({ full_name: 'B', plan: 'pro' })
    expect((await client.getUser()).data.user?.user_metadata.plan).toBe('pro')
  })

  test('refreshSession rotates the refresh token; a replay after the reuse interval kills the family', async () => {
    const client = newClient()
    const { data } = await client.signUp({ email: uniqueEmail('conf'), password })
    const r0 = data.session?.refresh_token ?? ''
    const refreshed = await client.refreshSession()
    expect(refreshed.error).toBeNull()
    const r1 = refreshed.data.session?.refresh_token ?? ''
    expect(r1).not.toBe(r0)
    expect(refreshed.data.session?.user.id).toBe(data.user?.id)

    clock.advance(11)
    const replay = await newClient().refreshSession({ refresh_token: r0 })
    expect(replay.error?.code).toBe('refresh_token_already_used')
    expect(replay.error?.status).toBe(400)
    const newest = await newClient().refreshSession({ refresh_token: r1 })
    expect(newest.error).not.toBeNull()
    expect(newest.data.session).toBeNull()
  })

  test("signOut({ scope: 'others' }) from one client signs out the other", async () => {
    const email = uniqueEmail('conf')
    const a = newClient()
    await a.signUp({ email, password })
    const b = newClient()
    expect((await b.signInWithPassword({ email, password })).error).toBeNull()
    expect((await b.getUser()).error).toBeNull()

    expect((await a.signOut({ scope: 'others' })).error).toBeNull()
    const gone = await b.getUser()
    expect(isAuthSessionMissingError(gone.error)).toBe(true)
    expect((await b.getSession()).data.session).toBeNull()
    expect((await a.getUser()).error).toBeNull()
  })

  test('a 5-character password is an AuthWeakPasswordError with reason length', async () => {
    const { data, error } = await newClient().signUp({
      email: uniqueEmail('conf'),
      password: '12345',
    })
    expect(isAuthWeakPasswordError(error)).toBe(true)
    if (!isAuthWeakPasswordError(error)) return
    expect(error.reasons).toEqual(['length'])
    expect(error.status).toBe(422)
    expect(data.session).toBeNull()
  })

  test('getClaims verifies the ES256 token locally with the published JWKS', async () => {
    const client = newClient()
    const { data: signUp } = await client.signUp({ email: uniqueEmail('conf'), password })
    const { data, error } = await client.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(signUp.user?.id)
    expect(data?.claims.aal).toBe('aal1')
  })
})
