// A GET only reads (issue 30 item 8): for every GET route of the route inventory, an owner with a
// business, a location, tracked keywords and backlinks gets an answer that leaves every row as it
// was and asks the paid rank provider nothing. First checks of new keywords are asked where the
// keywords are written (first-checks.ts) or by the scheduled work. Volumes come from the estimate
// engine here: the measured source (ADR 024) still asks DataForSEO when a screen shows a keyword it
// has no figures for this month.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { MapPackQuery, RankProvider, RankQuery } from '../src/features/keywords/public.js'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { createOwner } from '../src/testing/backlink-owners.js'
import { databaseFingerprint } from '../src/testing/db-fingerprint.js'
import { REDIRECT_TARGETS } from './redirect-targets.js'

/** A paid rank provider that counts what it is asked and answers position 7. */
function countingProvider() {
  const asked: (RankQuery | MapPackQuery)[] = []
  const provider: RankProvider = {
    simulated: false,
    label: 'Paid test provider',
    check(batch) {
      asked.push(...batch)
      return Promise.resolve(batch.map(() => ({ status: 'ok' as const, position: 7 })))
    },
    checkMapPack(batch) {
      asked.push(...batch)
      return Promise.resolve(batch.map(() => ({ status: 'failed' as const, reason: 'not asked' })))
    },
  }
  return { provider, asked }
}

let t: TestApp
const paid = countingProvider()
let owner: Awaited<ReturnType<typeof createOwner>>

beforeAll(async () => {
  t = await createTestApp({ rank: paid.provider })
  // The first-run data and the location give the business tracked keywords; saving them asked
  // their first checks, and from then on nothing may ask again.
  owner = await createOwner(t, { email: 'reader@example.com' })
  paid.asked.length = 0
})
afterAll(() => t?.close())

/** Every GET under /api; a path parameter gets a random id (a 404 must not write either). */
function getRoutes() {
  const seen = new Set<string>()
  return t.app.routes
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.includes('*'))
    .filter((r) => !REDIRECT_TARGETS.has(r.path))
    .map((r) => r.path)
    .filter((path) => !seen.has(path) && Boolean(seen.add(path)))
}

function fill(path: string, location: string) {
  return path.replace(/:(\w+)/g, () => crypto.randomUUID()) + `?location=${location}`
}

test('no GET route writes a row or asks a paid provider', async () => {
  const routes = getRoutes()
  expect(routes).toEqual(expect.arrayContaining(['/api/dashboard', '/api/rank-tracker/keywords']))
  const writers: string[] = []
  for (const location of ['main', owner.locationId]) {
    for (const route of routes) {
      const before = await databaseFingerprint(t.db)
      const asked = paid.asked.length
      const res = await t.app.request(fill(route, location), {
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(res.status, `${route}: ${await res.text()}`).toBeLessThan(500)
      const wrote = (await databaseFingerprint(t.db)) !== before
      const spent = paid.asked.length !== asked
      if (wrote || spent)
        writers.push(
          `${route}?location=${location}: ${wrote ? 'wrote' : ''} ${spent ? 'asked' : ''}`,
        )
    }
  }
  expect(writers).toEqual([])
})
