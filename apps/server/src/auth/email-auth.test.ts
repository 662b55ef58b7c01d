// Recovery, code sign-in, confirmation, resend, email change and /verify (issue 3 item 2) through
// the real /auth/v1 API, reading the mail from the local outbox.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { users } from '../db/schema/business.js'
import { authOneTimeTokens, authUsers, mailOutbox } from '../db/schema/auth.js'
import {
  authHeader,
  json,
  postAuth,
  signIn,
  signUp,
  uniqueEmail,
  type ErrorBody,
  type SessionBody,
  type UserBody,
} from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'
import { lastMailTo, mailsTo } from '../testing/mail.js'

const SITE = 'http://localhost:3000'
let t: TestApp
const clock = () => createTestClock(new Date())

afterEach(async () => {
  await t.close()
})

function claims(accessToken: string) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    amr: { method: string }[]
    aal: string
    sub: string
  }
}

const getUser = (token: string) => t.app.request('/auth/v1/user', { headers: authHeader(token) })

describe('POST /recover', () => {
  test('a known address gets a link and a code; an unknown one gets the same answer and no mail', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app)
    const known = await postAuth(t.app, '/recover', { email: s.email.toUpperCase() })
    const unknownEmail = uniqueEmail('nobody')
    const unknown = await postAuth(t.app, '/recover', { email: unknownEmail })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await known.json()).toEqual({})
    expect(await unknown.json()).toEqual({})
    expect(await mailsTo(t.db, unknownEmail)).toHaveLength(0)

    const mail = await lastMailTo(t.db, s.email)
    expect(mail.subject).toBe('Reset your LocalSEO AI password')
    expect(mail.link.startsWith(`${SITE}/auth/v1/verify?`)).toBe(true)
    expect(mail.type).toBe('recovery')
    expect(mail.html).toContain('LocalSEO AI')
    expect(mail.text).toContain(mail.code)
    // Only hashes are stored.
    const [row] = await t.db.select().from(authOneTimeTokens)
    expect(JSON.stringify(row)).not.toContain(mail.token)
    expect(JSON.stringify(row)).not.toContain(mail.code)
  })

  test('the code signs in once with amr otp; reuse and a wrong code are otp_expired', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app)
    await postAuth(t.app, '/recover', { email: s.email })
    const mail = await lastMailTo(t.db, s.email)

    const wrong = await postAuth(t.app, '/verify', {
      type: 'recovery',
      email: s.email,
      token: mail.code === '000000' ? '111111' : '000000',
    })
    expect(wrong.status).toBe(403)
    expect((await json<ErrorBody>(wrong)).code).toBe('otp_expired')

    const ok = await postAuth(t.app, '/verify', {
      type: 'recovery',
      email: s.email,
      token: mail.code,
    })
    expect(ok.status).toBe(200)
    const session = await json<SessionBody>(ok)
    expect(session.user.id).toBe(s.userId)
    expect(claims(session.access_token).amr.map((a) => a.method)).toEqual(['otp'])

    const again = await postAuth(t.app, '/verify', {
      type: 'recovery',
      email: s.email,
      token: mail.code,
    })
    expect(again.status).toBe(403)
    expect((await json<ErrorBody>(again)).code).toBe('otp_expired')
    const hash = await postAuth(t.app, '/verify', { type: 'recovery', token_hash: mail.token })
    expect(hash.status).toBe(403)
  })

  test('a token older than one hour is refused', async () => {
    const c = clock()
    t = await createTestApp({ clock: c })
    const s = await signUp(t.app)
    await postAuth(t.app, '/recover', { email: s.email })
    const mail = await lastMailTo(t.db, s.email)
    c.advance(3601)
    const late = await postAuth(t.app, '/verify', { type: 'recovery', token_hash: mail.token })
    expect(late.status).toBe(403)
    expect((await json<ErrorBody>(late)).code).toBe('otp_expired')
  })

  test('five wrong codes burn the token, so the right one no longer works', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app)
    await postAuth(t.app, '/recover', { email: s.email })
    const mail = await lastMailTo(t.db, s.email)
    const wrongCode = mail.code === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) {
      const r = await postAuth(t.app, '/verify', {
        type: 'email',
        email: s.email,
        token: wrongCode,
      })
      expect(r.status).toBe(403)
    }
    const right = await postAuth(t.app, '/verify', {
      type: 'email',
      email: s.email,
      token: mail.code,
    })
    expect(right.status).toBe(403)
    expect(await t.db.select().from(authOneTimeTokens)).toHaveLength(0)
  })
})

