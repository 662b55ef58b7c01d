import { and, eq } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  buildListingsView,
  platformsFor,
  type ListingRecord,
  type listingRecordInputSchema,
} from '@localseo/shared/listings'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { listingRecords } from '../../db/schema/listings.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'
import { requireLocation } from '../../lib/tenant.js'
import { refreshListingConsistency } from './consistency.js'
import { showsSampleListings, toListingRecord } from './listing-records.js'

/** 'main' or a location of this business; anything else is a 404, never another owner's data. */
function locationKeyFor(business: Business, location: string | undefined): string {
  return requireLocation(business, location).id
}

/** The platforms of the location's country (local-places.ts): a UK branch has Yell, not Yellow Pages. */
function requirePlatform(business: Business, locationKey: string, platform: string) {
  const { country } = requireLocation(business, locationKey)
  if (!platformsFor(business.category, country).includes(platform)) {
    throw new AppError('not_found', `${platform} is not a listing platform for this business.`)
  }
}

async function loadRecords(
  db: Db,
  businessId: string,
  locationKey: string,
): Promise<ListingRecord[]> {
  const rows = await db
    .select()
    .from(listingRecords)
    .where(
      and(eq(listingRecords.businessId, businessId), eq(listingRecords.locationKey, locationKey)),
    )
  return rows.map(toListingRecord)
}

export async function getListings({
  db,
  business,
  location,
  now,
}: {
  db: Db
  business: Business
  location?: string
  now: Date
}) {
  const locationKey = locationKeyFor(business, location)
  const [records, samples] = await Promise.all([
    loadRecords(db, business.id, locationKey),
    showsSampleListings(db, business.id),
  ])
  return buildListingsView({
    business,
    locationId: locationKey,
    records,
    today: now.toISOString().slice(0, 10),
    samples,
  })
}

/** Records (or replaces) what one platform shows; the consistency is then computed for real. */
export async function recordListing({
  db,
  business,
  input,
  now,
}: {
  db: Db
  business: Business
  input: z.output<typeof listingRecordInputSchema>
  now: Date
}) {
  const locationKey = locationKeyFor(business, input.location)
  requirePlatform(business, locationKey, input.platform)
  const values = {
    url: input.url,
    status: input.status ?? null,
    listed: input.listed,
    name: input.name,
    address: input.address,
    phone: input.phone,
    updatedAt: now,
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(listingRecords)
      .values({
        ...values,
        businessId: business.id,
        locationKey,
        locationId: locationKey === MAIN_LOCATION ? null : locationKey,
        platform: input.platform,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [listingRecords.businessId, listingRecords.locationKey, listingRecords.platform],
        set: values,
      })
    await recordActivity(tx, {
      businessId: business.id,
      kind: 'listing_recorded',
      message: `Listing details recorded for ${input.platform}`,
      now,
    })
  })
  // The record's match is stored, so a later change to the profile can tell when it stops matching.
  await refreshListingConsistency(db, business, { now, alert: false })
  return getListings({ db, business, location: locationKey, now })
}

/** Forgets what was recorded for a platform, so it shows sample data again. */
export async function forgetListing({
  db,
  business,
  platform,
  location,
  now,
}: {
  db: Db
  business: Business
  platform: string
  location?: string
  now: Date
}) {
  const locationKey = locationKeyFor(business, location)
  requirePlatform(business, locationKey, platform)
  const deleted = await db
    .delete(listingRecords)
    .where(
      and(
        eq(listingRecords.businessId, business.id),
        eq(listingRecords.locationKey, locationKey),
        eq(listingRecords.platform, platform),
      ),
    )
    .returning({ id: listingRecords.id })
  if (deleted.length === 0) throw new AppError('not_found', `Nothing is recorded for ${platform}.`)
  return getListings({ db, business, location: locationKey, now })
}
