// Contracts checked on both sides (issue 30 item 7): every /api route of the inventory has the schema
// of its answer in packages/shared (the one the web app parses), and answers a valid request on a
// seeded business exactly in that shape: no field the schema does not describe, none missing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { createAuditRun } from '../src/testing/audit-runs.js'
import { createOwner } from '../src/testing/backlink-owners.js'
import { expectShape } from '../src/testing/contract.js'
import { startFakeGoogle, type FakeGoogle } from '../src/testing/fake-google.js'
import { connectGoogle } from '../src/testing/google-owner.js'
import { addMember, invitationToken, memberCall } from '../src/testing/members.js'
import { importProfileReviews } from '../src/features/business-profile/public.js'
import { REDIRECT_TARGETS } from './redirect-targets.js'
import { CONTRACTS, type Contract, type World } from './response-contracts.js'

let simulated: TestApp
let google: TestApp
let fake: FakeGoogle
const owners = new Map<TestApp, { token: string; businessId: string; world: World }>()

beforeAll(async () => {
  fake = await startFakeGoogle()
  simulated = await createTestApp()
  google = await createTestApp({
    env: { ...fake.env, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') },
  })
  for (const t of [simulated, google]) {
    const owner = await createOwner(t, { email: 'contracts@example.com' })
    const ids: Record<string, string> = {}
    if (t === simulated) {
      // Issue 35: a viewer of the owner's business, and another owner's invitation for the owner.
      ids.member = (await addMember(t, owner.session, owner.businessId, 'viewer')).userId
      const other = await createOwner(t, { email: 'contracts-other@example.com' })
      await memberCall(t.app, other.session, 'POST', '/api/team/invitations', {
        body: { email: 'contracts@example.com', role: 'viewer' },
      })
      ids.invitation = await invitationToken(t.db, 'contracts@example.com')
      ids.otherBusiness = other.businessId
    }
    // A finished audit with a failed local check, for the audit's detail and 'Add to my tasks'.
    const run = await createAuditRun(t.db, {
      businessId: owner.businessId,
      issues: [{ checkId: 'tel-link-missing', category: 'local', severity: 'alert', pageCount: 1 }],
    })
    owners.set(t, {
      token: owner.token,
      businessId: owner.businessId,
      world: { locationId: owner.locationId, auditRunId: run.id, ids },
    })
  }
  // The sample reviews the reply and draft contracts answer (SAMPLE_REVIEW): linked and imported
  // here, as the link's job would.
  const owner = owners.get(simulated)!
  const linked = await simulated.app.request('/api/business-profile/links/main', {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ googleLocation: 'locations/sample-main' }),
  })
  expect(linked.status).toBe(200)
  await importProfileReviews(simulated.deps, owner.businessId)
  const connected = await connectGoogle(google.app, owners.get(google)!.token)
  expect(connected).toBe('/settings?google=connected')
})
afterAll(async () => {
  await simulated?.close()
  await google?.close()
  await fake?.close()
})

/** Every /api route as declared ('GET /api/backlinks/:id'), but the redirect targets. */
function inventory(t: TestApp) {
  const routes = t.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
    .filter((r) => !REDIRECT_TARGETS.has(r.path))
    .map((r) => `${r.method} ${r.path}`)
  return [...new Set(routes)]
}

const label = (c: Contract) => `${c.route}${c.google ? ' (Google configured)' : ''}`

test('every /api route has the schema of its answer', () => {
  const listed = new Set(CONTRACTS.map((c) => c.route))
  const missing = inventory(simulated).filter((route) => !listed.has(route))
  const unknown = [...listed].filter((route) => !inventory(simulated).includes(route))
  expect({ missing, unknown }).toEqual({ missing: [], unknown: [] })
})

describe('each route answers in its schema', () => {
  test.each(CONTRACTS.map((c, i) => [`${i + 1}. ${label(c)}`, c] as const))(
    '%s',
    async (_name, contract) => {
      const t = contract.google ? google : simulated
      const { token, world } = owners.get(t)!
      const [method, route] = contract.route.split(' ') as [string, string]
      const body = contract.body?.(world)
      const res = await t.app.request(contract.path?.(world) ?? route, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...contract.headers?.(world),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      expect(res.status, text).toBeLessThan(300)
      if ('schema' in contract) {
        const parsed: never = expectShape(
          contract.schema,
          JSON.parse(text),
          contract.route,
        ) as never
        contract.keep?.(parsed, world)
      } else if (contract.answers === 'no content') {
        expect([res.status, text]).toEqual([204, ''])
      } else if (contract.answers === 'zip') {
        expect(res.headers.get('content-type')).toBe('application/zip')
      } else if (contract.answers === 'pdf') {
        expect([res.headers.get('content-type'), text.slice(0, 5)]).toEqual([
          'application/pdf',
          '%PDF-',
        ])
      } else {
        expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
      }
    },
  )
})