describe('GET /verify (the emailed link)', () => {
  test('redirects with the session in the fragment, then with otp_expired on reuse', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app)
    await postAuth(t.app, `/recover?redirect_to=${encodeURIComponent(`${SITE}/reset`)}`, {
      email: s.email,
    })
    const mail = await lastMailTo(t.db, s.email)
    const path = mail.link.slice(SITE.length)
    const first = await t.app.request(path)
    expect(first.status).toBe(303)
    const location = new URL(first.headers.get('Location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/reset`)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0)
    const access = fragment.get('access_token') ?? ''
    expect((await getUser(access)).status).toBe(200)
    expect(fragment.get('refresh_token')).toBeTruthy()

    const second = await t.app.request(path)
    expect(second.status).toBe(303)
    const error = new URLSearchParams(new URL(second.headers.get('Location') ?? '').hash.slice(1))
    expect(error.get('error')).toBe('access_denied')
    expect(error.get('error_code')).toBe('otp_expired')
    expect(error.get('access_token')).toBeNull()
  })

  test('a foreign redirect target falls back to SITE_URL; an allow-listed one is kept', async () => {
    t = await createTestApp({
      clock: clock(),
      env: { AUTH_REDIRECT_URLS: 'http://localhost:5173' },
    })
    const s = await signUp(t.app)
    for (const evil of [
      'https://evil.example/reset',
      'http://localhost:3000.evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      'http://user@localhost:3000/',
    ]) {
      const r = await t.app.request(
        `/auth/v1/verify?type=recovery&token=nope&redirect_to=${encodeURIComponent(evil)}`,
      )
      expect(r.status).toBe(303)
      expect(r.headers.get('Location')?.startsWith(`${SITE}/#error=`)).toBe(true)
    }
    await postAuth(
      t.app,
      `/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      { email: s.email },
    )
    const mail = await lastMailTo(t.db, s.email)
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${SITE}/`)

    const allowed = await t.app.request(
      `/auth/v1/verify?type=recovery&token=nope&redirect_to=${encodeURIComponent('http://localhost:5173/welcome')}`,
    )
    expect(allowed.headers.get('Location')?.startsWith('http://localhost:5173/welcome#')).toBe(true)
  })
})

describe('POST /otp', () => {
  test('an existing user gets a code that signs in with type email', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app)
    const r = await postAuth(t.app, '/otp', { email: s.email, create_user: true, data: {} })
    expect(r.status).toBe(200)
    expect(await r.json()).toEqual({})
    const mail = await lastMailTo(t.db, s.email)
    expect(mail.subject).toBe('Your LocalSEO AI sign-in code')
    expect(mail.type).toBe('magiclink')
    const ok = await postAuth(t.app, '/verify', { type: 'email', email: s.email, token: mail.code })
    expect(ok.status).toBe(200)
    expect((await json<SessionBody>(ok)).user.id).toBe(s.userId)
  })

  test('create_user false for an unknown address is otp_disabled and creates nothing', async () => {
    t = await createTestApp({ clock: clock() })
    const email = uniqueEmail('new')
    const r = await postAuth(t.app, '/otp', { email, create_user: false })
    expect(r.status).toBe(422)
    expect((await json<ErrorBody>(r)).code).toBe('otp_disabled')
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, email))).toHaveLength(0)
    expect(await mailsTo(t.db, email)).toHaveLength(0)
  })

  test('an unknown address gets an account that the code confirms and signs in', async () => {
    t = await createTestApp({ clock: clock() })
    const email = uniqueEmail('new')
    const r = await postAuth(t.app, '/otp', { email, data: { full_name: 'Nell' } })
    expect(r.status).toBe(200)
    const [created] = await t.db.select().from(authUsers).where(eq(authUsers.email, email))
    expect(created?.emailConfirmedAt).toBeNull()
    expect(created?.encryptedPassword).toBeNull()
    const mail = await lastMailTo(t.db, email)
    const ok = await postAuth(t.app, '/verify', { type: 'email', email, token: mail.code })
    expect(ok.status).toBe(200)
    const body = await json<SessionBody>(ok)
    expect(body.user.email_confirmed_at).toBeTruthy()
    const [product] = await t.db.select().from(users).where(eq(users.id, body.user.id))
    expect(product?.name).toBe('Nell')
  })
})

