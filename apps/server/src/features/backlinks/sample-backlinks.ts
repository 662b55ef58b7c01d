// The three sample backlinks a new business starts with (docs/product.md §7 "Seed on app load"), so
// the Backlink Monitor has something to show before the owner adds their own.
import { categoryTerms } from '@localseo/shared/category-terms'
import { slug } from '@localseo/shared/slug'
import { and, count, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businessHasRows } from '../../lib/tenant.js'

interface SampleBusiness {
  id: string
  name: string
  city: string
  category: string
  country?: string
}

const DAY_MS = 86_400_000

function sampleBacklinks(business: SampleBusiness, now: Date) {
  const city = slug(business.city)
  const name = slug(business.name)
  const { noun } = categoryTerms(business.category, business.country)
  const monthsAgo = (months: number) => new Date(now.getTime() - months * 30 * DAY_MS)
  return [
    {
      url: `https://www.${city.replace(/-/g, '')}chamber.org/members/${name}`,
      anchorText: business.name,
      linkType: 'dofollow' as const,
      firstSeen: now,
    },
    {
      url: `https://www.${city.replace(/-/g, '')}localguide.com/${slug(noun)}/${name}`,
      anchorText: `${noun} in ${business.city}`,
      linkType: 'dofollow' as const,
      firstSeen: monthsAgo(1),
    },
    {
      url: `https://www.yelp.com/biz/${name}-${city}`,
      anchorText: business.name,
      linkType: 'nofollow' as const,
      firstSeen: monthsAgo(3),
    },
  ].map((link) => ({
    ...link,
    businessId: business.id,
    domain: new URL(link.url).hostname.replace(/^www\./, ''),
    status: 'active',
    // Sample links are made up: nothing about them is measured, so they are 'Not rated' and carry
    // no domain figures (issue 32 item 4, ADR 032).
    quality: 'unrated' as const,
    qualityBasis: {
      ratedAt: null,
      reasons: ['Not rated: a sample link, made up to show how the monitor works.'],
    },
    sample: true,
    createdAt: link.firstSeen,
  }))
}

/** Adds the samples when the business has no backlink yet; inside the caller's transaction. */
export async function seedSampleBacklinks(tx: Tx, business: SampleBusiness, now: Date) {
  if (await businessHasRows(tx, backlinks, business.id)) return
  await tx.insert(backlinks).values(sampleBacklinks(business, now))
}

/** How many sample backlinks the business still has. */
export async function countSampleBacklinks(db: Db | Tx, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backlinks)
    .where(and(eq(backlinks.businessId, businessId), eq(backlinks.sample, true)))
  return row?.n ?? 0
}

/** Deletes the sample backlinks (issue 15 item 2); the running counts follow by trigger. */
export async function removeSampleBacklinks(tx: Tx, businessId: string): Promise<number> {
  const removed = await tx
    .delete(backlinks)
    .where(and(eq(backlinks.businessId, businessId), eq(backlinks.sample, true)))
    .returning({ id: backlinks.id })
  return removed.length
}
