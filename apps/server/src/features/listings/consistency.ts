// Listing consistency kept up to date (issue 16 items 2 and 4): after any change to the profile, a
// location or a listing record, each recorded listing is compared with the profile again and the
// result stored. A listing that matched and no longer does (the owner changed the phone number, and
// the directories still show the old one) is an alert. Sample listings are made up: never compared.
import type { Business } from '@localseo/shared/business'
import { buildListingsView } from '@localseo/shared/listings'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { listingRecords } from '../../db/schema/listings.js'
import { recordListingMismatches } from '../alerts/public.js'
import { toListingRecord } from './listing-records.js'

interface Mismatch {
  /** The listing record's id: it is told only when this run is the one that flips it. */
  id: string
  platform: string
  where: string
  issues: string[]
}

type Row = typeof listingRecords.$inferSelect

/** Compares one location's recorded listings with its profile: each row's match, and new mismatches. */
function compareLocation(business: Business, locationKey: string, rows: Row[], today: string) {
  const view = buildListingsView({
    business,
    locationId: locationKey,
    records: rows.map(toListingRecord),
    today,
    samples: false,
  })
  const entries = new Map([...view.listings, ...view.citations].map((e) => [e.platform, e]))
  const where = business.locations.length > 0 ? view.profile.label : ''
  const matches = new Map<string, boolean>()
  const mismatches: Mismatch[] = []
  for (const row of rows) {
    const entry = entries.get(row.platform)
    if (!entry) continue
    const match = entry.napConsistency !== 'inconsistent'
    matches.set(row.id, match)
    if (row.napMatches === true && !match) {
      mismatches.push({ id: row.id, platform: row.platform, where, issues: entry.issues })
    }
  }
  return { matches, mismatches }
}

/**
 * Compares every recorded listing of the business with its profile, stores the result and, when
 * `alert` is set (the profile or a location changed), tells the owner of the listings that stopped
 * matching. Returns how many did.
 */
export async function refreshListingConsistency(
  db: Db,
  business: Business,
  { now, alert }: { now: Date; alert: boolean },
): Promise<number> {
  const rows = await db
    .select()
    .from(listingRecords)
    .where(eq(listingRecords.businessId, business.id))
  const known = new Set([MAIN_LOCATION, ...business.locations.map((l) => l.id)])
  const byLocation = new Map<string, Row[]>()
  for (const row of rows.filter((r) => known.has(r.locationKey))) {
    byLocation.set(row.locationKey, [...(byLocation.get(row.locationKey) ?? []), row])
  }
  const today = now.toISOString().slice(0, 10)
  const changed = { true: [] as string[], false: [] as string[] }
  const mismatches: Mismatch[] = []
  for (const [locationKey, locationRows] of byLocation) {
    const compared = compareLocation(business, locationKey, locationRows, today)
    mismatches.push(...compared.mismatches)
    for (const row of locationRows) {
      const match = compared.matches.get(row.id)
      if (match !== undefined && match !== row.napMatches) changed[`${match}`].push(row.id)
    }
  }
  return db.transaction(async (tx) => {
    if (changed.true.length > 0) {
      await tx
        .update(listingRecords)
        .set({ napMatches: true })
        .where(inArray(listingRecords.id, changed.true))
    }
    // Only the rows this statement flips from matching are told: two saves at once compare the
    // same rows, and the second one's update finds them flipped already (issue 16 item 4).
    const flipped =
      changed.false.length === 0
        ? []
        : await tx
            .update(listingRecords)
            .set({ napMatches: false })
            .where(
              and(inArray(listingRecords.id, changed.false), eq(listingRecords.napMatches, true)),
            )
            .returning({ id: listingRecords.id })
    if (!alert) return 0
    const told = new Set(flipped.map((row) => row.id))
    const fresh = mismatches.filter((m) => told.has(m.id))
    await recordListingMismatches(tx, business.id, fresh, now)
    return fresh.length
  })
}
