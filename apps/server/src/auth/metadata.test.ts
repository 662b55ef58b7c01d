// Issue 14 items 1 and 3: user metadata is bounded, refused in GoTrue's shape past the bounds, and no
// account can make its own access tokens too large to send.
import { afterEach, describe, expect, test } from 'vitest'
import { MAX_FULL_NAME_LENGTH } from '@localseo/shared/account'
import { authUsers } from '../db/schema/auth.js'
import { JSON_HEADERS, authHeader, json, signUp, uniqueEmail } from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { databaseFingerprint } from '../testing/db-fingerprint.js'
import {
  MAX_METADATA_BYTES,
  mergeMetadata,
  tokenMetadata,
  TOKEN_METADATA_BYTES,
} from './metadata.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const db = () => {
  if (!t) throw new Error('no test app')
  return t.db
}
const app = () => {
  if (!t) throw new Error('no test app')
  return t.app
}

/** `{"deep": {"next": … "leaf"}}` as JSON text, built without recursion. */
const nested = (depth: number) => `{"deep":${'{"next":'.repeat(depth)}"leaf"${'}'.repeat(depth)}}`

/** The body as text, so metadata nested deeper than JSON.stringify can walk is still sent. */
const signUpWith = (data: unknown) =>
  app().request('/auth/v1/signup', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: `{"email":"${uniqueEmail()}","password":"correct horse battery","data":${
      typeof data === 'string' ? data : JSON.stringify(data)
    }}`,
  })

const putUser = (token: string, body: unknown) =>
  app().request('/auth/v1/user', {
    method: 'PUT',
    headers: { ...JSON_HEADERS, ...authHeader(token) },
    body: JSON.stringify(body),
  })

describe('user metadata bounds', () => {
  test.each([
    ['a NUL in a key', { 'full\u0000name': 'Ann' }],
    ['nesting 5,000 deep', nested(5000)],
    ['nesting 9 deep', nested(8)],
    ['more than 16 KB', { notes: 'x'.repeat(MAX_METADATA_BYTES) }],
    ['more than 200 keys', Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i]))],
    ['a 20,000-character full_name', { full_name: 'A'.repeat(20_000) }],
  ])('sign-up with %s is 400 validation_failed and creates no user', async (_, data) => {
    t = await createTestApp()
    const res = await signUpWith(data)
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ error_code: 'validation_failed' })
    expect(await db().select().from(authUsers)).toHaveLength(0)
  })

  test('PUT /user refuses metadata whose merged whole is out of bounds, changing nothing', async () => {
    t = await createTestApp()
    const session = await signUp(app(), { name: 'Ann' })
    const half = 'x'.repeat(MAX_METADATA_BYTES / 2)
    expect((await putUser(session.accessToken, { data: { a: half } })).status).toBe(200)
    const before = await databaseFingerprint(db())
    const res = await putUser(session.accessToken, { data: { b: half } })
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ error_code: 'validation_failed' })
    expect(await databaseFingerprint(db())).toBe(before)
  })

  test('a __proto__ key is stored as a key, not as a prototype', () => {
    const patch = JSON.parse('{"__proto__": {"admin": true}, "a": null}') as Record<string, unknown>
    const merged = mergeMetadata({ a: 1 }, patch)
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    expect(Object.hasOwn(merged, '__proto__')).toBe(true)
    expect(Object.hasOwn(merged, 'a')).toBe(false)
  })
})

describe('access token size', () => {
  test('the largest metadata an owner may store still gives tokens under 4 KB', async () => {
    t = await createTestApp()
    const data = {
      full_name: 'N'.repeat(MAX_FULL_NAME_LENGTH),
      bio: 'b'.repeat(MAX_METADATA_BYTES - 2_000),
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(20)])),
    }
    const res = await signUpWith(data)
    expect(res.status).toBe(200)
    const body = await json<{ access_token: string; user: { user_metadata: object } }>(res)
    expect(body.access_token.length).toBeLessThan(4096)
    // The whole object is still the user's, in the user response.
    expect(body.user.user_metadata).toMatchObject({ bio: data.bio })
    // And a request with that token is served (no 431 from an oversized header).
    const user = await app().request('/auth/v1/user', { headers: authHeader(body.access_token) })
    expect(user.status).toBe(200)
  })

  test('small metadata goes into the token whole; large keeps the short values in budget', () => {
    expect(tokenMetadata({ full_name: 'Ann', plan: 'pro' })).toEqual({
      full_name: 'Ann',
      plan: 'pro',
    })
    const kept = tokenMetadata({ full_name: 'Ann', bio: 'b'.repeat(5_000), nested: { a: 1 } })
    expect(kept).toEqual({ full_name: 'Ann' })
    const many = tokenMetadata(
      Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'.repeat(30)])),
    )
    expect(JSON.stringify(many).length).toBeLessThanOrEqual(TOKEN_METADATA_BYTES)
  })
})
