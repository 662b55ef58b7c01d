// Roles gate (issue 35 item 3, docs/decisions/043-members-and-roles.md): on every /api route,
// present and future, a viewer's write is a 403 that changes nothing, and a person naming a
// business they do not belong to is a 404 that changes nothing. A new route cannot slip through.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { signUp, type TestSession } from '../src/testing/auth.js'
import { databaseFingerprint } from '../src/testing/db-fingerprint.js'
import { businessInput, locationInput } from '../src/testing/factories.js'
import { addMember, memberCall } from '../src/testing/members.js'
import { apiRoutes } from './api-routes.js'

/** What a person does for themself whatever their role (team.routes.ts membershipRoutes, /api/businesses). */
const ANYONE = new Set([
  'POST /api/businesses',
  'DELETE /api/membership',
  'PUT /api/membership/alert-emails',
  'POST /api/membership/invitations/preview',
  'POST /api/membership/invitations/accept',
])

let t: TestApp
let owner: TestSession
let viewer: TestSession
let outsider: TestSession
let businessId: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(t.app)
  const saved = await memberCall<{ business: { id: string } }>(
    t.app,
    owner,
    'PUT',
    '/api/business',
    {
      body: businessInput,
    },
  )
  businessId = saved.body.business.id
  await memberCall(t.app, owner, 'POST', '/api/business/locations', {
    body: locationInput('North'),
    businessId,
  })
  viewer = await addMember(t, owner, businessId, 'viewer')
  // An owner of another business, with data of their own.
  outsider = await signUp(t.app)
  await memberCall(t.app, outsider, 'PUT', '/api/business', { body: businessInput })
})
afterAll(() => t.close())

const send = (session: TestSession, route: { method: string; path: string }) =>
  t.app.request(route.path, {
    method: route.method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': 'application/json',
      'x-business-id': businessId,
    },
    body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
  })

test("a viewer's write is a 403 on every /api route, and nothing changes", async () => {
  const writes = apiRoutes(t.app).filter(
    (r) => !['GET', 'HEAD'].includes(r.method) && !ANYONE.has(`${r.method} ${r.path}`),
  )
  expect(writes.length).toBeGreaterThan(30)
  const before = await databaseFingerprint(t.db)
  const open: string[] = []
  for (const route of writes) {
    const res = await send(viewer, route)
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null
    if (res.status !== 403 || body?.error?.code !== 'forbidden') {
      open.push(`${route.method} ${route.path} -> ${res.status}`)
    }
  }
  expect(open).toEqual([])
  expect(await databaseFingerprint(t.db)).toBe(before)
})

test('naming a business one does not belong to is a 404 on every /api route, and nothing changes', async () => {
  const routes = apiRoutes(t.app)
  const before = await databaseFingerprint(t.db)
  const open: string[] = []
  for (const route of routes) {
    const res = await send(outsider, route)
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null
    if (res.status !== 404 || body?.error?.code !== 'not_a_member') {
      open.push(`${route.method} ${route.path} -> ${res.status}`)
    }
  }
  expect(open).toEqual([])
  expect(await databaseFingerprint(t.db)).toBe(before)
})
