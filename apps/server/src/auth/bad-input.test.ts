// Client mistakes get a clear 4xx in GoTrue's shape, nothing is written, and never a 5xx.
import { afterEach, describe, expect, test } from 'vitest'
import { authSessions, authUsers } from '../db/schema/auth.js'
import { JSON_HEADERS, authHeader, signUp, uniqueEmail, json } from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const post = (path: string, body: string, headers: Record<string, string> = JSON_HEADERS) =>
  t.app.request(`/auth/v1${path}`, { method: 'POST', headers, body })

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  const body = await json<Record<string, unknown>>(response)
  expect(body).toMatchObject({ error_code: code })
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/)
}

describe('bad input to /auth/v1', () => {
  test('malformed JSON is 400 bad_json and nothing is written', async () => {
    t = await createTestApp()
    await expectError(await post('/signup', '{"email": "a@b.co", "password":'), 400, 'bad_json')
    await expectError(await post('/token?grant_type=password', 'null'), 400, 'validation_failed')
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('a body that is not JSON is refused with 400', async () => {
    t = await createTestApp()
    const form = await post('/signup', `email=${uniqueEmail()}&password=secret123`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    await expectError(form, 400, 'bad_json')
    await expectError(await post('/signup', '{}', {}), 400, 'bad_json')
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('a body over 1 MiB is 413 request_entity_too_large', async () => {
    t = await createTestApp()
    const huge = JSON.stringify({
      email: uniqueEmail(),
      password: 'secret123',
      data: { blob: 'x'.repeat(1024 * 1024) },
    })
    await expectError(await post('/signup', huge), 413, 'request_entity_too_large')
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('fields of the wrong type are 400 validation_failed', async () => {
    t = await createTestApp()
    const cases: [string, unknown][] = [
      ['/signup', { email: 42, password: 'secret123' }],
      ['/signup', { email: uniqueEmail(), password: ['secret123'] }],
      ['/signup', { email: uniqueEmail() }],
      ['/signup', [1, 2, 3]],
      ['/token?grant_type=password', { email: true, password: 'x' }],
      ['/token?grant_type=password', { password: 'secret123' }],
      ['/token?grant_type=refresh_token', { refresh_token: null }],
    ]
    for (const [path, body] of cases) {
      await expectError(await post(path, JSON.stringify(body)), 400, 'validation_failed')
    }
    expect(await t.db.select().from(authUsers)).toHaveLength(0)
  })

  test('a password over 1024 characters is refused rather than truncated', async () => {
    t = await createTestApp()
    const body = JSON.stringify({ email: uniqueEmail(), password: 'p'.repeat(1025) })
    await expectError(await post('/signup', body), 400, 'validation_failed')
  })

  test('an unknown or missing grant type is 400', async () => {
    t = await createTestApp()
    const body = JSON.stringify({ email: uniqueEmail(), password: 'secret123' })
    const unknown = await post('/token?grant_type=client_credentials', body)
    expect(unknown.status).toBe(400)
    expect(await json(unknown)).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
    expect((await post('/token', body)).status).toBe(400)
    expect(await t.db.select().from(authSessions)).toHaveLength(0)
  })

  test('OAuth providers are not enabled and unknown paths are JSON 404s', async () => {
    t = await createTestApp()
    const authorize = await t.app.request('/auth/v1/authorize?provider=google')
    expect(authorize.status).toBe(400)
    expect(await json(authorize)).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
      message: 'Unsupported provider: provider is not enabled',
    })
    await expectError(await t.app.request('/auth/v1/nope'), 404, 'not_found')
    await expectError(await t.app.request('/auth/v1/token'), 404, 'not_found')
  })

  test('a barrage of junk never produces a 5xx', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const put = await t.app.request('/auth/v1/user', {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...authHeader(s.accessToken) },
      body: '{"data": "x"}',
    })
    await expectError(put, 400, 'validation_failed')
    // Last, because /logout ends the session.
    const bodies = [
      '',
      '{',
      '[]',
      '"x"',
      '1e999',
      '{"email":{"$gt":""}}',
      '\u0000',
      '{"data":null}',
    ]
    const paths = [
      '/signup',
      '/token?grant_type=password',
      '/token?grant_type=refresh_token',
      '/recover',
      '/otp',
      '/resend',
      '/verify',
      '/factors',
      `/factors/${crypto.randomUUID()}/challenge`,
      `/factors/${crypto.randomUUID()}/verify`,
      '/factors/not-a-uuid/verify',
      '/logout',
    ]
    for (const path of paths) {
      for (const body of bodies) {
        const response = await post(path, body, { ...JSON_HEADERS, ...authHeader(s.accessToken) })
        expect(response.status, `${path} ${body}`).toBeLessThan(500)
      }
    }
  })
})
