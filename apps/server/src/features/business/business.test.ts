import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { businessResponseSchema, emptyBusiness } from '@localseo/shared/business'
import { businesses } from '../../db/schema/business.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { expectShape } from '../../testing/contract.js'

let t: TestApp
let token: string

const input = {
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'texas',
  zip: '78701',
  phone: '512.555.0100',
  website: 'brightsmile.example.com',
}

function call(method: string, path: string, body?: unknown, bearer = token) {
  return t.app.request(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

beforeEach(async () => {
  t = await createTestApp()
  token = (await signUp(t.app, { email: 'owner@example.com', name: 'Olivia Owner' })).accessToken
})
afterEach(() => t.close())

describe('GET /api/business', () => {
  test('needs a signed-in user', async () => {
    const res = await t.app.request('/api/business')
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } })
  })

  test('a new owner gets the empty business', async () => {
    const res = await call('GET', '/api/business')
    expect(res.status).toBe(200)
    expect(expectShape(businessResponseSchema, await res.json())).toEqual({
      business: emptyBusiness,
    })
  })
})

describe('PUT /api/business', () => {
  test('creates the business and returns it normalised', async () => {
    const res = await call('PUT', '/api/business', input)
    expect(res.status).toBe(200)
    const { business } = (await res.json()) as { business: Record<string, unknown> }
    expect(business).toMatchObject({
      name: 'Bright Smile Dental',
      state: 'TX',
      phone: '(512) 555-0100',
      website: 'https://brightsmile.example.com',
      locations: [],
    })
    expect(business.id).toEqual(expect.any(String))
  })

  test('saving again updates the same business instead of adding one', async () => {
    const first = (await (await call('PUT', '/api/business', input)).json()) as {
      business: { id: string }
    }
    const second = (await (
      await call('PUT', '/api/business', { ...input, name: 'Bright Smile Family Dental' })
    ).json()) as { business: { id: string; name: string } }
    expect(second.business.id).toBe(first.business.id)
    expect(second.business.name).toBe('Bright Smile Family Dental')
    expect(await t.db.select().from(businesses)).toHaveLength(1)
  })

  test('missing or invalid fields give 422 with each problem, and nothing is saved', async () => {
    const res = await call('PUT', '/api/business', { ...input, name: ' ', website: 'ftp://x.y' })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } }
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['name', 'website'])
    expect(await t.db.select().from(businesses)).toHaveLength(0)
  })

  test('a business name, address or city with a line break is a 422 naming the field, and nothing is saved', async () => {
    await call('PUT', '/api/business', input)
    const before = await databaseFingerprint(t.db)
    for (const [field, value] of [
      ['name', 'Bright Smile\nDental'],
      ['address', '100 Congress Ave\r\nSuite 5'],
      ['city', 'Aus\rtin'],
    ] as const) {
      const res = await call('PUT', '/api/business', { ...input, [field]: value })
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({
        error: { code: 'validation_failed', issues: [{ path: field }] },
      })
    }
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('malformed JSON is a 400, not a server error', async () => {
    const res = await t.app.request('/api/business', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name": ',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } })
  })

  test('ids and owners in the body are ignored: the business belongs to the caller', async () => {
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', {
      ...input,
      id: 'x',
      userId: other.userId,
      user_id: other.userId,
    })
    const [row] = await t.db.select().from(businesses)
    expect(row?.userId).not.toBe(other.userId)
    const otherView = (await (
      await call('GET', '/api/business', undefined, other.accessToken)
    ).json()) as {
      business: unknown
    }
    expect(otherView.business).toEqual(emptyBusiness)
  })

  test("one owner's save never changes another owner's business", async () => {
    await call('PUT', '/api/business', input)
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...input, name: 'Other Dental' }, other.accessToken)
    const mine = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.name, 'Bright Smile Dental'))
    expect(mine).toHaveLength(1)
  })
})
