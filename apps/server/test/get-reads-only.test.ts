// A GET only reads (issue 30 item 8): for every GET route of the route inventory, an owner with a
// business, a location, tracked keywords and backlinks gets an answer that leaves every row as it
// was and asks no paid provider: neither the rank provider nor the keyword data source (a fake
// DataForSEO on 127.0.0.1, ADR 024). First checks and figures of new keywords are asked where the
// keywords are written (first-checks.ts) or by the scheduled work.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { MapPackQuery, RankProvider, RankQuery } from '../src/features/keywords/public.js'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { createOwner } from '../src/testing/backlink-owners.js'
import { databaseFingerprint } from '../src/testing/db-fingerprint.js'
import { startFakeDataForSeo, type FakeDataForSeo } from '../src/testing/fake-dataforseo.js'
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
let dataforseo: FakeDataForSeo

beforeAll(async () => {
  dataforseo = await startFakeDataForSeo({ login: 'reader', password: 'reader-pass' })
  t = await createTestApp({
    rank: paid.provider,
    env: {
      KEYWORD_DATA_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: 'reader',
      DATAFORSEO_PASSWORD: 'reader-pass',
      DATAFORSEO_URL: dataforseo.origin,
    },
  })
  // The first-run data and the location give the business tracked keywords; saving them asked
  // their first checks, and from then on nothing may ask again.
  owner = await createOwner(t, { email: 'reader@example.com' })
  paid.asked.length = 0
})
afterAll(async () => {
  await t?.close()
  await dataforseo?.close()
})

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
      const asked = paid.asked.length + dataforseo.requests.length
      const res = await t.app.request(fill(route, location), {
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(res.status, `${route}: ${await res.text()}`).toBeLessThan(500)
      const wrote = (await databaseFingerprint(t.db)) !== before
      const spent = paid.asked.length + dataforseo.requests.length !== asked
      if (wrote || spent)
        writers.push(
          `${route}?location=${location}: ${wrote ? 'wrote' : ''} ${spent ? 'asked' : ''}`,
        )
    }
  }
  expect(writers).toEqual([])
})
