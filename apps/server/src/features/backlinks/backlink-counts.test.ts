// backlink_counts (db/schema/backlink-counts.ts) must equal a GROUP BY over backlinks after every kind
// of write: adds, status changes, deletes, multi-row updates, and the cascades of a deleted location
// and a deleted business. The summary trusts it.
import { asc, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Backlink, BacklinkSummary } from '@localseo/shared/backlinks'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { backlinkCounts } from '../../db/schema/backlink-counts.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { someoneWaitsForALock, testDatabaseUrl } from '../../testing/db.js'
import { createOwner, seedBacklinks } from '../../testing/backlink-owners.js'

let t: TestApp
let owner: Awaited<ReturnType<typeof createOwner>>

beforeEach(async () => {
  t = await createTestApp()
  owner = await createOwner(t, { email: 'owner@example.com' })
})
afterEach(() => t.close())

interface CountRow {
  businessId: string
  scope: string
  facet: string
  value: string
  count: number
}

const key = (r: CountRow) => `${r.businessId}|${r.scope}|${r.facet}|${r.value}`
const sorted = (rows: CountRow[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1))

/** What backlink_counts should hold, counted here from the rows themselves. */
async function expectedCounts(): Promise<CountRow[]> {
  const rows = await t.db.select().from(backlinks)
  const counts = new Map<string, CountRow>()
  for (const row of rows) {
    for (const scope of row.locationId ? ['', row.locationId] : ['']) {
      for (const [facet, value] of [
        ['type', row.linkType],
        ['quality', row.quality],
        ['status', row.status],
        ['domain', row.domain],
        ['anchor', row.anchorText],
      ] as const) {
        const entry = { businessId: row.businessId, scope, facet, value, count: 0 }
        const found = counts.get(key(entry)) ?? entry
        found.count += 1
        counts.set(key(entry), found)
      }
    }
  }
  return sorted([...counts.values()])
}

async function expectCountsExact() {
  const stored = await t.db.select().from(backlinkCounts).orderBy(asc(backlinkCounts.value))
  expect(sorted(stored)).toEqual(await expectedCounts())
}

