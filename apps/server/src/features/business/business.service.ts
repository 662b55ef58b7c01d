import { sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import { servicesFromName } from '@localseo/shared/business-terms'
import { defaultTimeZone } from '@localseo/shared/regions'
import type { businessInputSchema } from '@localseo/shared/business-input'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import type { Tenant } from '../../lib/tenant.js'
import { refreshListingConsistency } from '../listings/public.js'
import { seedFirstRunData } from './first-run.js'

/**
 * Creates the owner's one business, or updates it: one row per user, keyed by user id. `seeded`:
 * this save wrote the first-run data, whose keywords wait for their first check.
 */
export async function saveBusiness({
  db,
  userId,
  tenant,
  input,
  now,
}: {
  db: Db
  userId: string
  /** The request's business: read again once the save has ended. */
  tenant: Tenant
  input: z.output<typeof businessInputSchema>
  now: Date
}): Promise<{ business: Business; seeded: boolean }> {
  // Services left out keep the saved list; a business without any starts with its name's
  // ('Lopez Plumbing' offers plumbing), which the owner can change (issue 15 item 5).
  const named = servicesFromName(input.name, input.category, input.country)
  const services = input.services
    ? sql`excluded.services`
    : sql`case when cardinality(${businesses.services}) > 0 then ${businesses.services} else excluded.services end`
  // A zone left out keeps the saved one; a new business takes its address's (regions.ts).
  const timeZone = input.timeZone ? sql`excluded.time_zone` : businesses.timeZone
  const seeded = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(businesses)
      .values({
        ...input,
        timeZone: input.timeZone ?? defaultTimeZone(input.country, input.state),
        services: input.services ?? named,
        userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: businesses.userId,
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          address: sql`excluded.address`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          zip: sql`excluded.zip`,
          country: sql`excluded.country`,
          timeZone,
          phone: sql`excluded.phone`,
          website: sql`excluded.website`,
          services,
          updatedAt: now,
        },
      })
      .returning({ id: businesses.id })
    if (!saved) return false
    const firstRun = await seedFirstRunData(tx, saved.id, now)
    await recordActivity(tx, {
      businessId: saved.id,
      kind: 'business_saved',
      message: 'Business information saved',
      now,
    })
    return firstRun
  })
  tenant.forget()
  const business = await tenant.business()
  // A new phone or address can leave the listings showing the old one: the owner hears about it.
  await refreshListingConsistency(db, business, { now, alert: true })
  return { business, seeded }
}
