// The sample data a new business starts with (docs/product.md §7 "Seed on app load"): the three backlinks,
// the tracked keywords and the sample listings. Every screen labels it 'Sample', and one Settings
// action removes all of it (issue 15 item 2).
import { eq } from 'drizzle-orm'
import type { SampleData } from '@localseo/shared/business'
import type { Db } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import { lockBusiness } from '../../lib/tenant.js'
import { countSampleBacklinks, removeSampleBacklinks } from '../backlinks/public.js'
import { removeSampleProfileLinks } from '../business-profile/public.js'
import { removeSampleCompetitors } from '../competitors/public.js'
import { countSampleKeywords, removeSampleKeywords } from '../keywords/public.js'

export async function getSampleData(db: Db, businessId: string): Promise<SampleData> {
  const [[business], backlinks, keywords] = await Promise.all([
    db
      .select({ removedAt: businesses.sampleDataRemovedAt })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    countSampleBacklinks(db, businessId),
    countSampleKeywords(db, businessId),
  ])
  const removedAt = business?.removedAt ?? null
  return {
    backlinks,
    keywords,
    listings: removedAt === null,
    removedAt: removedAt?.toISOString() ?? null,
  }
}

/** Removes every kind of sample data in one transaction; removing again changes nothing. */
export async function removeSampleData(db: Db, businessId: string, now: Date): Promise<SampleData> {
  await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const [business] = await tx
      .select({ removedAt: businesses.sampleDataRemovedAt })
      .from(businesses)
      .where(eq(businesses.id, businessId))
    const backlinks = await removeSampleBacklinks(tx, businessId)
    const keywords = await removeSampleKeywords(tx, businessId, now)
    const profileLinks = await removeSampleProfileLinks(tx, businessId)
    const competitors = await removeSampleCompetitors(tx, businessId)
    if (business?.removedAt && backlinks + keywords + profileLinks + competitors === 0) return
    await tx
      .update(businesses)
      .set({ sampleDataRemovedAt: business?.removedAt ?? now })
      .where(eq(businesses.id, businessId))
    await recordActivity(tx, {
      businessId,
      kind: 'sample_data_removed',
      message: 'Sample data removed',
      now,
    })
  })
  return getSampleData(db, businessId)
}
