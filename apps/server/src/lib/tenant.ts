// Tenant scoping (docs/house-rules.md "Tenant scoping inside the query"): the business id always comes from
// the verified session's user, never from the request.
import { and, asc, count, eq, sql, type Column } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  emptyBusiness,
  hasBusinessName,
  type Business,
  type Location,
} from '@localseo/shared/business'
import {
  MAIN_LOCATION,
  resolveLocation,
  type ResolvedLocation,
} from '@localseo/shared/location-selection'
import type { Db, Tx } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { businesses, locations } from '../db/schema/business.js'
import { dashboardVersions } from '../db/schema/dashboard-versions.js'
import { AppError } from './errors.js'

async function findBusinessId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, userId))
  return row?.id
}

/** What a screen that needs the business says until the owner has entered it. */
export const BUSINESS_REQUIRED = 'Add your business information in Settings first.'
const LOCATION_NOT_FOUND = 'That location does not exist.'

/** The caller's business id, or a 404 that reads well in the UI when there is none yet. */
export async function requireBusinessId(db: Db, userId: string): Promise<string> {
  const id = await findBusinessId(db, userId)
  if (!id) throw new AppError('not_found', BUSINESS_REQUIRED)
  return id
}

type BusinessRow = typeof businesses.$inferSelect
type LocationRow = typeof locations.$inferSelect

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    businessId: row.businessId,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    phone: row.phone,
    pageUrl: row.pageUrl,
    isPrimary: row.isPrimary,
    lat: row.lat,
    lng: row.lng,
    placeId: row.placeId,
  }
}

function toBusiness(row: BusinessRow, locationRows: LocationRow[]): Business {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    timeZone: row.timeZone,
    phone: row.phone,
    website: row.website,
    category: row.category,
    services: row.services,
    lat: row.lat,
    lng: row.lng,
    placeId: row.placeId,
    locations: locationRows.map(toLocation),
  }
}

/**
 * The owner's business joined with its locations (a row per location; none: one row of nulls) and
 * the version of its dashboard's data (db/schema/dashboard-versions.ts).
 */
const businessRowsForUser = preparedPerDb((db) =>
  db
    .select({
      business: businesses,
      location: locations,
      dashboardVersion: dashboardVersions.version,
    })
    .from(businesses)
    .leftJoin(locations, eq(locations.businessId, businesses.id))
    .leftJoin(dashboardVersions, eq(dashboardVersions.businessId, businesses.id))
    .where(eq(businesses.userId, sql.placeholder('userId')))
    .orderBy(asc(locations.createdAt), asc(locations.id))
    .prepare('business_for_user'),
)

/**
 * The signed-in owner's business with its locations, or the empty business (docs/product.md §3, §6),
 * and the version of its dashboard's data: null when unknown (no business, or no version row), in
 * which case nothing computed from it may be kept. One prepared query (a row per location) rather
 * than three: most /api requests start here (issue 19 item 4).
 */
export async function getVersionedBusinessForUser({
  db,
  userId,
}: {
  db: Db
  userId: string
}): Promise<{ business: Business; dashboardVersion: number | null }> {
  const rows = await businessRowsForUser(db).execute({ userId })
  const first = rows[0]
  if (!first) return { business: emptyBusiness, dashboardVersion: null }
  return {
    business: toBusiness(
      first.business,
      rows.flatMap((row) => (row.location ? [row.location] : [])),
    ),
    dashboardVersion: first.dashboardVersion,
  }
}

/** The signed-in owner's business with its locations, or the empty business (docs/product.md §3, §6). */
export async function getBusinessForUser(request: { db: Db; userId: string }): Promise<Business> {
  return (await getVersionedBusinessForUser(request)).business
}

/** A business by its id, for work that runs without a signed-in owner (the job queue). */
export async function getBusinessById(db: Db, businessId: string): Promise<Business | undefined> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  return business && withLocations(db, business)
}

async function withLocations(db: Db, business: BusinessRow): Promise<Business> {
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.businessId, business.id))
    .orderBy(asc(locations.createdAt), asc(locations.id))
  return toBusiness(business, rows)
}

/** The caller's business once it has a name (every screen's texts need one), else a 404. */
export async function requireNamedBusiness(db: Db, userId: string): Promise<Business> {
  const business = await getBusinessForUser({ db, userId })
  if (!business.id || !hasBusinessName(business)) throw new AppError('not_found', BUSINESS_REQUIRED)
  return business
}

const isMain = (locationId: string | null | undefined) =>
  !locationId || locationId === MAIN_LOCATION

/**
 * The place a request is about: the business itself for none or 'main', else one of its own
 * locations. Any other id is a 404, never a silent fall-back to main (docs/product.md §4).
 */
export function requireLocation(business: Business, locationId?: string | null): ResolvedLocation {
  if (!isMain(locationId) && !business.locations.some((l) => l.id === locationId)) {
    throw new AppError('not_found', LOCATION_NOT_FOUND)
  }
  return resolveLocation(business, locationId)
}

/** The caller's named business and the place the request is about, each checked as above. */
export async function requireScope(
  db: Db,
  userId: string,
  locationId?: string | null,
): Promise<{ business: Business; location: ResolvedLocation }> {
  const business = await requireNamedBusiness(db, userId)
  return { business, location: requireLocation(business, locationId) }
}

/** requireLocation by id alone, for queries that filter by location: undefined means main. */
export async function requireLocationId(
  db: Db,
  businessId: string,
  locationId: string | null | undefined,
): Promise<string | undefined> {
  if (isMain(locationId)) return undefined
  const [found] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId ?? ''), eq(locations.businessId, businessId)))
  if (!found) throw new AppError('not_found', LOCATION_NOT_FOUND)
  return found.id
}

/** Whether a business already has rows in a table of its own (samples are added only to none). */
export async function businessHasRows(
  db: Db | Tx,
  table: PgTable & { businessId: Column },
  businessId: string,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.businessId, businessId))
  return (row?.n ?? 0) > 0
}

/**
 * Serialises writes of one business inside a transaction: the business row is locked until it
 * ends, so two requests at once cannot both pass a check (a duplicate, a second primary location).
 */
export async function lockBusiness(tx: Tx, businessId: string) {
  await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update')
}