describe('backlink_counts', () => {
  test('follows adds, status changes and deletes through the API', async () => {
    await expectCountsExact() // the first-run samples
    const added: Backlink[] = []
    for (const body of [
      { url: 'austinnews.com/a', quality: 'high' },
      { url: 'austinnews.com/b', anchorText: 'Dentist' },
      { url: 'roundrock.example', location: owner.locationId, linkType: 'nofollow' },
    ]) {
      added.push((await owner.call<Backlink>('POST', '/api/backlinks', body)).body)
    }
    await expectCountsExact()
    await owner.call('PATCH', `/api/backlinks/${added[2]!.id}`, { status: 'broken' })
    await owner.call('PATCH', `/api/backlinks/${added[0]!.id}`, { status: 'broken' })
    await owner.call('PATCH', `/api/backlinks/${added[0]!.id}`, { status: 'active' })
    await expectCountsExact()
    for (const link of [added[1]!, added[2]!]) {
      const res = await t.app.request(`/api/backlinks/${link.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(res.status).toBe(204)
    }
    await expectCountsExact()
    // Nothing lingers at zero: the location's counts are gone with its last link.
    const branch = await t.db
      .select()
      .from(backlinkCounts)
      .where(eq(backlinkCounts.scope, owner.locationId))
    expect(branch).toEqual([])
  })

  test('follows multi-row updates of any counted column, and moves between locations', async () => {
    await seedBacklinks(
      t,
      owner.businessId,
      Array.from({ length: 30 }, (_, i) => ({
        domain: `site${i % 4}.example`,
        anchorText: `anchor ${i % 3}`,
        quality: (['high', 'medium', 'low'] as const)[i % 3],
        ...(i % 2 === 0 ? { locationId: owner.locationId, isLocationSpecific: true } : {}),
      })),
    )
    await expectCountsExact()
    await t.db
      .update(backlinks)
      .set({ domain: 'merged.example', quality: 'low', status: 'unverifiable' })
      .where(sql`${backlinks.domain} in ('site1.example', 'site2.example')`)
    await t.db
      .update(backlinks)
      .set({ anchorText: 'renamed', linkType: 'nofollow', locationId: null })
      .where(eq(backlinks.anchorText, 'anchor 0'))
    // An update that changes no counted column changes nothing.
    await t.db.update(backlinks).set({ httpStatus: 200, lastCheckedAt: new Date() })
    await expectCountsExact()
  })

  test('follows a deleted location (SET NULL) and a deleted business (CASCADE)', async () => {
    await owner.call('POST', '/api/backlinks', { url: 'a.example', location: owner.locationId })
    await owner.call('POST', '/api/backlinks', { url: 'b.example', location: owner.locationId })
    const other = await createOwner(t, { email: 'other@example.com' })
    await other.call('POST', '/api/backlinks', { url: 'c.example', location: other.locationId })
    await expectCountsExact()

    const res = await owner.call('DELETE', `/api/business/locations/${owner.locationId}`)
    expect(res.status).toBeLessThan(300)
    await expectCountsExact()
    const summary = await owner.call<BacklinkSummary>('GET', '/api/backlinks/summary')
    expect(summary.body.total).toBe(5) // 3 first-run samples and the 2 links, now main-only

    await t.db.delete(businesses).where(eq(businesses.id, owner.businessId))
    await expectCountsExact()
    const left = await t.db.select({ businessId: backlinkCounts.businessId }).from(backlinkCounts)
    expect(new Set(left.map((r) => r.businessId))).toEqual(new Set([other.businessId]))
  })
})

// Issue 32: Verify all rates several links at once, each in its own transaction. Two transactions
// lowering the same count used to lose one decrement (migration 0032): the waiting one re-read the
// row, saw its count would reach 0, and neither updated nor deleted it. Only PostgreSQL runs two
// transactions side by side; PGlite has one connection.
test.runIf(testDatabaseUrl)(
  'two transactions lowering one count at once both count (PostgreSQL)',
  async () => {
    await seedBacklinks(t, owner.businessId, [
      { domain: 'a.example', quality: 'low' },
      { domain: 'b.example', quality: 'low' },
    ])
    const [a, b] = await t.db
      .select({ id: backlinks.id })
      .from(backlinks)
      .orderBy(asc(backlinks.domain))
    let commitFirst: () => void = () => undefined
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve))
    let firstUpdated: () => void = () => undefined
    const firstHasUpdated = new Promise<void>((resolve) => (firstUpdated = resolve))
    const first = t.db.transaction(async (tx) => {
      await tx.update(backlinks).set({ quality: 'high' }).where(eq(backlinks.id, a!.id))
      firstUpdated()
      await firstMayCommit
    })
    await firstHasUpdated
    // The second lowers 'low' from the count it sees (2) and waits for the first's row lock.
    const second = t.db.update(backlinks).set({ quality: 'high' }).where(eq(backlinks.id, b!.id))
    const secondDone = second.then(() => undefined)
    expect(await someoneWaitsForALock(t.database)).toBe(true)
    commitFirst()
    await first
    await secondDone
    await expectCountsExact()
    const low = await t.db
      .select()
      .from(backlinkCounts)
      .where(sql`${backlinkCounts.facet} = 'quality' and ${backlinkCounts.value} = 'low'`)
    expect(low).toEqual([])
  },
)

// Verify all once counted a link as failed on PostgreSQL: 'deadlock detected'. A statement's
// trigger lowered the counts of the links' old values, then raised those of the new ones (and the
// lowering itself in no set order), so two links rated in opposite directions (one 'high' to
// 'low', another 'low' to 'high') locked the two counts in opposite orders. Every count a
// statement changes is now locked in one order, the key's (migration 0051). Here the first
// transaction holds 'high'; the second changes a link from 'low' to 'high'; the first then
// changes one to 'low'. Lowering 'low' before waiting for 'high', the second held 'low', and the
// two waited for each other.
test.runIf(testDatabaseUrl)(
  'two transactions changing two counts in opposite directions do not deadlock (PostgreSQL)',
  async () => {
    await seedBacklinks(t, owner.businessId, [
      { domain: 'a.example', quality: 'high' },
      { domain: 'b.example', quality: 'low' },
      { domain: 'c.example', quality: 'medium' },
    ])
    const [a, b, c] = await t.db
      .select({ id: backlinks.id })
      .from(backlinks)
      .orderBy(asc(backlinks.domain))
    let goOn: () => void = () => undefined
    const firstMayGoOn = new Promise<void>((resolve) => (goOn = resolve))
    let holding: () => void = () => undefined
    const firstHoldsHigh = new Promise<void>((resolve) => (holding = resolve))
    const first = t.db.transaction(async (tx) => {
      await tx.update(backlinks).set({ quality: 'unrated' }).where(eq(backlinks.id, a!.id))
      holding()
      await firstMayGoOn
      await tx.update(backlinks).set({ quality: 'low' }).where(eq(backlinks.id, c!.id))
    })
    await firstHoldsHigh
    const second = t.db.update(backlinks).set({ quality: 'high' }).where(eq(backlinks.id, b!.id))
    const secondDone = second.then(
      () => 'stored',
      (error: Error) => `${error.message}: ${String(error.cause)}`,
    )
    expect(await someoneWaitsForALock(t.database)).toBe(true)
    goOn()
    await first
    expect(await secondDone).toBe('stored')
    await expectCountsExact()
  },
)
