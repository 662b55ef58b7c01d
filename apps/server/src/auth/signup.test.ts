import { hashPassword, OWASP_PASSWORD_COST } from './passwords.js'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { users } from '../db/schema/business.js'
import { authUsers } from '../db/schema/auth.js'
import {
  postAuth,
  signUp,
  uniqueEmail,
  json,
  type ErrorBody,
  type SessionBody,
  type UserBody,
} from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >

describe('POST /auth/v1/signup', () => {
  test('signing up returns a GoTrue session and creates the product users row with the name', async () => {
    t = await createTestApp({ clock: createTestClock() })
    const email = uniqueEmail()
    const response = await postAuth(t.app, '/signup', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret123',
      data: { full_name: 'Ada Lovelace' },
    })
    expect(response.status).toBe(200)
    const body = await json<SessionBody>(response)
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: {
        email,
        aud: 'authenticated',
        role: 'authenticated',
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { full_name: 'Ada Lovelace', email_verified: true },
        identities: [{ provider: 'email', identity_data: { email, email_verified: true } }],
        is_anonymous: false,
      },
    })
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.expires_at).toBe(decode(body.access_token).exp)
    expect(body.user.email_confirmed_at).toEqual(expect.any(String))
    expect(body.user.factors).toBeUndefined()

    const claims = decode(body.access_token)
    expect(claims).toMatchObject({
      iss: `${t.deps.env.SITE_URL}/auth/v1`,
      sub: body.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      phone: '',
      is_anonymous: false,
    })
    // The session began at issue time on the frozen clock.
    expect(claims.amr).toEqual([{ method: 'password', timestamp: claims.iat }])
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id))
    expect(row).toMatchObject({ email, name: 'Ada Lovelace' })
  })

  test('a second sign-up with the same email is refused with user_already_exists', async () => {
    t = await createTestApp()
    const email = uniqueEmail()
    await signUp(t.app, { email })
    const response = await postAuth(t.app, '/signup', {
      email: email.toUpperCase(),
      password: 'another1',
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('x-sb-error-code')).toBe('user_already_exists')
    expect(await json(response)).toMatchObject({
      code: 'user_already_exists',
      error_code: 'user_already_exists',
      message: 'User already registered',
    })
  })

  test('a password shorter than 6 characters is a weak_password with reason length', async () => {
    t = await createTestApp()
    const response = await postAuth(t.app, '/signup', { email: uniqueEmail(), password: '12345' })
    expect(response.status).toBe(422)
    expect(await json(response)).toMatchObject({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    })
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('without the version header the error has the legacy shape', async () => {
    t = await createTestApp()
    const response = await t.app.request('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: '1' }),
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('x-supabase-api-version')).toBeNull()
    expect(await json(response)).toMatchObject({ code: 422, error_code: 'weak_password' })
  })

  test("long passwords are not truncated and hashes are salted argon2id at OWASP's cost", async () => {
    // The server's cost (deps.ts gives none, so hashPassword's default); other tests use a cheap one.
    expect(await hashPassword('correct horse')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    t = await createTestApp({ passwordCost: OWASP_PASSWORD_COST })
    const email = uniqueEmail()
    const other = uniqueEmail()
    await signUp(t.app, { email, password: 'a'.repeat(80) + 'X' })
    await signUp(t.app, { email: other, password: 'a'.repeat(80) + 'X' })
    const wrong = await postAuth(t.app, '/token?grant_type=password', {
      email,
      password: 'a'.repeat(80) + 'Y',
    })
    expect(wrong.status).toBe(400)
    const right = await postAuth(t.app, '/token?grant_type=password', {
      email,
      password: 'a'.repeat(80) + 'X',
    })
    expect(right.status).toBe(200)
    const rows = await t.db.select().from(authUsers)
    const hashes = rows.map((r) => r.encryptedPassword ?? '')
    for (const hash of hashes) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(hashes[0]).not.toBe(hashes[1])
  })

  test('metadata that is not an object is a validation error and nothing is written', async () => {
    t = await createTestApp()
    for (const data of [[1, 2], 'name', 7]) {
      const response = await postAuth(t.app, '/signup', {
        email: uniqueEmail(),
        password: 'secret1',
        data,
      })
      expect(response.status).toBe(400)
      expect((await json<ErrorBody>(response)).code).toBe('validation_failed')
    }
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('an invalid email address is a validation error', async () => {
    t = await createTestApp()
    const response = await postAuth(t.app, '/signup', {
      email: 'not-an-email',
      password: 'secret1',
    })
    expect(response.status).toBe(400)
    expect((await json<ErrorBody>(response)).code).toBe('validation_failed')
  })

  test('without autoconfirm sign-up returns a bare user and password sign-in says email_not_confirmed', async () => {
    t = await createTestApp({ env: { AUTH_AUTOCONFIRM: 'false' } })
    const email = uniqueEmail()
    const response = await postAuth(t.app, '/signup', { email, password: 'secret123' })
    expect(response.status).toBe(200)
    const body = await json<UserBody>(response)
    expect(body.access_token).toBeUndefined()
    expect(body).toMatchObject({ email, identities: [{ provider: 'email' }] })
    expect(body.email_confirmed_at).toBeUndefined()
    const signIn = await postAuth(t.app, '/token?grant_type=password', {
      email,
      password: 'secret123',
    })
    expect(signIn.status).toBe(400)
    expect((await json<ErrorBody>(signIn)).code).toBe('email_not_confirmed')
    const settings = await json(await t.app.request('/auth/v1/settings'))
    expect(settings).toMatchObject({
      mailer_autoconfirm: false,
      external: { email: true, google: false },
    })
  })
})

describe('POST /auth/v1/token?grant_type=password', () => {
  test('the right password signs in with weak_password null and updates last_sign_in_at', async () => {
    t = await createTestApp()
    const email = uniqueEmail()
    const first = await signUp(t.app, { email, password: 'secret123' })
    const response = await postAuth(t.app, '/token?grant_type=password', {
      email: email.toUpperCase(),
      password: 'secret123',
    })
    expect(response.status).toBe(200)
    const body = await json<SessionBody>(response)
    expect(body.weak_password).toBeNull()
    expect(body.user.id).toBe(first.userId)
    expect(body.user.last_sign_in_at).toEqual(expect.any(String))
    expect(decode(body.access_token).session_id).not.toBe(decode(first.accessToken).session_id)
  })

  test('a wrong password and an unknown email both answer invalid_credentials', async () => {
    t = await createTestApp()
    const email = uniqueEmail()
    await signUp(t.app, { email, password: 'secret123' })
    for (const attempt of [
      { email, password: 'secret124' },
      { email: uniqueEmail(), password: 'secret123' },
    ]) {
      const response = await postAuth(t.app, '/token?grant_type=password', attempt)
      expect(response.status).toBe(400)
      expect(await json(response)).toMatchObject({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
    }
  })
})
