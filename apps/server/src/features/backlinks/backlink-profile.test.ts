// The SQL profile (backlink-profile.ts) against the shared functions it stands in for: the same rows
// must give the same counts, and so the same docs/product.md §9 scores.
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { scoreBacklinks, scoresFromCounts } from '@localseo/shared/backlink-scores'
import { resolveLocation } from '@localseo/shared/location-selection'
import { profileBacklinks } from '../../ai/built-in/backlinks-engine.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { createOwner, seedBacklinks, type SeedRow } from '../../testing/backlink-owners.js'
import { tenantOf } from '../../lib/tenant.js'
import { countBacklinkProfile } from './backlink-profile.js'

let t: TestApp
let owner: Awaited<ReturnType<typeof createOwner>>

beforeEach(async () => {
  t = await createTestApp()
  owner = await createOwner(t, { email: 'owner@example.com' })
})
afterEach(() => t.close())

/** Rows chosen to sit on every edge of the JavaScript rules. */
const tricky = (locationId: string): SeedRow[] => [
  { domain: 'WWW.Example.com', quality: 'high' }, // same domain as example.com after normalising
  { domain: 'example.com', quality: 'high' },
  { domain: ' padded.example', quality: 'low' }, // trimmed
  { domain: 'www.www.twice.example' }, // only one www. goes
  { domain: 'a.example', anchorText: 'Dentist, TX' }, // state code as a token
  { domain: 'a.example', anchorText: 'TX-based care' },
  { domain: 'textbooks.example', anchorText: 'text' }, // 'tx' inside a word is not the state
  { domain: 'b.example', anchorText: 'AUSTİN' }, // dotted capital I: not ASCII, so not 'austin'
  { domain: 'b.example', anchorText: 'San Antonio & Austin' },
  { domain: 'c.example', anchorText: 'Bright Smile Dental' }, // brand anchors
  { domain: 'c.example', anchorText: 'BRIGHT   smile\tdental reviews' },
  { domain: 'healthgrades.com', anchorText: 'Healthgrades' }, // a Dental directory
  { domain: 'austinchamber.org', quality: 'high' }, // chamber before news and .org
  { domain: 'communitynews.org', status: 'broken' }, // news before .org
  { domain: 'bbb.org', linkType: 'nofollow' },
  { domain: 'denverlaw.example', anchorText: 'Colorado lawyers', linkType: 'nofollow' },
  { domain: 'co.example', anchorText: 'CO', status: 'broken' },
  { domain: 'roundrock.example', locationId, isLocationSpecific: true },
  { domain: 'e.example', anchorText: 'Round Rock dentist', locationId, isLocationSpecific: true },
  { domain: 'e.example', quality: 'low', locationId, isLocationSpecific: true },
]

async function rowsInScope(locationId?: string) {
  const where = [eq(backlinks.businessId, owner.businessId)]
  if (locationId) where.push(eq(backlinks.locationId, locationId))
  return t.db
    .select()
    .from(backlinks)
    .where(and(...where))
}

async function expectSqlMatchesShared(locationId?: string) {
  const [row] = await t.db
    .select({ userId: businesses.userId })
    .from(businesses)
    .where(eq(businesses.id, owner.businessId))
  const business = await tenantOf(t.db, row!.userId).business()
  const place = resolveLocation(business, locationId)
  const rows = await rowsInScope(locationId)
  const fromSql = await countBacklinkProfile({ db: t.db, business, locationId, place })
  const fromRows = profileBacklinks({ business, place, backlinks: rows })
  expect(fromSql).toEqual(fromRows)
  expect(scoresFromCounts(fromSql)).toEqual(
    scoreBacklinks({
      backlinks: rows,
      city: place.city,
      state: place.state,
      category: business.category,
    }),
  )
  return fromSql
}

describe('the SQL backlink profile', () => {
  test('gives the same counts and scores as the shared functions for the Austin dentist', async () => {
    await seedBacklinks(t, owner.businessId, tricky(owner.locationId))
    const main = await expectSqlMatchesShared()
    // The figures themselves, so a rule broken on both sides at once is caught too.
    expect(main).toMatchObject({
      total: 20,
      high: 3,
      low: 2,
      broken: 2,
      nofollow: 2,
      brandAnchors: 2,
      uniqueDomains: 15,
      topDomain: { domain: 'a.example', count: 2 },
      sourceDomains: ['healthgrades.com', 'austinchamber.org', 'communitynews.org', 'bbb.org'],
    })
    // 'Dentist, TX', 'TX-based care', 'San Antonio & Austin', the two brand anchors (Dental),
    // austinchamber.org and 'Round Rock dentist'; not 'text', 'AUSTİN' or 'Healthgrades'.
    expect(main.local).toBe(7)
    const branch = await expectSqlMatchesShared(owner.locationId)
    expect(branch).toMatchObject({ total: 3, uniqueDomains: 2, local: 2 })
  })

  test('gives the same figures for a Denver lawyer (other category, state name and code)', async () => {
    await t.db
      .update(businesses)
      .set({ name: 'Mile High Law', city: 'Denver', state: 'CO', category: 'Legal Services' })
      .where(eq(businesses.id, owner.businessId))
    await seedBacklinks(t, owner.businessId, tricky(owner.locationId))
    const main = await expectSqlMatchesShared()
    // denverlaw.example and the 'co' token of co.example; not 'com' or 'communitynews'.
    expect(main.local).toBe(2)
    await expectSqlMatchesShared(owner.locationId)
  })

  test('an empty scope is all zeros', async () => {
    await seedBacklinks(t, owner.businessId, [])
    expect(await expectSqlMatchesShared()).toMatchObject({
      total: 0,
      uniqueDomains: 0,
      topDomain: null,
      sourceDomains: [],
    })
  })
})
