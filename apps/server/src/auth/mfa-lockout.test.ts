// Wrong second-factor codes lock the second factor (issue 31 item 5b): 5 in 15 minutes from any
// address, 429 over_request_rate_limit until the window ends, and one email to the owner.
import { afterEach, describe, expect, test } from 'vitest'
import { json, signIn, signUp, type ErrorBody, type SessionBody } from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../testing/app.js'
import { mailsTo } from '../testing/mail.js'
import { challengeAndVerify, enrollFactor, totpCode, wrongTotpCode } from '../testing/mfa.js'

let t: TestApp
let clock: TestClock
afterEach(async () => {
  await t.close()
})

const password = 'long enough pw'
const subject = 'Too many wrong codes on your LocalSEO AI account'

/** An owner with a verified factor, and a second, aal1 session as from someone with the password. */
async function ownerWithFactor() {
  // Mid-step, so a code of the current step stays valid while the test runs.
  clock = createTestClock(new Date('2026-03-01T10:00:05Z'))
  t = await createTestApp({ clock })
  const owner = await signUp(t.app, { password })
  const factor = await enrollFactor(t.app, owner.accessToken)
  const verified = await challengeAndVerify(
    t.app,
    owner.accessToken,
    factor.id,
    totpCode(factor.totp.secret, clock.now()),
  )
  expect(verified.status).toBe(200)
  clock.advance(30)
  const intruder = await signIn(t.app, { email: owner.email, password })
  return { owner, factor, intruder }
}

describe('wrong second-factor codes', () => {
  test('five wrong codes from six addresses lock the factor, even to the right code, and mail the owner once', async () => {
    const { owner, factor, intruder } = await ownerWithFactor()
    const wrong = wrongTotpCode(factor.totp.secret, clock.now())
    for (let i = 0; i < 5; i++) {
      const r = await challengeAndVerify(
        t.app,
        intruder.accessToken,
        factor.id,
        wrong,
        `198.51.100.${i}`,
      )
      expect(r.status).toBe(422)
      expect((await json<ErrorBody>(r)).code).toBe('mfa_verification_failed')
    }
    const right = totpCode(factor.totp.secret, clock.now())
    const locked = await challengeAndVerify(
      t.app,
      intruder.accessToken,
      factor.id,
      right,
      '198.51.100.5',
    )
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0)
    const body = await json<ErrorBody>(locked)
    expect(body.code).toBe('over_request_rate_limit')
    expect(body.message).toMatch(/15 minutes/)
    // More attempts while locked send no more email.
    await challengeAndVerify(t.app, intruder.accessToken, factor.id, wrong, '198.51.100.6')
    const mails = (await mailsTo(t.db, owner.email)).filter((m) => m.subject === subject)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toMatch(/locked for 15 minutes/)
    expect(mails[0]?.text).toMatch(/change your password/)
    // After 15 minutes the right code works again.
    clock.advance(15 * 60)
    const later = await challengeAndVerify(
      t.app,
      intruder.accessToken,
      factor.id,
      totpCode(factor.totp.secret, clock.now()),
    )
    expect(later.status).toBe(200)
    expect((await json<SessionBody>(later)).access_token).toBeTruthy()
  })

  test('a right code starts the count again, so four typos never lock the owner', async () => {
    const { factor, intruder } = await ownerWithFactor()
    const wrong = wrongTotpCode(factor.totp.secret, clock.now())
    for (let i = 0; i < 4; i++) {
      await challengeAndVerify(t.app, intruder.accessToken, factor.id, wrong)
    }
    const right = await challengeAndVerify(
      t.app,
      intruder.accessToken,
      factor.id,
      totpCode(factor.totp.secret, clock.now()),
    )
    expect(right.status).toBe(200)
    const again = await signIn(t.app, { email: intruder.email, password })
    for (let i = 0; i < 4; i++) {
      expect((await challengeAndVerify(t.app, again.accessToken, factor.id, wrong)).status).toBe(
        422,
      )
    }
  })

  test('the count is in the database, so another instance refuses the locked factor too', async () => {
    const { factor, intruder } = await ownerWithFactor()
    const wrong = wrongTotpCode(factor.totp.secret, clock.now())
    for (let i = 0; i < 5; i++) {
      await challengeAndVerify(t.app, intruder.accessToken, factor.id, wrong)
    }
    const second = await createTestApp({ clock, database: t.database })
    try {
      // Each test app signs with keys of its own: a session of the second instance.
      const there = await signIn(second.app, { email: intruder.email, password })
      const r = await challengeAndVerify(
        second.app,
        there.accessToken,
        factor.id,
        totpCode(factor.totp.secret, clock.now()),
      )
      expect(r.status).toBe(429)
    } finally {
      await second.close()
    }
  })
})
