// First-run data (docs/product.md §7 "Seed on app load"): once a business has a name, city and category it gets
// 3 sample backlinks, 9 starter recommendations and 5 tracked keywords, each set only if it has none.
// Runs inside the save transaction with the business row locked, and only once per business.
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { seedSampleBacklinks } from '../backlinks/public.js'
import { seedDefaultKeywords } from '../keywords/public.js'
import { seedStarterTasks } from '../recommendations/public.js'

/** Answers whether it wrote the first-run data (its keywords then wait for their first check). */
export async function seedFirstRunData(tx: Tx, businessId: string, now: Date): Promise<boolean> {
  const [business] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('no key update')
  if (!business || business.sampleDataSeededAt) return false
  if (!business.name.trim() || !business.city.trim() || !business.category.trim()) return false

  // Each feature writes its own samples, and only when it has nothing yet.
  await seedSampleBacklinks(tx, business, now)
  await seedStarterTasks(tx, business, now)
  await seedDefaultKeywords(tx, business, now)
  await tx.update(businesses).set({ sampleDataSeededAt: now }).where(eq(businesses.id, businessId))
  return true
}
