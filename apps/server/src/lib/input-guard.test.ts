// Issue 14 item 1: input PostgreSQL or the URI functions cannot take is refused once, before any
// route, with a validation error in the mount's shape, and nothing is written.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { JSON_HEADERS, authHeader, postAuth, signUp } from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { createOwner } from '../testing/backlink-owners.js'
import { databaseFingerprint } from '../testing/db-fingerprint.js'
import { businessInput, locationInput } from '../testing/factories.js'
import { watchedRequest } from '../testing/watched-request.js'
import { MAX_JSON_DEPTH, findInputProblem, inputGuard, jsonDepth } from './input-guard.js'

let t: TestApp
let owner: Awaited<ReturnType<typeof createOwner>>

beforeAll(async () => {
  t = await createTestApp()
  owner = await createOwner(t, { email: 'guard-owner@example.com' })
})
afterAll(() => t.close())

const NUL = '\u0000'
const LONE = '\ud800'

interface Case {
  name: string
  method: string
  path: string
  body?: unknown
}

function apiRequest({ method, path, body }: Case) {
  return t.app.request(path, {
    method,
    headers: { ...authHeader(owner.token), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

describe('the input guard on /api', () => {
  const cases: Case[] = [
    {
      name: 'business name',
      method: 'PUT',
      path: '/api/business',
      body: { ...businessInput, name: `Bright${NUL}` },
    },
    {
      name: 'business city key',
      method: 'PUT',
      path: '/api/business',
      body: { ...businessInput, [`ci${NUL}ty`]: 'x' },
    },
    {
      name: 'location address',
      method: 'POST',
      path: '/api/business/locations',
      body: { ...locationInput('N'), address: `5 Main${NUL}` },
    },
    {
      name: 'listing record',
      method: 'PUT',
      path: '/api/listings/records',
      body: { platform: `Yelp${NUL}`, name: 'x' },
    },
    {
      name: 'analysed keyword',
      method: 'POST',
      path: '/api/keywords/analyse',
      body: { keyword: `dentist${NUL}`, locationId: null },
    },
    {
      name: 'saved keyword',
      method: 'POST',
      path: '/api/planner/saved',
      body: { keyword: `dentist${NUL}`, locationId: null },
    },
    {
      name: 'tracked keyword',
      method: 'POST',
      path: '/api/rank-tracker/keywords',
      body: { keyword: `dentist${NUL}` },
    },
    {
      name: 'backlink anchor',
      method: 'POST',
      path: '/api/backlinks',
      body: { url: 'https://news.example/a', anchorText: `best${NUL}` },
    },
    {
      name: 'lone surrogate',
      method: 'PUT',
      path: '/api/business',
      body: { ...businessInput, name: `Bright${LONE}` },
    },
    { name: 'query value', method: 'GET', path: '/api/backlinks?domain=%00' },
    { name: 'export query value', method: 'GET', path: '/api/backlinks/export?domain=%00' },
    { name: 'query name', method: 'GET', path: '/api/backlinks?do%00main=x' },
    { name: 'path segment', method: 'DELETE', path: '/api/business/locations/%00' },
    { name: 'broken percent-encoding', method: 'DELETE', path: '/api/business/locations/%E0%A4%A' },
  ]

  test.each(cases)(
    'refuses a NUL or lone surrogate in the $name with 422, writing nothing',
    async (c) => {
      const before = await databaseFingerprint(t.db)
      const res = await apiRequest(c)
      expect(res.status).toBe(422)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('content-security-policy')).toBeTruthy()
      const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } }
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.issues[0]?.path).toMatch(/^(path|query|body)/)
      expect(JSON.stringify(body)).not.toMatch(/select|insert|update|business_id/i)
      expect(await databaseFingerprint(t.db)).toBe(before)
    },
  )

  test('JSON nested deeper than any body is refused before it is parsed by a route', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const res = await t.app.request('/api/business', {
      method: 'PUT',
      headers: { ...authHeader(owner.token), 'content-type': 'application/json' },
      body: `{"name":${deep}}`,
    })
    expect(res.status).toBe(422)
  })

  test('clean input still passes, and an escaped backslash before u0000 is only text', async () => {
    const res = await apiRequest({
      name: 'ok',
      method: 'PUT',
      path: '/api/business',
      body: { ...businessInput, name: 'Bright \\u0000 Smile' },
    })
    expect(res.status).toBe(200)
  })
})

describe('the input guard on /auth/v1', () => {
  test('a NUL in the password grant email is 400 validation_failed, never a 500', async () => {
    const res = await postAuth(t.app, '/token?grant_type=password', {
      email: `a${NUL}@example.com`,
      password: 'whatever123',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed' })
  })

  test('a NUL in a TOTP friendly name and a lone surrogate in the issuer are refused', async () => {
    const session = await signUp(t.app)
    const headers = { ...JSON_HEADERS, ...authHeader(session.accessToken) }
    for (const body of [
      { factor_type: 'totp', friendly_name: `phone${NUL}` },
      { factor_type: 'totp', issuer: LONE },
    ]) {
      const before = await databaseFingerprint(t.db)
      const res = await t.app.request('/auth/v1/factors', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ error_code: 'validation_failed' })
      expect(await databaseFingerprint(t.db)).toBe(before)
    }
  })

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'GET /verify?type=%s is an unsupported type, not a 500',
    async (type) => {
      const res = await t.app.request(`/auth/v1/verify?type=${type}&token=abcdef`)
      expect(res.status).toBeLessThan(500)
      const location = res.headers.get('location') ?? ''
      const text = location || (await res.text())
      expect(text).toMatch(/Unsupported verification type|validation_failed/)
    },
  )
})

describe('jsonDepth and findInputProblem', () => {
  test('counts nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3)
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1)
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1)
    expect(jsonDepth('1')).toBe(0)
  })

  test('the depth bound is the stated one', async () => {
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`
    const tooDeep = `[${ok}]`
    const probe = async (body: string) => {
      let found: unknown
      const { Hono } = await import('hono')
      const app = new Hono().post('/', async (c) => {
        found = await findInputProblem(c)
        return c.text('ok')
      })
      await app.request('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      return found
    }
    expect(await probe(ok)).toBeUndefined()
    expect(await probe(tooDeep)).toMatchObject({ where: 'body' })
  })
})

describe('reads', () => {
  test('a request without a JSON body passes without its body being asked for', async () => {
    const app = new Hono()
      .use('*', inputGuard((c) => c.text('refused', 422)))
      .all('/', (c) => c.text('ok'))
    const { request, seen } = watchedRequest('http://localhost/?q=plain', { method: 'GET' })
    expect((await app.fetch(request)).status).toBe(200)
    expect(seen.bodyRead).toBe(false)
    const json = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ a: NUL }) }
    expect((await app.request('/', json)).status).toBe(422)
  })
})
