// Recovery codes (issue 31 item 5c): ten single-use codes in place of a TOTP code, made again from
// Settings (which ends the old ones), never another user's, and a wrong one counts toward the lockout.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { authMfaRecoveryCodes } from '../db/schema/auth.js'
import { json, signIn, signUp, type ErrorBody, type SessionBody } from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../testing/app.js'
import { challengeAndVerify, enrollFactor, sendAuth, totpCode } from '../testing/mfa.js'

let t: TestApp
let clock: TestClock
afterEach(async () => {
  await t.close()
})

const password = 'long enough pw'

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    aal: string
    amr: { method: string }[]
  }
}

async function setUp() {
  clock = createTestClock(new Date('2026-03-01T10:00:05Z'))
  t = await createTestApp({ clock })
}

/** An owner who turned on two-factor sign-in and saved their codes; `aal2` is that session's token. */
async function ownerWithCodes() {
  const owner = await signUp(t.app, { password })
  const factor = await enrollFactor(t.app, owner.accessToken)
  const verified = await challengeAndVerify(
    t.app,
    owner.accessToken,
    factor.id,
    totpCode(factor.totp.secret, clock.now()),
  )
  const aal2 = (await json<SessionBody>(verified)).access_token
  const made = await sendAuth(t.app, 'POST', '/recovery-codes', aal2)
  expect(made.status).toBe(200)
  const { codes } = await json<{ codes: string[] }>(made)
  return { owner, factor, aal2, codes }
}

const useCode = (token: string, code: string) =>
  sendAuth(t.app, 'POST', '/recovery-codes/verify', token, { code })

describe('recovery codes', () => {
  test('ten codes, stored hashed; one signs in to aal2 once, in place of a TOTP code', async () => {
    await setUp()
    const { owner, codes } = await ownerWithCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const rows = await t.db
      .select()
      .from(authMfaRecoveryCodes)
      .where(eq(authMfaRecoveryCodes.userId, owner.userId))
    expect(rows).toHaveLength(10)
    for (const row of rows) expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash)

    const phoneLost = await signIn(t.app, { email: owner.email, password })
    expect(claims(phoneLost.accessToken).aal).toBe('aal1')
    // Typed as from paper: upper case, a space instead of the dash.
    const used = await useCode(
      phoneLost.accessToken,
      (codes[0] ?? '').toUpperCase().replace('-', ' '),
    )
    expect(used.status).toBe(200)
    const session = await json<SessionBody>(used)
    expect(claims(session.access_token).aal).toBe('aal2')
    expect(claims(session.access_token).amr.map((a) => a.method)).toContain('recovery_code')
    // The aal2 session reaches /api and refreshes as aal2.
    const refreshed = await sendAuth(t.app, 'POST', '/token?grant_type=refresh_token', '', {
      refresh_token: session.refresh_token,
    })
    expect(claims((await json<SessionBody>(refreshed)).access_token).aal).toBe('aal2')
    const remaining = await sendAuth(t.app, 'GET', '/recovery-codes', session.access_token)
    expect(await json(remaining)).toEqual({ remaining: 9 })

    const again = await signIn(t.app, { email: owner.email, password })
    const reused = await useCode(again.accessToken, codes[0] ?? '')
    expect(reused.status).toBe(422)
    expect((await json<ErrorBody>(reused)).code).toBe('mfa_verification_failed')
    expect((await useCode(again.accessToken, codes[1] ?? '')).status).toBe(200)
  })

  test('making new codes from Settings ends the old ones, and needs an aal2 session', async () => {
    await setUp()
    const { owner, aal2, codes } = await ownerWithCodes()
    const aal1 = await signIn(t.app, { email: owner.email, password })
    const refused = await sendAuth(t.app, 'POST', '/recovery-codes', aal1.accessToken)
    expect(refused.status).toBe(403)
    expect((await json<ErrorBody>(refused)).code).toBe('insufficient_aal')

    const made = await sendAuth(t.app, 'POST', '/recovery-codes', aal2)
    const fresh = (await json<{ codes: string[] }>(made)).codes
    expect(fresh.filter((code) => codes.includes(code))).toEqual([])
    expect((await useCode(aal1.accessToken, codes[2] ?? '')).status).toBe(422)
    expect((await useCode(aal1.accessToken, fresh[0] ?? '')).status).toBe(200)
  })

  test("another user's code does not work", async () => {
    await setUp()
    const alice = await ownerWithCodes()
    const bob = await ownerWithCodes()
    const bobAal1 = await signIn(t.app, { email: bob.owner.email, password })
    const r = await useCode(bobAal1.accessToken, alice.codes[0] ?? '')
    expect(r.status).toBe(422)
    // Alice's code is still unused.
    const aliceAal1 = await signIn(t.app, { email: alice.owner.email, password })
    expect((await useCode(aliceAal1.accessToken, alice.codes[0] ?? '')).status).toBe(200)
  })

  test('wrong recovery codes count toward the lockout, which then refuses a right one', async () => {
    await setUp()
    const { owner, factor, codes } = await ownerWithCodes()
    const aal1 = await signIn(t.app, { email: owner.email, password })
    for (let i = 0; i < 3; i++) {
      expect((await useCode(aal1.accessToken, 'aaaaa-bbbbb')).status).toBe(422)
    }
    clock.advance(30)
    const wrongTotp = totpCode(factor.totp.secret, clock.now()) === '000000' ? '111111' : '000000'
    for (let i = 0; i < 2; i++) {
      await challengeAndVerify(t.app, aal1.accessToken, factor.id, wrongTotp)
    }
    const locked = await useCode(aal1.accessToken, codes[0] ?? '')
    expect(locked.status).toBe(429)
    expect((await json<ErrorBody>(locked)).code).toBe('over_request_rate_limit')
  })

  test('without a verified factor there are no codes to make or use', async () => {
    await setUp()
    const s = await signUp(t.app, { password })
    expect((await sendAuth(t.app, 'POST', '/recovery-codes', s.accessToken)).status).toBe(422)
    expect((await useCode(s.accessToken, 'aaaaa-bbbbb')).status).toBe(422)
  })

  test('removing the last factor removes the codes', async () => {
    await setUp()
    const { owner, factor, aal2 } = await ownerWithCodes()
    const removed = await sendAuth(t.app, 'DELETE', `/factors/${factor.id}`, aal2)
    expect(removed.status).toBe(200)
    const rows = await t.db
      .select()
      .from(authMfaRecoveryCodes)
      .where(eq(authMfaRecoveryCodes.userId, owner.userId))
    expect(rows).toEqual([])
  })
})
