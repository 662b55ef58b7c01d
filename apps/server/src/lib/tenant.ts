// Tenant scoping (ARCHITECTURE "Tenant scoping inside the query"): the business id always comes from
// the verified session's user, never from the request.
import { asc, eq } from 'drizzle-orm'
import { emptyBusiness, type Business, type Location } from '@localseo/shared/business'
import type { Db } from '../db/client.js'
import { businesses, locations } from '../db/schema/app.js'
import { AppError } from './errors.js'

export async function findBusinessId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, userId))
  return row?.id
}

/** The caller's business id, or a 404 that reads well in the UI when there is none yet. */
export async function requireBusinessId(db: Db, userId: string): Promise<string> {
  const id = await findBusinessId(db, userId)
  if (!id) throw new AppError('not_found', 'Add your business information in Settings first.')
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
    phone: row.phone,
    pageUrl: row.pageUrl,
    isPrimary: row.isPrimary,
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
    phone: row.phone,
    website: row.website,
    category: row.category,
    locations: locationRows.map(toLocation),
  }
}

/** The signed-in owner's business with its locations, or the empty business (SPEC §3, §6). */
export async function getBusinessForUser({
  db,
  userId,
}: {
  db: Db
  userId: string
}): Promise<Business> {
  const [business] = await db.select().from(businesses).where(eq(businesses.userId, userId))
  if (!business) return emptyBusiness
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.businessId, business.id))
    .orderBy(asc(locations.createdAt), asc(locations.id))
  return toBusiness(business, rows)
}
