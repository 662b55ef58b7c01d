// Rate limits (issue 3 item 4, security-tests §1c): GoTrue's per-IP buckets, the per-account password
// lockout, the per-address email gap and the hourly email cap, all kept in the database.
import { afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../app.js'
import { mailOutbox } from '../db/schema/auth.js'
import {
  JSON_HEADERS,
  json,
  postAuth,
  signUp,
  uniqueEmail,
  type ErrorBody,
} from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../testing/app.js'
import { lastMailTo, mailsTo } from '../testing/mail.js'

let t: TestApp
let clock: TestClock

afterEach(async () => {
  await t.close()
})

async function setUp(env: Record<string, string> = {}) {
  clock = createTestClock(new Date())
  t = await createTestApp({ clock, env: { AUTH_RATE_LIMITS: 'on', ...env } })
}

/** A request as if from `ip` at the socket, with optional extra headers. */
function from(
  ip: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  app: { request: TestApp['app']['request'] } = t.app,
) {
  return app.request(
    `/auth/v1${path}`,
    { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  )
}

const wrongPassword = (email: string) => ({ email, password: 'wrong password' })
/** A refresh grant with an unknown token: cheap, sends no mail, counts on the token bucket. */
const junkRefresh = { refresh_token: 'not-a-real-refresh-token' }

async function statuses(n: number, send: (i: number) => Response | Promise<Response>) {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push((await send(i)).status)
  return out
}

describe('per-IP limits', () => {
  test('password spraying from one IP gets 429 with Retry-After after 30 requests', async () => {
    await setUp()
    const seen = await statuses(30, (i) =>
      from('203.0.113.5', '/token?grant_type=password', wrongPassword(`spray-${i}@example.com`)),
    )
    expect(seen.every((s) => s === 400)).toBe(true)
    const limited = await from(
      '203.0.113.5',
      '/token?grant_type=password',
      wrongPassword('spray-x@example.com'),
    )
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await json<ErrorBody>(limited)).code).toBe('over_request_rate_limit')
    // Another client is not affected.
    const other = await from('203.0.113.6', '/token?grant_type=password', wrongPassword('a@b.co'))
    expect(other.status).toBe(400)
    // 150 per 5 minutes: two seconds refill one request.
    clock.advance(2)
    const refilled = await from(
      '203.0.113.5',
      '/token?grant_type=password',
      wrongPassword('spray-y@example.com'),
    )
    expect(refilled.status).toBe(400)
  })

  test('a spoofed, rotating X-Forwarded-For never resets the limit', async () => {
    await setUp()
    const seen = await statuses(40, (i) =>
      from('203.0.113.9', '/token?grant_type=refresh_token', junkRefresh, {
        'X-Forwarded-For': `198.51.100.${i}`,
        'X-Real-IP': `198.51.100.${i}`,
      }),
    )
    expect(seen.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(seen.slice(30).every((s) => s === 429)).toBe(true)
  })

  test('with TRUST_PROXY the last entry of the named header is the client', async () => {
    await setUp({ TRUST_PROXY: 'X-Forwarded-For' })
    // The client may prepend anything; only the entry our proxy appended counts.
    const proxied = (client: string, i: number) =>
      from('127.0.0.1', '/token?grant_type=refresh_token', junkRefresh, {
        'X-Forwarded-For': `10.9.9.${i}, ${client}`,
      })
    const a = await statuses(31, (i) => proxied('198.51.100.1', i))
    expect(a.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(a[30]).toBe(429)
    expect((await proxied('198.51.100.2', 0)).status).toBe(400)
  })

  test('sign-ups from many addresses of one IPv6 /64 share one limit', async () => {
    await setUp()
    const seen = await statuses(31, (i) =>
      from(`2001:db8:5:6::${(i + 1).toString(16)}`, '/signup', {
        email: uniqueEmail('v6'),
        password: 'long enough pw',
      }),
    )
    expect(seen.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(seen[30]).toBe(429)
    // The next /64 is another client.
    const next = await from('2001:db8:5:7::1', '/signup', {
      email: uniqueEmail('v6'),
      password: 'long enough pw',
    })
    expect(next.status).toBe(200)
  })

  test('an IPv4-mapped IPv6 client shares the limit of its IPv4 address', async () => {
    await setUp()
    await statuses(30, () => from('203.0.113.77', '/token?grant_type=refresh_token', junkRefresh))
    const mapped = await from('::ffff:203.0.113.77', '/token?grant_type=refresh_token', junkRefresh)
    expect(mapped.status).toBe(429)
  })

  test('the state is in the database, so a second app instance sees the same bucket', async () => {
    await setUp({ AUTH_EMAILS_PER_HOUR: '1000' })
    const second = createApp({ ...t.deps, sessionCache: undefined })
    await statuses(15, (i) => from('203.0.113.7', '/recover', { email: `i1-${i}@example.com` }))
    await statuses(15, (i) =>
      from('203.0.113.7', '/recover', { email: `i2-${i}@example.com` }, {}, second),
    )
    expect((await from('203.0.113.7', '/recover', { email: 'x@example.com' })).status).toBe(429)
    expect(
      (await from('203.0.113.7', '/recover', { email: 'y@example.com' }, {}, second)).status,
    ).toBe(429)
  })

  test('verify and MFA verify have their own buckets (30 per 5 min, and 15 per minute)', async () => {
    await setUp()
    const v = await statuses(31, () =>
      from('203.0.113.8', '/verify', { type: 'email', email: 'v@example.com', token: '123456' }),
    )
    expect(v.slice(0, 30).every((s) => s === 403)).toBe(true)
    expect(v[30]).toBe(429)
    const s = await signUp(t.app)
    const factorVerify = await statuses(31, () =>
      from(
        '203.0.113.8',
        `/factors/${crypto.randomUUID()}/verify`,
        { challenge_id: crypto.randomUUID(), code: '123456' },
        { Authorization: `Bearer ${s.accessToken}` },
      ),
    )
    expect(factorVerify.slice(0, 30).every((x) => x === 404)).toBe(true)
    expect(factorVerify[30]).toBe(429)
  })

  test('AUTH_RATE_LIMITS=off (the test default) turns the per-IP limits off', async () => {
    clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const seen = await statuses(35, (i) =>
      from('203.0.113.5', '/recover', { email: `off-${i}@example.com` }),
    )
    expect(seen.every((s) => s === 200)).toBe(true)
  })
})

describe('per-account lockout', () => {
  test('after 10 failed passwords the account answers 429 from any IP, even to the right password', async () => {
    // Account lockout applies whatever AUTH_RATE_LIMITS says.
    clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const s = await signUp(t.app, { password: 'the right password' })
    const failures = await statuses(10, (i) =>
      from(`198.51.100.${i}`, '/token?grant_type=password', wrongPassword(s.email)),
    )
    expect(failures.every((x) => x === 400)).toBe(true)
    const locked = await from('192.0.2.1', '/token?grant_type=password', {
      email: s.email.toUpperCase(),
      password: 'the right password',
    })
    expect(locked.status).toBe(429)
    const retry = Number(locked.headers.get('Retry-After'))
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(900)
    expect((await json<ErrorBody>(locked)).code).toBe('over_request_rate_limit')
    // Another account is untouched.
    const other = await signUp(t.app, { password: 'the right password' })
    expect(
      (
        await from('192.0.2.1', '/token?grant_type=password', {
          email: other.email,
          password: 'the right password',
        })
      ).status,
    ).toBe(200)
    clock.advance(901)
    const after = await from('192.0.2.1', '/token?grant_type=password', {
      email: s.email,
      password: 'the right password',
    })
    expect(after.status).toBe(200)
  })

  test('an unknown address is counted the same way, so the lockout reveals nothing', async () => {
    clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const email = uniqueEmail('ghost')
    await statuses(10, () => from('192.0.2.2', '/token?grant_type=password', wrongPassword(email)))
    const r = await from('192.0.2.2', '/token?grant_type=password', wrongPassword(email))
    expect(r.status).toBe(429)
  })

  test('the recovery email gets a locked-out owner back in', async () => {
    clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const s = await signUp(t.app, { password: 'the right password' })
    await statuses(10, () =>
      from('192.0.2.3', '/token?grant_type=password', wrongPassword(s.email)),
    )
    await postAuth(t.app, '/recover', { email: s.email })
    const mail = await lastMailTo(t.db, s.email)
    const verified = await postAuth(t.app, '/verify', { type: 'recovery', token_hash: mail.token })
    expect(verified.status).toBe(200)
    const back = await from('192.0.2.3', '/token?grant_type=password', {
      email: s.email,
      password: 'the right password',
    })
    expect(back.status).toBe(200)
  })
})

describe('email sending', () => {
  test('one email per address per 60 s, known or unknown address alike', async () => {
    clock = createTestClock(new Date())
    t = await createTestApp({ clock })
    const s = await signUp(t.app)
    const unknownEmail = uniqueEmail('nobody')
    for (const email of [s.email, unknownEmail]) {
      expect((await postAuth(t.app, '/recover', { email })).status).toBe(200)
      const again = await postAuth(t.app, '/recover', { email })
      expect(again.status).toBe(429)
      expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(50)
      const body = await json<ErrorBody>(again)
      expect(body.code).toBe('over_email_send_rate_limit')
      expect(body.message).toMatch(/only request this after \d+ seconds/)
    }
    expect(await mailsTo(t.db, s.email)).toHaveLength(1)
    clock.advance(61)
    expect((await postAuth(t.app, '/recover', { email: s.email })).status).toBe(200)
    expect(await mailsTo(t.db, s.email)).toHaveLength(2)
  })

  test('the hourly email cap stops sending across addresses', async () => {
    await setUp({ AUTH_EMAILS_PER_HOUR: '3' })
    const accounts = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)))
    const seen = await statuses(4, (i) =>
      from(`203.0.113.${20 + i}`, '/recover', { email: accounts[i]?.email }),
    )
    expect(seen).toEqual([200, 200, 200, 429])
    expect(await t.db.select().from(mailOutbox)).toHaveLength(3)
  })

  test('recoveries for addresses without an account do not use up the hourly email budget', async () => {
    await setUp()
    const owner = await signUp(t.app)
    // From many addresses, so the per-IP limit does not stop them first (issue 31 item 4).
    const seen = await statuses(40, (i) =>
      from(`198.51.100.${i + 1}`, '/recover', { email: uniqueEmail('nobody') }),
    )
    expect(seen.every((status) => status === 200)).toBe(true)
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0)
    const recover = await from('198.51.100.200', '/recover', { email: owner.email })
    expect(recover.status).toBe(200)
    expect((await lastMailTo(t.db, owner.email)).type).toBe('recovery')
  })

  test('an unknown address gets the same answer as a known one, also once the budget is spent', async () => {
    await setUp({ AUTH_EMAILS_PER_HOUR: '2' })
    const [first, second, third] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)]
    const known = await from('198.51.100.1', '/recover', { email: first.email })
    const unknown = await from('198.51.100.2', '/recover', { email: uniqueEmail('nobody') })
    expect([known.status, unknown.status]).toEqual([200, 200])
    expect(await unknown.text()).toBe(await known.text())
    expect((await from('198.51.100.3', '/recover', { email: second.email })).status).toBe(200)
    // The budget is spent: a known and an unknown address are refused alike, and nothing is sent.
    const spentKnown = await from('198.51.100.4', '/recover', { email: third.email })
    const spentUnknown = await from('198.51.100.5', '/recover', { email: uniqueEmail('nobody') })
    expect([spentKnown.status, spentUnknown.status]).toEqual([429, 429])
    expect(await json<ErrorBody>(spentUnknown)).toEqual(await json<ErrorBody>(spentKnown))
    expect(await t.db.select().from(mailOutbox)).toHaveLength(2)
  })

  test('the per-IP and per-address limits still hold for addresses without an account', async () => {
    await setUp()
    const seen = await statuses(31, () =>
      from('203.0.113.50', '/recover', { email: uniqueEmail('nobody') }),
    )
    expect(seen.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(seen[30]).toBe(429)
    const email = uniqueEmail('nobody')
    expect((await from('203.0.113.51', '/recover', { email })).status).toBe(200)
    const again = await from('203.0.113.52', '/recover', { email })
    expect(again.status).toBe(429)
    expect((await json<ErrorBody>(again)).code).toBe('over_email_send_rate_limit')
  })
})
