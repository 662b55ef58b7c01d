// The keywords a new business starts with (docs/product.md §7 "Seed on app load", §9 default rank
// keywords): tracked on the main business and marked as sample data, so every screen labels them
// 'Sample' and one Settings action removes them (issue 15 item 2). The main business's rank scope is
// marked as filled, so the Rank Tracker never adds a second set of defaults.
import { defaultRankKeywords } from '@localseo/shared/rank-tracker'
import { and, count, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { locations } from '../../db/schema/business.js'
import { keywords } from '../../db/schema/keywords.js'
import { businessHasRows } from '../../lib/tenant.js'
import { upsertKeyword } from './keyword-store.js'
import { fillScope, fillScopes } from './rank-store.js'

interface KeywordBusiness {
  id: string
  name: string
  city: string
  category: string
  services: readonly string[]
}

const MAIN = { isMain: true, id: 'main' } as const

/** Adds the default keywords when the business has none yet; inside the caller's transaction. */
export async function seedDefaultKeywords(tx: Tx, business: KeywordBusiness, now: Date) {
  if (await businessHasRows(tx, keywords, business.id)) return
  await fillScope(tx, business.id, MAIN, now)
  for (const keyword of defaultRankKeywords(business, business.city)) {
    await upsertKeyword(tx, {
      businessId: business.id,
      location: MAIN,
      keyword,
      role: 'tracked',
      now,
      sample: true,
    })
  }
}

/**
 * A new location's default keywords (docs/product.md §9), tracked for it and labelled 'Sample' like
 * the sign-up data; inside the caller's transaction. Written when the location is added, not when
 * its Rank Tracker is first opened, so reading a screen never writes (issue 30 item 8). The scope
 * row marks the defaults as filled: they come once.
 */
export async function seedLocationKeywords(
  tx: Tx,
  business: KeywordBusiness,
  location: { id: string; city: string },
  now: Date,
) {
  const scope = { isMain: false, id: location.id }
  if (!(await fillScope(tx, business.id, scope, now))) return
  for (const keyword of defaultRankKeywords(business, location.city)) {
    await upsertKeyword(tx, {
      businessId: business.id,
      location: scope,
      keyword,
      role: 'tracked',
      now,
      sample: true,
    })
  }
}

/** How many sample keywords the business still has. */
export async function countSampleKeywords(db: Db | Tx, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(keywords)
    .where(and(eq(keywords.businessId, businessId), eq(keywords.sample, true)))
  return row?.n ?? 0
}

/**
 * Removes the sample keywords and their history (issue 15 item 2). One the owner analysed, saved or
 * tracked is theirs and no longer sample (keyword-store.ts). Every scope is marked as filled, so no
 * default comes back.
 */
export async function removeSampleKeywords(tx: Tx, businessId: string, now: Date): Promise<number> {
  const removed = await tx
    .delete(keywords)
    .where(and(eq(keywords.businessId, businessId), eq(keywords.sample, true)))
    .returning({ id: keywords.id })
  const scopes = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.businessId, businessId))
  const filled = [MAIN, ...scopes.map((s) => ({ isMain: false, id: s.id }))]
  await fillScopes(tx, businessId, filled, now)
  return removed.length
}
