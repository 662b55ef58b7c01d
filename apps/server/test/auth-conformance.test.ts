// Conformance: the unmodified @supabase/auth-js GoTrueClient against our /auth/v1 on a real
// listening server (docs/auth-api.md §8).
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import {
  GoTrueClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@supabase/auth-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../src/testing/app.js'
import { uniqueEmail } from '../src/testing/auth.js'
import { lastMailTo, mailsTo } from '../src/testing/mail.js'

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

  test('resetPasswordForEmail, the code from the outbox, verifyOtp recovery, then updateUser password', async () => {
    const email = uniqueEmail('conf')
    await newClient().signUp({ email, password })
    const client = newClient()
    const reset = await client.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:3000/',
    })
    expect(reset.error).toBeNull()
    const mail = await lastMailTo(t.db, email)
    const verified = await client.verifyOtp({ email, token: mail.code, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email).toBe(email)
    const updated = await client.updateUser({ password: 'a brand new password' })
    expect(updated.error).toBeNull()
    const again = await newClient().signInWithPassword({ email, password: 'a brand new password' })
    expect(again.error).toBeNull()
    const old = await newClient().signInWithPassword({ email, password })
    expect(old.error?.code).toBe('invalid_credentials')
    // The code was used up.
    const reused = await newClient().verifyOtp({ email, token: mail.code, type: 'recovery' })
    expect(reused.error?.code).toBe('otp_expired')
    expect(reused.error?.status).toBe(403)
  })

  test('verifyOtp with the token_hash of the emailed link', async () => {
    const email = uniqueEmail('conf')
    await newClient().signUp({ email, password })
    await newClient().resetPasswordForEmail(email)
    const mail = await lastMailTo(t.db, email)
    const client = newClient()
    const { data, error } = await client.verifyOtp({ token_hash: mail.token, type: 'recovery' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect((await client.getUser()).error).toBeNull()
  })

  test('signInWithOtp then verifyOtp with the 6-digit code', async () => {
    const email = uniqueEmail('conf')
    await newClient().signUp({ email, password })
    const client = newClient()
    const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(sent.error).toBeNull()
    const mail = await lastMailTo(t.db, email)
    const { data, error } = await client.verifyOtp({ email, token: mail.code, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    const unknown = await newClient().signInWithOtp({
      email: uniqueEmail('nobody'),
      options: { shouldCreateUser: false },
    })
    expect(unknown.error?.code).toBe('otp_disabled')
  })

  test('mfa enroll, challenge and verify with an otpauth code give aal2; the same code is refused; unenroll', async () => {
    const client = newClient()
    await client.signUp({ email: uniqueEmail('conf'), password })
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(enrolled.error).toBeNull()
    if (!enrolled.data) return
    expect(enrolled.data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) })
    const code = totp.generate({ timestamp: clock.now().getTime() })
    const verified = await client.mfa.challengeAndVerify({ factorId: enrolled.data.id, code })
    expect(verified.error).toBeNull()
    const aal = await client.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data?.currentLevel).toBe('aal2')
    expect(JSON.stringify(aal.data?.currentAuthenticationMethods)).toContain('"method":"totp"')
    const factors = await client.mfa.listFactors()
    expect(factors.data?.totp.map((f) => f.id)).toEqual([enrolled.data.id])

    const replay = await client.mfa.challengeAndVerify({ factorId: enrolled.data.id, code })
    expect(replay.error?.code).toBe('mfa_verification_failed')

    const removed = await client.mfa.unenroll({ factorId: enrolled.data.id })
    expect(removed.error).toBeNull()
    expect((await client.getUser()).data.user?.factors ?? []).toEqual([])
  })

  test('a password sign-in of a user with a factor asks for the next level', async () => {
    const email = uniqueEmail('conf')
    const first = newClient()
    await first.signUp({ email, password })
    const enrolled = await first.mfa.enroll({ factorType: 'totp' })
    if (!enrolled.data) throw new Error('enroll failed')
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) })
    await first.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totp.generate({ timestamp: clock.now().getTime() }),
    })
    const second = newClient()
    expect((await second.signInWithPassword({ email, password })).error).toBeNull()
    const aal = await second.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  })

  test('resend of the sign-up confirmation answers without error', async () => {
    const email = uniqueEmail('conf')
    await newClient().signUp({ email, password })
    const { error } = await newClient().resend({ type: 'signup', email })
    expect(error).toBeNull()
    // Already confirmed (autoconfirm): nothing is sent, and nothing tells the caller so.
    expect(await mailsTo(t.db, email)).toHaveLength(0)
  })

  test('a password change through updateUser keeps this session and ends the others', async () => {
    const email = uniqueEmail('conf')
    const a = newClient()
    await a.signUp({ email, password })
    const b = newClient()
    expect((await b.signInWithPassword({ email, password })).error).toBeNull()
    expect((await a.updateUser({ password: 'another good password' })).error).toBeNull()
    expect((await a.getUser()).error).toBeNull()
    expect(isAuthSessionMissingError((await b.getUser()).error)).toBe(true)
  })
})
