// The access-token mutation suite: every tampered or foreign token is refused, never a 5xx.
import { SignJWT, decodeProtectedHeader } from 'jose'
import { afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../app.js'
import { authUsers } from '../db/schema/auth.js'
import { authHeader, signUp, json } from '../testing/auth.js'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'
import { generateJwtKeys, loadJwtKeys } from './keys.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const parts = (jwt: string) => {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  return { header, payload, signature }
}
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(parts(jwt).payload, 'base64url').toString()) as Record<string, unknown>

async function userStatus(authorization: string) {
  const response = await t.app.request('/auth/v1/user', {
    headers: { Authorization: authorization, 'X-Supabase-Api-Version': '2024-01-01' },
  })
  const body = await json<{ code: string }>(response)
  return { status: response.status, code: body.code }
}

describe('access-token verification on /auth/v1/user', () => {
  test('tampered, foreign and malformed tokens are refused with bad_jwt', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const { header, payload, signature } = parts(s.accessToken)
    const claims = claimsOf(s.accessToken)
    const otherKeys = await generateJwtKeys()
    const flipped = Buffer.from(payload, 'base64url')
    flipped[10] = (flipped[10] ?? 0) ^ 1

    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'flipped payload bit': `${header}.${flipped.toString('base64url')}.${signature}`,
      'changed subject': `${header}.${b64({ ...claims, sub: crypto.randomUUID() })}.${signature}`,
      'truncated signature': `${header}.${payload}.${signature.slice(0, -6)}`,
      'no signature': `${header}.${payload}`,
      'wrong key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(s.accessToken).kid })
        .sign(otherKeys.signingKey),
      // Alg confusion: HS256 keyed with our public key material.
      'HS256 with public key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(JSON.stringify(t.deps.jwtKeys.publicJwks[0]))),
      'other audience': await new SignJWT({ ...claims, aud: 'service' })
        .setProtectedHeader({ alg: 'ES256', kid: t.deps.jwtKeys.kid })
        .sign(t.deps.jwtKeys.signingKey),
      'no session_id': await new SignJWT({ ...claims, session_id: undefined })
        .setProtectedHeader({ alg: 'ES256', kid: t.deps.jwtKeys.kid })
        .sign(t.deps.jwtKeys.signingKey),
      'refresh token as bearer': s.refreshToken,
      garbage: 'not.a.jwt',
    }
    for (const [name, token] of Object.entries(forged)) {
      expect({ name, ...(await userStatus(`Bearer ${token}`)) }).toEqual({
        name,
        status: 403,
        code: 'bad_jwt',
      })
    }
    for (const authorization of ['', 'Bearer', 'Bearer ', `Basic ${s.accessToken}`]) {
      expect(await userStatus(authorization)).toEqual({ status: 401, code: 'no_authorization' })
    }
    expect(await userStatus(`Bearer ${s.accessToken}`)).toMatchObject({ status: 200 })
  })

  test('an access token is refused once the clock passes its expiry', async () => {
    const clock = createTestClock()
    t = await createTestApp({ clock })
    const s = await signUp(t.app)
    clock.advance(3599)
    expect((await userStatus(`Bearer ${s.accessToken}`)).status).toBe(200)
    clock.advance(2)
    expect(await userStatus(`Bearer ${s.accessToken}`)).toEqual({ status: 403, code: 'bad_jwt' })
  })

  test('a token of a deleted user answers user_not_found', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    await t.db.delete(authUsers)
    expect(await userStatus(`Bearer ${s.accessToken}`)).toEqual({
      status: 403,
      code: 'user_not_found',
    })
  })
})

describe('GET /auth/v1/.well-known/jwks.json', () => {
  test('publishes the ES256 public key under the kid the tokens carry', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    const response = await t.app.request('/auth/v1/.well-known/jwks.json')
    expect(response.headers.get('cache-control')).toBe('public, max-age=600')
    const { keys } = await json<{ keys: Record<string, unknown>[] }>(response)
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      kid: t.deps.jwtKeys.kid,
    })
    expect(keys[0]?.d).toBeUndefined()
    expect(decodeProtectedHeader(s.accessToken)).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: keys[0]?.kid,
    })
  })

  test('with JWT_SECRET tokens are HS256 and no key is published', async () => {
    t = await createTestApp()
    const jwtKeys = await loadJwtKeys({ dataDir: '/nonexistent', secret: 's'.repeat(40) })
    const app = createApp({ ...t.deps, jwtKeys })
    const s = await signUp(app)
    expect(decodeProtectedHeader(s.accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const jwks = await json(await app.request('/auth/v1/.well-known/jwks.json'))
    expect(jwks).toEqual({ keys: [] })
    const user = await app.request('/auth/v1/user', { headers: authHeader(s.accessToken) })
    expect(user.status).toBe(200)
  })
})
