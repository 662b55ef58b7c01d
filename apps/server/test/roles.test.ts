// Roles gate (issue 35 item 3, docs/decisions/043-members-and-roles.md): on every /api route,
// present and future, a viewer's write is a 403 that changes nothing, and a person naming a
// business they do not belong to is a 404 that changes nothing. A new route cannot slip through.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { signUp, type TestSession } from '../src/testing/auth.js'
import { databaseFingerprint } from '../src/testing/db-fingerprint.js'
import { locationInput } from '../src/testing/factories.js'
import { addMember, memberCall, saveOwnBusiness } from '../src/testing/members.js'
import { apiRoutes } from './api-routes.js'

/** What a person does for themself whatever their role (team.routes.ts membershipRoutes, /api/businesses). */
const ANYONE = new Set([
  'POST /api/businesses',
  // A search of the Keyword Planner reads (planner.routes.ts); a viewer searches too.
  'POST /api/planner/search',
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
  businessId = await saveOwnBusiness(t.app, owner)
  await memberCall(t.app, owner, 'POST', '/api/business/locations', {
    body: locationInput('North'),
    businessId,
  })
  viewer = await addMember(t, owner, businessId, 'viewer')
  // An owner of another business, with data of their own.
  outsider = await signUp(t.app)
  await saveOwnBusiness(t.app, outsider)
})
afterAll(() => t.close())

/**
 * Sends each route as `session`, naming the business, and answers those that did not refuse with
 * `status` and `code`; the database must be as it was.
 */
async function notRefused(
  session: TestSession,
  routes: { method: string; path: string }[],
  { status, code }: { status: number; code: string },
): Promise<string[]> {
  const before = await databaseFingerprint(t.db)
  const open: string[] = []
  for (const route of routes) {
    const res = await t.app.request(route.path, {
      method: route.method,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'content-type': 'application/json',
        'x-business-id': businessId,
      },
      body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
    })
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null
    if (res.status !== status || body?.error?.code !== code) {
      open.push(`${route.method} ${route.path} -> ${res.status}`)
    }
  }
  expect(await databaseFingerprint(t.db)).toBe(before)
  return open
}

test("a viewer's write is a 403 on every /api route, and nothing changes", async () => {
  const writes = apiRoutes(t.app).filter(
    (r) => !['GET', 'HEAD'].includes(r.method) && !ANYONE.has(`${r.method} ${r.path}`),
  )
  expect(writes.length).toBeGreaterThan(30)
  expect(await notRefused(viewer, writes, { status: 403, code: 'forbidden' })).toEqual([])
})

test('naming a business one does not belong to is a 404 on every /api route, and nothing changes', async () => {
  const routes = apiRoutes(t.app)
  expect(await notRefused(outsider, routes, { status: 404, code: 'not_a_member' })).toEqual([])
})

test('a viewer searches the Keyword Planner, which reads though it is a POST, and saves nothing', async () => {
  const search = await memberCall(t.app, viewer, 'POST', '/api/planner/search', {
    body: { q: 'dentist' },
    businessId,
  })
  expect(search.status).toBe(200)
  const save = await memberCall(t.app, viewer, 'POST', '/api/planner/saved', {
    body: { keyword: 'dentist austin' },
    businessId,
  })
  expect(save.status).toBe(403)
})
