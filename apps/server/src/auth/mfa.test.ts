// TOTP factors (issue 3 item 3): enroll, challenge, verify to aal2, replay protection, unenroll, and
// the aal2 requirement that follows a verified factor.
import { Secret, TOTP } from 'otpauth'
import { afterEach, describe, expect, test } from 'vitest'
import { authMfaFactors, authSessions } from '../db/schema/auth.js'
import {
  authHeader,
  json,
  postAuth,
  signIn,
  signUp,
  type ErrorBody,
  type SessionBody,
  type TestSession,
  type UserBody,
} from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../testing/app.js'

let t: TestApp
let clock: TestClock

afterEach(async () => {
  await t.close()
})

interface Enrolled {
  id: string
  type: string
  friendly_name: string
  totp: { qr_code: string; secret: string; uri: string }
}

const password = 'long enough pw'

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    aal: string
    amr: { method: string }[]
    session_id: string
  }
}

async function setUp() {
  // Mid-step, so a code of the current step stays valid for the whole test.
  clock = createTestClock(new Date('2026-03-01T10:00:05Z'))
  t = await createTestApp({ clock })
}

const send = (method: string, path: string, token: string, body?: unknown) =>
  t.app.request(`/auth/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...authHeader(token),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const codeFor = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at.getTime() })

async function enroll(s: TestSession, name = 'Phone') {
  const r = await send('POST', '/factors', s.accessToken, {
    factor_type: 'totp',
    friendly_name: name,
    issuer: 'LocalSEO AI',
  })
  expect(r.status).toBe(200)
  return json<Enrolled>(r)
}

async function challengeAndVerify(token: string, factorId: string, code: string) {
  const ch = await send('POST', `/factors/${factorId}/challenge`, token, { factorId })
  expect(ch.status).toBe(200)
  const { id } = await json<{ id: string; expires_at: number }>(ch)
  return send('POST', `/factors/${factorId}/verify`, token, { challenge_id: id, code })
}

/** A user with a verified factor; returns the aal2 session and the secret. */
async function withVerifiedFactor() {
  const s = await signUp(t.app, { password })
  const factor = await enroll(s)
  clock.advance(1)
  const r = await challengeAndVerify(
    s.accessToken,
    factor.id,
    codeFor(factor.totp.secret, clock.now()),
  )
  expect(r.status).toBe(200)
  const session = await json<SessionBody>(r)
  return { s, factor, session }
}

describe('/factors', () => {
  test('enroll returns an SVG QR code, the secret and an otpauth URI; GET /user lists the factor', async () => {
    await setUp()
    const s = await signUp(t.app)
    const factor = await enroll(s)
    expect(factor.type).toBe('totp')
    expect(factor.totp.qr_code.startsWith('<svg')).toBe(true)
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/LocalSEO%20AI:/)
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`)
    const user = await json<UserBody>(await send('GET', '/user', s.accessToken))
    expect(user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' }),
    ])
    expect(JSON.stringify(user)).not.toContain(factor.totp.secret)
  })

  test('a right code makes the same session aal2 with amr totp; the refreshed token keeps it', async () => {
    await setUp()
    const { s, factor, session } = await withVerifiedFactor()
    const c = claims(session.access_token)
    expect(c.aal).toBe('aal2')
    expect(c.session_id).toBe(s.sessionId)
    expect(c.amr.map((a) => a.method)).toEqual(['totp', 'password'])
    expect(session.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified' }),
    ])
    const refreshed = await postAuth(t.app, '/token?grant_type=refresh_token', {
      refresh_token: session.refresh_token,
    })
    expect(claims((await json<SessionBody>(refreshed)).access_token).aal).toBe('aal2')
  })

  test('the same code is refused on a new challenge in the same time step, and an old code too', async () => {
    await setUp()
    const { factor, session } = await withVerifiedFactor()
    const code = codeFor(factor.totp.secret, clock.now())
    const replay = await challengeAndVerify(session.access_token, factor.id, code)
    expect(replay.status).toBe(422)
    expect((await json<ErrorBody>(replay)).code).toBe('mfa_verification_failed')
    const old = codeFor(factor.totp.secret, new Date(clock.now().getTime() - 90_000))
    const stale = await challengeAndVerify(session.access_token, factor.id, old)
    expect(stale.status).toBe(422)
    clock.advance(30)
    const next = await challengeAndVerify(
      session.access_token,
      factor.id,
      codeFor(factor.totp.secret, clock.now()),
    )
    expect(next.status).toBe(200)
  })

  test('wrong, empty and expired input is refused with the reference codes and changes nothing', async () => {
    await setUp()
    const s = await signUp(t.app)
    const factor = await enroll(s)
    const ch = await json<{ id: string }>(
      await send('POST', `/factors/${factor.id}/challenge`, s.accessToken, {}),
    )
    const right = codeFor(factor.totp.secret, clock.now())
    const wrong = await send('POST', `/factors/${factor.id}/verify`, s.accessToken, {
      challenge_id: ch.id,
      code: right === '000000' ? '111111' : '000000',
    })
    expect((await json<ErrorBody>(wrong)).code).toBe('mfa_verification_failed')
    const empty = await send('POST', `/factors/${factor.id}/verify`, s.accessToken, {
      challenge_id: ch.id,
      code: '',
    })
    expect(empty.status).toBe(400)
    const unknownChallenge = await send('POST', `/factors/${factor.id}/verify`, s.accessToken, {
      challenge_id: crypto.randomUUID(),
      code: right,
    })
    expect((await json<ErrorBody>(unknownChallenge)).code).toBe('mfa_factor_not_found')
    clock.advance(301)
    const expired = await send('POST', `/factors/${factor.id}/verify`, s.accessToken, {
      challenge_id: ch.id,
      code: codeFor(factor.totp.secret, clock.now()),
    })
    expect((await json<ErrorBody>(expired)).code).toBe('mfa_challenge_expired')
    const [row] = await t.db.select().from(authMfaFactors)
    expect(row?.status).toBe('unverified')
    const [session] = await t.db.select().from(authSessions)
    expect(session?.aal).toBe('aal1')
  })

  test('a challenge answered from another IP is mfa_ip_address_mismatch', async () => {
    await setUp()
    const s = await signUp(t.app)
    const factor = await enroll(s)
    const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } })
    const ch = await t.app.request(
      `/auth/v1/factors/${factor.id}/challenge`,
      { method: 'POST', headers: authHeader(s.accessToken) },
      from('10.0.0.1'),
    )
    const { id } = await json<{ id: string }>(ch)
    const r = await t.app.request(
      `/auth/v1/factors/${factor.id}/verify`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
          ...authHeader(s.accessToken),
        },
        body: JSON.stringify({ challenge_id: id, code: codeFor(factor.totp.secret, clock.now()) }),
      },
      from('10.0.0.2'),
    )
    expect(r.status).toBe(422)
    expect((await json<ErrorBody>(r)).code).toBe('mfa_ip_address_mismatch')
  })

  test("another user's factor is not found", async () => {
    await setUp()
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const factor = await enroll(a)
    const r = await send('POST', `/factors/${factor.id}/challenge`, b.accessToken, {})
    expect(r.status).toBe(404)
    expect((await json<ErrorBody>(r)).code).toBe('mfa_factor_not_found')
    expect((await send('DELETE', `/factors/${factor.id}`, b.accessToken)).status).toBe(404)
    expect(await t.db.select().from(authMfaFactors)).toHaveLength(1)
  })
})

