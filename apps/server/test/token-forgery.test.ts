// Token forgery suite (issue 3 item 6, security-tests §1b "mutation suite"): every authenticated route
// of /auth/v1 and /api refuses forged, expired, foreign-audience and revoked tokens.
import { SignJWT, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { issuerFor } from '../src/auth/session-response.js'
import { signAccessToken } from '../src/auth/tokens.js'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { authHeader, signIn, signUp, type TestSession } from '../src/testing/auth.js'
import { PUBLIC_API_ROUTES } from './public-api-routes.js'
import { REDIRECT_TARGETS } from './redirect-targets.js'

let t: TestApp
let victim: TestSession
let loggedOut: TestSession
const forged: Record<string, string> = {}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const part = (token: string, i: number) => token.split('.')[i] ?? ''
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(part(token, 1), 'base64url').toString('utf8')) as Record<string, unknown>

/** Authenticated /auth/v1 routes; the test below fails when a new route is not classified. */
const AUTH_ROUTES = [
  ['GET', '/auth/v1/user'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/logout'],
  ['POST', '/auth/v1/factors'],
  ['POST', '/auth/v1/factors/:id/challenge'],
  ['POST', '/auth/v1/factors/:id/verify'],
  ['DELETE', '/auth/v1/factors/:id'],
  ['GET', '/auth/v1/recovery-codes'],
  ['POST', '/auth/v1/recovery-codes'],
  ['POST', '/auth/v1/recovery-codes/verify'],
] as const
const PUBLIC_AUTH_ROUTES = [
  'POST /auth/v1/signup',
  'POST /auth/v1/token',
  'POST /auth/v1/recover',
  'POST /auth/v1/otp',
  'POST /auth/v1/resend',
  'POST /auth/v1/verify',
  'GET /auth/v1/verify',
  'GET /auth/v1/settings',
  'GET /auth/v1/authorize',
  'GET /auth/v1/.well-known/jwks.json',
]

beforeAll(async () => {
  t = await createTestApp()
  victim = await signUp(t.app)
  loggedOut = await signIn(t.app, { email: victim.email, password: 'correct horse battery' })
  const logout = await t.app.request('/auth/v1/logout?scope=local', {
    method: 'POST',
    headers: authHeader(loggedOut.accessToken),
  })
  expect(logout.status).toBe(204)

  const real = victim.accessToken
  const claims = payloadOf(real)
  const other = await generateKeyPair('ES256')
  const keys = t.deps.jwtKeys
  const header = { alg: keys.alg, typ: 'JWT', kid: keys.kid }
  forged['alg none'] = `${b64({ alg: 'none', typ: 'JWT' })}.${part(real, 1)}.`
  forged['alg none, no dot'] = `${b64({ alg: 'none', typ: 'JWT' })}.${part(real, 1)}`
  forged['wrong key, same kid'] = await new SignJWT(claims)
    .setProtectedHeader(header)
    .sign(other.privateKey)
  forged['HS256 with the public key as secret'] = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keys.kid })
    .sign(new TextEncoder().encode(JSON.stringify(keys.publicJwks[0])))
  forged['jku to an attacker key'] = await new SignJWT(claims)
    .setProtectedHeader({ ...header, jku: 'https://evil.example/jwks.json' })
    .sign(other.privateKey)
  forged['tampered payload'] =
    `${part(real, 0)}.${b64({ ...claims, role: 'service_role' })}.${part(real, 2)}`
  forged['truncated signature'] = `${part(real, 0)}.${part(real, 1)}.${part(real, 2).slice(0, 20)}`
  forged['empty'] = ''
  forged['garbage'] = 'not.a.jwt'
  forged['refresh token as bearer'] = victim.refreshToken
  forged['expired'] = (
    await signAccessToken({
      keys,
      clock: { now: () => new Date(Date.now() - 2 * 3600 * 1000) },
      issuer: issuerFor(t.deps.env.SITE_URL),
      ttlSeconds: 3600,
      claims,
    })
  ).token
  forged['other audience'] = await new SignJWT({ ...claims, aud: 'other-service' })
    .setProtectedHeader(header)
    .sign(keys.signingKey)
  forged['deleted session'] = loggedOut.accessToken
})

afterAll(() => t.close())

function routes(prefix: string) {
  const seen = new Set<string>()
  return t.app.routes
    .filter((r) => r.path.startsWith(prefix) && r.method !== 'ALL' && !r.path.endsWith('*'))
    .filter((r) => !REDIRECT_TARGETS.has(r.path) && !PUBLIC_API_ROUTES.has(r.path))
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

const concrete = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')

async function send(method: string, path: string, token: string) {
  return t.app.request(concrete(path), {
    method,
    headers: {
      'content-type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...(token ? authHeader(token) : {}),
    },
    body: ['GET', 'HEAD'].includes(method) ? undefined : '{}',
  })
}

describe('token forgery', () => {
  test('every /auth/v1 route is classified as authenticated or public', () => {
    const known = new Set([...AUTH_ROUTES.map(([m, p]) => `${m} ${p}`), ...PUBLIC_AUTH_ROUTES])
    const unclassified = routes('/auth/v1/')
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !known.has(key))
    expect(unclassified).toEqual([])
  })

  test('the real token is accepted (the suite would otherwise prove nothing)', async () => {
    expect((await send('GET', '/auth/v1/user', victim.accessToken)).status).toBe(200)
    expect((await send('GET', '/api/business', victim.accessToken)).status).toBe(200)
  })

  test('each forgery is refused on every authenticated /auth/v1 route (401/403)', async () => {
    const accepted: string[] = []
    for (const [name, token] of Object.entries(forged)) {
      for (const [method, path] of AUTH_ROUTES) {
        const res = await send(method, path, token)
        if (res.status !== 401 && res.status !== 403) {
          accepted.push(`${name}: ${method} ${path} -> ${res.status}`)
        }
      }
    }
    expect(accepted).toEqual([])
    // Still signed in: no forgery changed anything for the real session.
    expect((await send('GET', '/auth/v1/user', victim.accessToken)).status).toBe(200)
  })

  test('each forgery is refused with 401 on every /api route', async () => {
    const api = routes('/api/')
    expect(api.length).toBeGreaterThan(10)
    const accepted: string[] = []
    for (const [name, token] of Object.entries(forged)) {
      for (const { method, path } of api) {
        const res = await send(method, path, token)
        if (res.status !== 401) accepted.push(`${name}: ${method} ${path} -> ${res.status}`)
      }
    }
    expect(accepted).toEqual([])
  })
})
