import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Location } from '@localseo/shared/business'
import { locations } from '../../db/schema/business.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { businessInput, locationInput } from '../../testing/factories.js'

let t: TestApp
let token: string

const business = businessInput

const branch = locationInput

async function call(method: string, path: string, body?: unknown, bearer?: string) {
  const res = await apiCaller(t.app, () => token)<{ locations: Location[] }>(
    method,
    `/api/business/locations${path}`,
    body,
    bearer,
  )
  return { status: res.status, locations: res.body.locations }
}

async function withBusiness(bearer: string) {
  await apiCaller(t.app, () => bearer)('PUT', '/api/business', business)
}

beforeEach(async () => {
  t = await createTestApp()
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
  await withBusiness(token)
})
afterEach(() => t.close())

describe('adding locations', () => {
  test('locations are listed in the order added, none of them primary (ADR 033)', async () => {
    await call('POST', '', branch('North'))
    const { status, locations: list } = await call('POST', '', branch('South'))
    expect(status).toBe(201)
    expect(list.map((l) => l.name)).toEqual(['North', 'South'])
    expect(list[0]?.id).toMatch(/^loc_\d+_[0-9a-f]{8}$/)
    // The business's own address is the primary location; a location carries no flag of its own.
    for (const location of list) expect(location).not.toHaveProperty('isPrimary')
  })

  test('concurrent additions all arrive', async () => {
    await Promise.all(['A', 'B', 'C', 'D'].map((n) => call('POST', '', branch(n))))
    const { locations: list } = await call('GET', '')
    expect(list.map((l) => l.name).sort()).toEqual(['A', 'B', 'C', 'D'])
  })

  test('incomplete locations are refused with 422 and nothing is added', async () => {
    const res = await call('POST', '', { name: 'North', address: '', city: 'Austin' })
    expect(res.status).toBe(422)
    expect(await t.db.select().from(locations)).toHaveLength(0)
  })

  test('a primary flag in the body is ignored', async () => {
    const { status, locations: list } = await call('POST', '', {
      ...branch('South'),
      isPrimary: true,
    })
    expect(status).toBe(201)
    expect(list[0]).not.toHaveProperty('isPrimary')
  })

  test('without a business there is nowhere to add a location', async () => {
    const other = await signUp(t.app, { email: 'new@example.com' })
    const res = await call('POST', '', branch('North'), other.accessToken)
    expect(res.status).toBe(404)
  })
})

describe('changing locations', () => {
  test('there is no set-primary route any more: it answers 404 and changes nothing (ADR 033)', async () => {
    const { locations: added } = await call('POST', '', branch('North'))
    const before = await databaseFingerprint(t.db)
    const res = await apiCaller(t.app, () => token)<{ error?: { code: string } }>(
      'POST',
      `/api/business/locations/${added[0]!.id}/primary`,
    )
    expect(res.status).toBe(404)
    expect(res.body.error?.code).toBe('not_found')
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('removing a location leaves the others in their order', async () => {
    await call('POST', '', branch('North'))
    await call('POST', '', branch('South'))
    const { locations: added } = await call('POST', '', branch('East'))
    const north = added.find((l) => l.name === 'North')!
    const { locations: list } = await call('DELETE', `/${north.id}`)
    expect(list.map((l) => l.name)).toEqual(['South', 'East'])
  })

  test('editing changes the given fields only', async () => {
    const { locations: added } = await call('POST', '', branch('North'))
    const { locations: list } = await call('PATCH', `/${added[0]!.id}`, {
      name: 'North Austin',
      phone: '512 555 0142',
    })
    expect(list[0]).toMatchObject({
      name: 'North Austin',
      phone: '(512) 555-0142',
      city: 'Round Rock',
    })
  })

  test('a location keeps its page URL until an edit names it; an invalid one is refused', async () => {
    const { locations: added } = await call('POST', '', {
      ...branch('North'),
      pageUrl: 'example.com/round-rock',
    })
    const id = added[0]!.id
    expect(added[0]?.pageUrl).toBe('https://example.com/round-rock')
    const renamed = await call('PATCH', `/${id}`, { name: 'North Austin', phone: '' })
    expect(renamed.locations[0]).toMatchObject({
      name: 'North Austin',
      pageUrl: 'https://example.com/round-rock',
    })
    const refused = await call('PATCH', `/${id}`, { pageUrl: 'javascript:alert(1)' })
    expect(refused.status).toBe(422)
    const cleared = await call('PATCH', `/${id}`, { pageUrl: '' })
    expect(cleared.locations[0]?.pageUrl).toBe('')
  })

  test('an edit with an invalid ZIP is refused and changes nothing', async () => {
    const { locations: added } = await call('POST', '', branch('North'))
    const res = await call('PATCH', `/${added[0]!.id}`, { name: 'Renamed', zip: 'abc' })
    expect(res.status).toBe(422)
    const [row] = await t.db.select().from(locations)
    expect(row?.name).toBe('North')
  })

  test('a location name with a line break is a 422 naming the field, added or renamed, and nothing is written', async () => {
    const { locations: added } = await call('POST', '', branch('North'))
    const before = await databaseFingerprint(t.db)
    for (const [method, path] of [
      ['POST', ''],
      ['PATCH', `/${added[0]!.id}`],
    ] as const) {
      const res = await apiCaller(t.app, () => token)<{
        error?: { code: string; issues: unknown[] }
      }>(method, `/api/business/locations${path}`, { ...branch('North'), name: 'North\r\nAustin' })
      expect(res.status).toBe(422)
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'name', message: 'Location name must be on one line.' }],
      })
    }
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('an unknown location id is a 404', async () => {
    expect((await call('DELETE', '/loc_nope')).status).toBe(404)
    expect((await call('PATCH', '/loc_nope', { name: 'X' })).status).toBe(404)
  })
})

describe('tenant isolation', () => {
  test('another owner can neither see, change nor delete a location: 404 and no change', async () => {
    await call('POST', '', branch('North'))
    const { locations: added } = await call('POST', '', branch('South'))
    const south = added[1]!
    const before = await t.db.select().from(locations).orderBy(locations.id)

    const intruder = (await signUp(t.app, { email: 'intruder@example.com' })).accessToken
    await withBusiness(intruder)
    expect((await call('GET', '', undefined, intruder)).locations).toEqual([])
    expect((await call('PATCH', `/${south.id}`, { name: 'Hacked' }, intruder)).status).toBe(404)
    expect((await call('DELETE', `/${south.id}`, undefined, intruder)).status).toBe(404)

    expect(await t.db.select().from(locations).orderBy(locations.id)).toEqual(before)
  })
})
