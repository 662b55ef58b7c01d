// Where the business and its locations are (issue 17 item 3): a pin the owner drops in Settings, or the
// place a map search found. Saving a business never waits for either: the columns are apart from the
// address, and a business without coordinates is a whole business.
import { and, eq, isNull, or } from 'drizzle-orm'
import type { CoordinatesInput } from '@localseo/shared/coordinates'
import type { Db } from '../../db/client.js'
import { businesses, locations } from '../../db/schema/business.js'
import { AppError } from '../../lib/errors.js'

/** Sets (or clears, with nulls) the pin of the business ('main') or of one of its locations. */
export async function saveCoordinates({
  db,
  businessId,
  locationId,
  input,
  now,
}: {
  db: Db
  businessId: string
  locationId: string
  input: CoordinatesInput
  now: Date
}) {
  const values = { lat: input.lat, lng: input.lng, updatedAt: now }
  const updated =
    locationId === 'main'
      ? await db
          .update(businesses)
          .set(values)
          .where(eq(businesses.id, businessId))
          .returning({ id: businesses.id })
      : await db
          .update(locations)
          .set(values)
          .where(and(eq(locations.id, locationId), eq(locations.businessId, businessId)))
          .returning({ id: locations.id })
  if (!updated[0]) throw new AppError('not_found', 'That location does not exist.')
}

/** What a map search found of the business: its place id and where the map puts it. */
export interface FoundPlace {
  placeId: string | null
  lat: number | null
  lng: number | null
}

/**
 * Keeps what a map-pack result found of the business where the owner has not set it (issue 17
 * item 3): the point when the business or location has none, the place id when it has none. A pin
 * the owner dropped is never moved.
 */
export async function recordFoundPlace(
  db: Db,
  businessId: string,
  locationId: string,
  found: FoundPlace,
) {
  const table = locationId === 'main' ? businesses : locations
  const own =
    locationId === 'main'
      ? eq(businesses.id, businessId)
      : and(eq(locations.id, locationId), eq(locations.businessId, businessId))
  if (found.lat !== null && found.lng !== null) {
    await db
      .update(table)
      .set({ lat: found.lat, lng: found.lng })
      .where(and(own, or(isNull(table.lat), isNull(table.lng))))
  }
  if (found.placeId) {
    await db
      .update(table)
      .set({ placeId: found.placeId })
      .where(and(own, isNull(table.placeId)))
  }
}
