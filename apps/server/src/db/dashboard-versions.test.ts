// The dashboard version of a business goes up with every committed write to a table its dashboard
// reads, whichever code path or cascade writes it (migration 0028, issue 19 item 4): the dashboard
// kept in memory (features/dashboard/dashboard-cache.ts) is trusted only while it has not.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { apiCaller } from '../testing/api.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { createAuditRun } from '../testing/audit-runs.js'
import { signUp } from '../testing/auth.js'
import { seedBacklinks } from '../testing/backlink-owners.js'
import { businessInput, locationInput } from '../testing/factories.js'
import { insertKeyword } from '../testing/keywords.js'
import type { Db, Tx } from './client.js'
import { activities } from './schema/activities.js'
import { businesses, locations } from './schema/business.js'
import { dashboardVersions } from './schema/dashboard-versions.js'
import { keywords } from './schema/keywords.js'
import { listingRecords } from './schema/listings.js'
import { rankPositions } from './schema/rank-tracker.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from './schema/site-audit.js'

let t: TestApp
let businessId: string
let otherId: string

async function ownerWithBusiness(email: string) {
  const owner = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
  return { id: row!.id, call }
}

/** The business's version, read through `db` (a transaction's handle sees its own state). */
async function versionOf(id: string, db: Db | Tx = t.db) {
  const [row] = await db
    .select({ version: dashboardVersions.version })
    .from(dashboardVersions)
    .where(eq(dashboardVersions.businessId, id))
  return row?.version
}

/** The versions of both businesses after `write`, less before it. */
async function changes(write: () => Promise<unknown>) {
  const before = [await versionOf(businessId), await versionOf(otherId)]
  await write()
  return [(await versionOf(businessId))! - before[0]!, (await versionOf(otherId))! - before[1]!]
}

beforeEach(async () => {
  t = await createTestApp()
  businessId = (await ownerWithBusiness('versioned@example.com')).id
  otherId = (await ownerWithBusiness('other@example.com')).id
})
afterEach(() => t.close())

describe('dashboard_versions', () => {
  test('every business has a version from the moment it is created', async () => {
    expect(await versionOf(businessId)).toEqual(expect.any(Number))
    expect(await versionOf(otherId)).toEqual(expect.any(Number))
  })

  test("each table the dashboard reads moves its business's version, and no other's", async () => {
    const now = new Date('2026-03-10T15:00:00Z')
    const writes: [string, () => Promise<unknown>][] = [
      [
        'businesses',
        () =>
          t.db
            .update(businesses)
            .set({ phone: '(512) 555-0199' })
            .where(eq(businesses.id, businessId)),
      ],
      [
        'locations',
        () => t.db.insert(locations).values({ id: 'loc-v', businessId, ...locationInput('North') }),
      ],
      [
        'keywords and rank_positions',
        () => insertKeyword(t.db, { businessId, keyword: 'dentist v', positions: [4], now }),
      ],
      [
        'rank_positions',
        () =>
          t.db
            .update(rankPositions)
            .set({ position: 5 })
            .where(eq(rankPositions.businessId, businessId)),
      ],
      [
        'site_audit_runs, pages and issues',
        () =>
          createAuditRun(t.db, {
            businessId,
            issues: [
              { checkId: 'title-missing', severity: 'critical', category: 'content', pageCount: 1 },
            ],
          }),
      ],
      [
        'site_audit_pages',
        () =>
          t.db
            .update(siteAuditPages)
            .set({ title: 'Home' })
            .where(eq(siteAuditPages.businessId, businessId)),
      ],
      [
        'site_audit_issues',
        () =>
          t.db
            .update(siteAuditIssues)
            .set({ pageCount: 2 })
            .where(eq(siteAuditIssues.businessId, businessId)),
      ],
      [
        'site_audit_runs',
        () =>
          t.db
            .update(siteAuditRuns)
            .set({ pagesCrawled: 9 })
            .where(eq(siteAuditRuns.businessId, businessId)),
      ],
      ['backlink_counts', () => seedBacklinks(t, businessId, [{ domain: 'news.example' }])],
      [
        'listing_records',
        () =>
          t.db.insert(listingRecords).values({ businessId, locationKey: 'main', platform: 'Yelp' }),
      ],
      [
        'activities',
        () =>
          t.db.insert(activities).values({ businessId, kind: 'business_saved', message: 'Saved' }),
      ],
      [
        'activities deleted',
        () => t.db.delete(activities).where(eq(activities.businessId, businessId)),
      ],
      ['keywords deleted', () => t.db.delete(keywords).where(eq(keywords.businessId, businessId))],
      ['locations deleted', () => t.db.delete(locations).where(eq(locations.id, 'loc-v'))],
    ]
    for (const [table, write] of writes) {
      const [mine, other] = await changes(write)
      expect({ table, moved: mine! > 0, otherMoved: other }).toEqual({
        table,
        moved: true,
        otherMoved: 0,
      })
    }
  })

  test('a transaction of many rows moves the version once, at its commit', async () => {
    const before = await versionOf(businessId)
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await tx
          .insert(activities)
          .values({ businessId, kind: 'business_saved', message: `Saved ${i}` })
      }
      // Not yet: the version moves when the transaction commits.
      expect(await versionOf(businessId, tx)).toBe(before)
    })
    expect(await versionOf(businessId)).toBe(before! + 1)
  })

  test('a rolled back transaction leaves the version as it was', async () => {
    const [mine] = await changes(() =>
      t.db
        .transaction(async (tx) => {
          await tx
            .insert(activities)
            .values({ businessId, kind: 'business_saved', message: 'Saved' })
          tx.rollback()
        })
        .catch(() => undefined),
    )
    expect(mine).toBe(0)
  })

  test('a deleted business takes its version with it', async () => {
    await t.db.delete(businesses).where(eq(businesses.id, businessId))
    expect(await versionOf(businessId)).toBeUndefined()
    const [{ count } = { count: -1 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(dashboardVersions)
    expect(count).toBe(1)
  })
})
