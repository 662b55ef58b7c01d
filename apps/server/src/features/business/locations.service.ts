// The owner's additional locations (docs/product.md §2 Business Locations), changed in transactions.
// None is primary: the business's own address is the main, primary location (ADR 033).
import { randomBytes } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import type { Location } from '@localseo/shared/business'
import {
  MAX_LOCATIONS,
  locationInputSchema,
  type locationCreateSchema,
  type locationUpdateSchema,
} from '@localseo/shared/business-input'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.js'
import { businesses, locations } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'
import { getBusinessById, locationFields, locationOrder, lockBusiness } from '../../lib/tenant.js'
import { seedLocationKeywords } from '../keywords/public.js'
import { refreshListingConsistency } from '../listings/public.js'
import { parseOrFail } from '../../lib/validate.js'

const notFound = () => new AppError('not_found', 'That location does not exist.')

/** docs/product.md §3: new location ids are 'loc_' plus a timestamp; a random tail keeps them unique. */
function newLocationId(now: Date): string {
  return `loc_${now.getTime()}_${randomBytes(4).toString('hex')}`
}

export async function listLocations(db: Db | Tx, businessId: string): Promise<Location[]> {
  return db
    .select(locationFields)
    .from(locations)
    .where(eq(locations.businessId, businessId))
    .orderBy(...locationOrder)
}

/** A location without a country is in its business's (docs/decisions/017-countries-and-addresses.md). */
async function businessCountry(tx: Tx, businessId: string): Promise<string> {
  const [row] = await tx
    .select({ country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return row?.country ?? 'US'
}

/** A new location of a named business tracks the default keywords (its first check follows). */
async function seedLocationDefaults(
  tx: Tx,
  businessId: string,
  location: { id: string; city: string },
  now: Date,
) {
  const [business] = await tx
    .select({
      id: businesses.id,
      name: businesses.name,
      city: businesses.city,
      category: businesses.category,
      services: businesses.services,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business?.name.trim() || !business.category.trim()) return
  await seedLocationKeywords(tx, business, location, now)
}

export async function addLocation({
  db,
  businessId,
  input: draft,
  now,
}: {
  db: Db
  businessId: string
  input: z.output<typeof locationCreateSchema>
  now: Date
}): Promise<Location[]> {
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const country = draft.country ?? (await businessCountry(tx, businessId))
    const input = parseOrFail(locationInputSchema, { ...draft, country })
    const [existing] = await tx
      .select({ n: count() })
      .from(locations)
      .where(eq(locations.businessId, businessId))
    const n = existing?.n ?? 0
    if (n >= MAX_LOCATIONS) {
      throw new AppError('conflict', `A business can have at most ${MAX_LOCATIONS} locations.`)
    }
    const id = newLocationId(now)
    await tx.insert(locations).values({
      ...input,
      id,
      businessId,
      createdAt: now,
      updatedAt: now,
    })
    await seedLocationDefaults(tx, businessId, { id, city: input.city }, now)
    await recordActivity(tx, {
      businessId,
      kind: 'location_added',
      message: `Location added: ${input.name}`,
      now,
    })
    return listLocations(tx, businessId)
  })
}

export async function updateLocation({
  db,
  businessId,
  locationId,
  input,
  now,
}: {
  db: Db
  businessId: string
  locationId: string
  input: z.output<typeof locationUpdateSchema>
  now: Date
}): Promise<Location[]> {
  const list = await db.transaction(async (tx) => {
    const [saved] = await tx
      .select()
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId)))
    if (!saved) throw notFound()
    // The country's rules apply to the location as it will be, not to the change alone.
    const { name, address, city, state, zip, country, phone, pageUrl } = saved
    const whole = { name, address, city, state, zip, country, phone, pageUrl, ...input }
    const checked = parseOrFail(locationInputSchema, whole)
    const updated = await tx
      .update(locations)
      .set({ ...checked, updatedAt: now })
      .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId)))
      .returning({ name: locations.name })
    if (!updated[0]) throw notFound()
    await recordActivity(tx, {
      businessId,
      kind: 'location_updated',
      message: `Location updated: ${updated[0].name}`,
      now,
    })
    return listLocations(tx, businessId)
  })
  // The location's listings are compared with its new name, address and phone (issue 16 item 4).
  const business = await getBusinessById(db, businessId)
  if (business) await refreshListingConsistency(db, business, { now, alert: true })
  return list
}

export async function deleteLocation({
  db,
  businessId,
  locationId,
  now,
}: {
  db: Db
  businessId: string
  locationId: string
  now: Date
}): Promise<Location[]> {
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const [deleted] = await tx
      .delete(locations)
      .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId)))
      .returning({ name: locations.name })
    if (!deleted) throw notFound()
    await recordActivity(tx, {
      businessId,
      kind: 'location_removed',
      message: `Location removed: ${deleted.name}`,
      now,
    })
    return listLocations(tx, businessId)
  })
}
