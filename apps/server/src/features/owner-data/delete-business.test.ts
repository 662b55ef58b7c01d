// DELETE /api/business (issue 35 item 6): after the business's name is typed, every row of the
// business goes in one transaction, its waiting jobs are cancelled and its Google grant revoked;
// the person's account stays and can create a new business.
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signIn } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { addMember, memberCall } from '../../testing/members.js'
import { NAME_MISMATCH } from './delete-business.js'
import { ownerWithBusiness, rowsLeft } from './owner-data-owners.js'

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64')

let fake: FakeGoogle
let t: TestApp
beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
afterEach(() => t.close())

async function start(env: Record<string, string> = {}) {
  fake.calls.length = 0
  t = await createTestApp({
    clock: createTestClock(new Date('2026-03-10T15:00:00Z')),
    env: { ...fake.env, SECRETS_KEY, SITE_URL: 'http://localhost:3000', ...env },
  })
}

/** Jobs of the business still waiting in the queue. */
async function waitingJobs(businessId: string) {
  const result = await t.db.execute(sql`
    select count(*)::int as n from pgboss.job
    where state in ('created', 'retry') and data->>'businessId' = ${businessId}`)
  const { rows } = result as { rows: { n: number }[] }
  return Number(rows[0]?.n ?? 0)
}

describe('DELETE /api/business', () => {
  beforeEach(() => start())

  test('a name that does not match is a 422 that says so, and nothing is deleted', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const before = await rowsLeft(t.db, owner.businessId)
    for (const confirm of ['Sunrise', 'sunrise dental', 'Moonlight Clinic']) {
      const res = await owner.call('DELETE', '/api/business', { confirm })
      expect(res.status).toBe(422)
      expect(res.body).toEqual({
        error: {
          code: 'validation_failed',
          message: NAME_MISMATCH,
          issues: [{ path: 'confirm', message: NAME_MISMATCH }],
        },
      })
    }
    const empty = await owner.call('DELETE', '/api/business', { confirm: '  ' })
    expect(empty.status).toBe(422)
    const none = await owner.call('DELETE', '/api/business', {})
    expect(none.status).toBe(422)
    expect(await rowsLeft(t.db, owner.businessId)).toEqual(before)
    expect(await waitingJobs(owner.businessId)).toBeGreaterThan(0)
  })

  test('the typed name deletes every row of the business and its waiting jobs; the account stays', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const other = await ownerWithBusiness(t, 'other@example.com', 'Moonlight Clinic')
    const othersRows = await rowsLeft(t.db, other.businessId)
    // The new business's first checks wait in the queue (this app runs no workers).
    expect(await waitingJobs(owner.businessId)).toBeGreaterThan(0)
    expect(Object.keys(await rowsLeft(t.db, owner.businessId)).length).toBeGreaterThan(3)

    const res = await owner.call('DELETE', '/api/business', { confirm: ' Sunrise Dental ' })
    expect(res.status).toBe(200)

    // The database's own list of business tables, so a table added later is checked too.
    expect(await rowsLeft(t.db, owner.businessId)).toEqual({})
    expect(await waitingJobs(owner.businessId)).toBe(0)
    // Another business is untouched, its queued work too.
    expect(await rowsLeft(t.db, other.businessId)).toEqual(othersRows)
    expect(await waitingJobs(other.businessId)).toBeGreaterThan(0)

    // The account stays: the same session reads the first-run state, and signing in still works.
    const after = await owner.call<{ business: { id: string; name: string } }>(
      'GET',
      '/api/business',
    )
    expect(after.status).toBe(200)
    expect(after.body.business).toMatchObject({ id: '', name: '' })
    const again = await signIn(t.app, {
      email: 'owner@example.com',
      password: 'correct horse battery',
    })
    expect(again.userId).toBe(owner.userId)
    const created = await owner.call<{ business: { id: string; name: string } }>(
      'PUT',
      '/api/business',
      { ...businessInput, name: 'Sunrise Dental Again' },
    )
    expect(created.status).toBe(200)
    expect(created.body.business.id).not.toBe(owner.businessId)
    expect(created.body.business.name).toBe('Sunrise Dental Again')
  })

  test('another owner cannot delete this business: their request only ever reaches their own', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const stranger = await ownerWithBusiness(t, 'stranger@example.com', 'Moonlight Clinic')
    const before = await rowsLeft(t.db, owner.businessId)
    const res = await stranger.call('DELETE', '/api/business', { confirm: 'Sunrise Dental' })
    expect(res.status).toBe(422)
    expect(await rowsLeft(t.db, owner.businessId)).toEqual(before)
  })

  test('only an owner may delete: a manager and a viewer get 403, a stranger naming it 404', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const stranger = await ownerWithBusiness(t, 'stranger@example.com', 'Moonlight Clinic')
    const manager = await addMember(t, owner, owner.businessId, 'manager')
    const viewer = await addMember(t, owner, owner.businessId, 'viewer')
    const before = await rowsLeft(t.db, owner.businessId)
    const body = { confirm: 'Sunrise Dental' }
    const asMember = (session: typeof manager) =>
      memberCall(t.app, session, 'DELETE', '/api/business', { body, businessId: owner.businessId })
    expect((await asMember(manager)).status).toBe(403)
    expect((await asMember(viewer)).status).toBe(403)
    expect((await asMember(stranger)).status).toBe(404)
    expect(await rowsLeft(t.db, owner.businessId)).toEqual(before)
    // The owner deletes it; the members keep their accounts, with no business left.
    expect((await asMember(owner)).status).toBe(200)
    const after = await memberCall<{ business: { id: string } }>(
      t.app,
      viewer,
      'GET',
      '/api/business',
    )
    expect(after.body.business.id).toBe('')
  })

  test('without a business it is a 404, and signed out a 401', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    expect(
      (await owner.call('DELETE', '/api/business', { confirm: 'Sunrise Dental' })).status,
    ).toBe(200)
    const twice = await owner.call('DELETE', '/api/business', { confirm: 'Sunrise Dental' })
    expect(twice.status).toBe(404)
    const signedOut = await t.app.request('/api/business', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'Sunrise Dental' }),
    })
    expect(signedOut.status).toBe(401)
  })

  test('a Google connection is revoked at Google before the business goes', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    expect(await connectGoogle(t.app, owner.accessToken)).toBe('/settings?google=connected')
    const [refreshToken] = fake.refreshTokens()
    expect(refreshToken).toBeDefined()
    const res = await owner.call('DELETE', '/api/business', { confirm: 'Sunrise Dental' })
    expect(res.status).toBe(200)
    expect(fake.calls).toContain('POST /revoke')
    expect(await rowsLeft(t.db, owner.businessId)).toEqual({})
  })
})

describe('when Google cannot be reached', () => {
  test('the business is deleted all the same', async () => {
    // Google's revoke endpoint on a port nothing listens on: the revoke fails, and is logged.
    await start({ GOOGLE_REVOKE_URL: 'http://127.0.0.1:9/revoke' })
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    expect(await connectGoogle(t.app, owner.accessToken)).toBe('/settings?google=connected')
    const res = await owner.call('DELETE', '/api/business', { confirm: 'Sunrise Dental' })
    expect(res.status).toBe(200)
    expect(fake.calls).not.toContain('POST /revoke')
    expect(await rowsLeft(t.db, owner.businessId)).toEqual({})
  })
})
