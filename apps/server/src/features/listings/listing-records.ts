// Stored listing records as the shared listings rules read them (docs/product.md §2 Local Listings).
import type { ListingRecord } from '@localseo/shared/listings'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { listingRecords } from '../../db/schema/listings.js'

/** One stored row as a ListingRecord. */
export function toListingRecord(row: typeof listingRecords.$inferSelect): ListingRecord {
  return {
    platform: row.platform,
    url: row.url,
    status: row.status,
    listed: row.listed,
    name: row.name,
    address: row.address,
    phone: row.phone,
    updatedOn: row.updatedAt.toISOString().slice(0, 10),
  }
}

/** Every record of the business, by location key ('main' or a location id), in one query. */
export async function recordsByLocation(
  db: Db,
  businessId: string,
): Promise<Map<string, ListingRecord[]>> {
  const rows = await db
    .select()
    .from(listingRecords)
    .where(eq(listingRecords.businessId, businessId))
  const byLocation = new Map<string, ListingRecord[]>()
  for (const row of rows) {
    const list = byLocation.get(row.locationKey) ?? []
    list.push(toListingRecord(row))
    byLocation.set(row.locationKey, list)
  }
  return byLocation
}

/** False once the owner removed the sample data (issue 15 item 2): no sample listing is shown. */
export async function showsSampleListings(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ removedAt: businesses.sampleDataRemovedAt })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return !row?.removedAt
}