describe('sign-up confirmation (AUTH_AUTOCONFIRM=false)', () => {
  test('the link confirms and signs in; then the password works', async () => {
    t = await createTestApp({ clock: clock(), env: { AUTH_AUTOCONFIRM: 'false' } })
    const email = uniqueEmail('confirm')
    const signup = await postAuth(t.app, '/signup', { email, password: 'long enough pw' })
    expect(signup.status).toBe(200)
    const user = await json<UserBody & { confirmation_sent_at?: string }>(signup)
    expect(user.confirmation_sent_at).toBeTruthy()
    const mail = await lastMailTo(t.db, email)
    expect(mail.subject).toBe('Confirm your LocalSEO AI account')
    expect(mail.type).toBe('signup')
    const before = await postAuth(t.app, '/token?grant_type=password', {
      email,
      password: 'long enough pw',
    })
    expect((await json<ErrorBody>(before)).code).toBe('email_not_confirmed')

    const verified = await t.app.request(mail.link.slice(SITE.length))
    expect(
      new URLSearchParams(new URL(verified.headers.get('Location') ?? '').hash.slice(1)).get(
        'type',
      ),
    ).toBe('signup')
    await signIn(t.app, { email, password: 'long enough pw' })
  })

  test('signing up again with a taken address reveals nothing: a fake user, no identities', async () => {
    const c = clock()
    t = await createTestApp({ clock: c, env: { AUTH_AUTOCONFIRM: 'false' } })
    const email = uniqueEmail('twice')
    const first = await json<UserBody>(
      await postAuth(t.app, '/signup', { email, password: 'long enough pw' }),
    )
    c.advance(61)
    const second = await postAuth(t.app, '/signup', { email, password: 'other password' })
    expect(second.status).toBe(200)
    const fake = await json<UserBody>(second)
    expect(fake.id).not.toBe(first.id)
    expect(fake.identities).toEqual([])
    // Still unconfirmed, so the confirmation went out again.
    expect(await mailsTo(t.db, email)).toHaveLength(2)
  })

  test('resend sends the confirmation again only to an unconfirmed address', async () => {
    const c = clock()
    t = await createTestApp({ clock: c, env: { AUTH_AUTOCONFIRM: 'false' } })
    const email = uniqueEmail('resend')
    await postAuth(t.app, '/signup', { email, password: 'long enough pw' })
    c.advance(61)
    const r = await postAuth(t.app, '/resend', { type: 'signup', email })
    expect(r.status).toBe(200)
    expect(await r.json()).toEqual({})
    expect(await mailsTo(t.db, email)).toHaveLength(2)
    const unknownEmail = uniqueEmail('nobody')
    expect((await postAuth(t.app, '/resend', { type: 'signup', email: unknownEmail })).status).toBe(
      200,
    )
    expect(await mailsTo(t.db, unknownEmail)).toHaveLength(0)
    const bad = await postAuth(t.app, '/resend', { type: 'recovery', email })
    expect(bad.status).toBe(400)
    expect((await json<ErrorBody>(bad)).code).toBe('validation_failed')
  })
})

describe('email change through PUT /user', () => {
  test('the link to the new address switches the email; until then nothing changes', async () => {
    t = await createTestApp({ clock: clock() })
    const s = await signUp(t.app, { password: 'long enough pw' })
    const next = uniqueEmail('next')
    const put = await t.app.request('/auth/v1/user', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...authHeader(s.accessToken) },
      body: JSON.stringify({ email: next }),
    })
    expect(put.status).toBe(200)
    const pending = await json<UserBody & { new_email?: string }>(put)
    expect(pending.email).toBe(s.email)
    expect(pending.new_email).toBe(next)
    const mail = await lastMailTo(t.db, next)
    expect(mail.subject).toBe('Confirm your new LocalSEO AI email address')
    expect(mail.type).toBe('email_change')
    expect(await mailsTo(t.db, s.email)).toHaveLength(0)

    const ok = await postAuth(t.app, '/verify', {
      type: 'email_change',
      email: next,
      token: mail.code,
    })
    expect(ok.status).toBe(200)
    const user = await json<UserBody & { new_email?: string }>(await getUser(s.accessToken))
    expect(user.email).toBe(next)
    expect(user.new_email).toBeUndefined()
    const [product] = await t.db.select().from(users).where(eq(users.id, s.userId))
    expect(product?.email).toBe(next)
    await signIn(t.app, { email: next, password: 'long enough pw' })
    const old = await postAuth(t.app, '/token?grant_type=password', {
      email: s.email,
      password: 'long enough pw',
    })
    expect(old.status).toBe(400)
  })

  test('an address another account uses is email_exists and nothing is sent', async () => {
    t = await createTestApp({ clock: clock() })
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const put = await t.app.request('/auth/v1/user', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...authHeader(a.accessToken) },
      body: JSON.stringify({ email: b.email }),
    })
    expect(put.status).toBe(422)
    expect((await json<ErrorBody>(put)).error_code).toBe('email_exists')
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0)
    const [row] = await t.db.select().from(authUsers).where(eq(authUsers.id, a.userId))
    expect(row?.emailChange).toBeNull()
  })
})

describe('bad input', () => {
  test('verify without a type, with both token kinds or an unknown type is validation_failed', async () => {
    t = await createTestApp({ clock: clock() })
    for (const body of [
      { email: 'a@example.com', token: '123456' },
      { type: 'recovery', token_hash: 'abc', email: 'a@example.com' },
      { type: 'recovery' },
      { type: 'sms', email: 'a@example.com', token: '123456' },
    ]) {
      const r = await postAuth(t.app, '/verify', body)
      expect(r.status).toBe(400)
      expect((await json<ErrorBody>(r)).code).toBe('validation_failed')
    }
  })

  test('a malformed address is validation_failed on recover, otp and resend', async () => {
    t = await createTestApp({ clock: clock() })
    for (const [path, body] of [
      ['/recover', { email: 'not-an-email' }],
      ['/otp', { email: 'not-an-email' }],
      ['/resend', { type: 'signup', email: 'not-an-email' }],
    ] as const) {
      const r = await postAuth(t.app, path, body)
      expect(r.status).toBe(400)
      expect((await json<ErrorBody>(r)).code).toBe('validation_failed')
    }
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0)
  })
})