describe('after a factor is verified', () => {
  test('a password sign-in is aal1: /api refuses it until the code is entered', async () => {
    await setUp()
    const { s, factor } = await withVerifiedFactor()
    const second = await signIn(t.app, { email: s.email, password })
    expect(claims(second.accessToken).aal).toBe('aal1')
    const user = await json<UserBody>(await send('GET', '/user', second.accessToken))
    expect(user.factors?.length).toBe(1)
    const api = await t.app.request('/api/business', { headers: authHeader(second.accessToken) })
    expect(api.status).toBe(403)
    clock.advance(30)
    const verified = await challengeAndVerify(
      second.accessToken,
      factor.id,
      codeFor(factor.totp.secret, clock.now()),
    )
    const aal2 = await json<SessionBody>(verified)
    const ok = await t.app.request('/api/business', { headers: authHeader(aal2.access_token) })
    expect(ok.status).toBe(200)
  })

  test('an aal1 session may not change the password or email, enroll more, or unenroll', async () => {
    await setUp()
    const { s, factor } = await withVerifiedFactor()
    const second = await signIn(t.app, { email: s.email, password })
    const pw = await send('PUT', '/user', second.accessToken, { password: 'another long one' })
    expect(pw.status).toBe(401)
    expect((await json<ErrorBody>(pw)).code).toBe('insufficient_aal')
    const more = await send('POST', '/factors', second.accessToken, {
      factor_type: 'totp',
      friendly_name: 'Second',
    })
    expect(more.status).toBe(403)
    const un = await send('DELETE', `/factors/${factor.id}`, second.accessToken)
    expect(un.status).toBe(422)
    expect((await json<ErrorBody>(un)).code).toBe('insufficient_aal')
    expect(await t.db.select().from(authMfaFactors)).toHaveLength(1)
  })

  test('unenroll at aal2 removes the factor and lowers its sessions to aal1', async () => {
    await setUp()
    const { s, factor, session } = await withVerifiedFactor()
    const r = await send('DELETE', `/factors/${factor.id}`, session.access_token)
    expect(r.status).toBe(200)
    expect(await r.json()).toEqual({ id: factor.id })
    expect(await t.db.select().from(authMfaFactors)).toHaveLength(0)
    const user = await json<UserBody>(await send('GET', '/user', session.access_token))
    expect(user.factors).toBeUndefined()
    const refreshed = await json<SessionBody>(
      await postAuth(t.app, '/token?grant_type=refresh_token', {
        refresh_token: session.refresh_token,
      }),
    )
    const c = claims(refreshed.access_token)
    expect(c.aal).toBe('aal1')
    expect(c.amr.map((a) => a.method)).toEqual(['password'])
    expect(c.session_id).toBe(s.sessionId)
  })

  test('cached sessions see MFA changes on their very next request (ADR 004)', async () => {
    await setUp()
    const s = await signUp(t.app, { password })
    const other = await signIn(t.app, { email: s.email, password })
    expect((await send('GET', '/user', other.accessToken)).status).toBe(200)
    const factor = await enroll(s)
    clock.advance(1)
    const verified = await challengeAndVerify(
      s.accessToken,
      factor.id,
      codeFor(factor.totp.secret, clock.now()),
    )
    const aal2 = await json<SessionBody>(verified)
    // The other aal1 session was ended by the verification, cache or not.
    const ended = await send('GET', '/user', other.accessToken)
    expect(ended.status).toBe(403)
    expect((await json<ErrorBody>(ended)).code).toBe('session_not_found')

    const late = await signIn(t.app, { email: s.email, password })
    const api = async (token: string) =>
      (await t.app.request('/api/business', { headers: authHeader(token) })).status
    expect(await api(late.accessToken)).toBe(403)
    expect((await send('DELETE', `/factors/${factor.id}`, aal2.access_token)).status).toBe(200)
    expect(await api(late.accessToken)).toBe(200)
  })
})
