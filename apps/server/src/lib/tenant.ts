// Tenant scoping (docs/house-rules.md "Tenant scoping inside the query"): the business id always comes from
// the verified session's user, never from the request.
import { and, asc, count, eq, sql, type Column, type SQL } from 'drizzle-orm'
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
import {
  memberRoleSchema,
  roleAllows,
  roleRefusal,
  type MemberRole,
} from '@localseo/shared/members'
import type { Db, Tx } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { businesses, locations } from '../db/schema/business.js'
import { dashboardVersions } from '../db/schema/dashboard-versions.js'
import { businessMembers } from '../db/schema/members.js'
import { AppError } from './errors.js'

/** What a screen that needs the business says until the owner has entered it. */
export const BUSINESS_REQUIRED = 'Add your business information in Settings first.'
const LOCATION_NOT_FOUND = 'That location does not exist.'

/** A location's fields as `Location` names them: drizzle selects them, PostgreSQL builds them as JSON. */
export const locationFields = {
  id: locations.id,
  businessId: locations.businessId,
  name: locations.name,
  address: locations.address,
  city: locations.city,
  state: locations.state,
  zip: locations.zip,
  country: locations.country,
  phone: locations.phone,
  pageUrl: locations.pageUrl,
  lat: locations.lat,
  lng: locations.lng,
  placeId: locations.placeId,
} satisfies Record<keyof Location, Column>

/** The business's own fields as `Business` names them (its locations come apart). */
const businessFields = {
  id: businesses.id,
  name: businesses.name,
  address: businesses.address,
  city: businesses.city,
  state: businesses.state,
  zip: businesses.zip,
  country: businesses.country,
  timeZone: businesses.timeZone,
  phone: businesses.phone,
  website: businesses.website,
  category: businesses.category,
  services: businesses.services,
  lat: businesses.lat,
  lng: businesses.lng,
  placeId: businesses.placeId,
} satisfies Record<Exclude<keyof Business, 'locations'>, Column>

/** The order locations are listed in everywhere: the order they were added. */
export const locationOrder = [asc(locations.createdAt), asc(locations.id)]

/**
 * A JSON array of `fields`' columns in their order. None of these columns needs drizzle's mapping
 * (no timestamps): text, booleans, text[] and double precision come out of JSON as they do out of
 * the driver, doubles in their shortest exact form.
 */
function jsonValues(fields: Record<string, Column | SQL>): SQL {
  return sql`json_build_array(${sql.join(Object.values(fields), sql`, `)})`
}

/** The object with the names of `fields` whose values `jsonValues(fields)` built, in that order. */
function named(
  fields: Record<string, unknown>,
  values: readonly unknown[],
): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  Object.keys(fields).forEach((name, index) => {
    object[name] = values[index]
  })
  return object
}

/**
 * The business a signed-in person asked for (or, when they named none, the first they joined) as
 * one JSON value with the version of its dashboard's data (db/schema/dashboard-versions.ts) and
 * their role in it: `businessFields`' values, then a list of `locationFields`' values per location,
 * in order. Most /api requests start here, so it is one prepared query reading one row through the
 * membership's index: decoding one JSON text costs the server a fraction of decoding a column per
 * field (issue 19 item 4, docs/decisions/019-compressed-assets-and-preloading.md "Pipelined reads").
 * Membership is read on every request, so a removed member is refused at once on every instance
 * (docs/decisions/043-members-and-roles.md).
 */
const businessForMember = preparedPerDb((db) =>
  db
    .select({
      values: sql<unknown[]>`${jsonValues({
        ...businessFields,
        locations: sql`coalesce((${db
          .select({
            list: sql`json_agg(${jsonValues(locationFields)} order by ${sql.join(locationOrder, sql`, `)})`,
          })
          .from(locations)
          .where(eq(locations.businessId, businesses.id))}), '[]'::json)`,
      })}`,
      dashboardVersion: dashboardVersions.version,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoin(dashboardVersions, eq(dashboardVersions.businessId, businesses.id))
    .where(
      and(
        eq(businessMembers.userId, sql.placeholder('userId')),
        sql`(${sql.placeholder('businessId')}::uuid is null or ${businessMembers.businessId} = ${sql.placeholder('businessId')}::uuid)`,
      ),
    )
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.businessId))
    .limit(1)
    .prepare('business_for_member'),
)

function businessFromValues(values: unknown[]): Business {
  const locationValues = values[Object.keys(businessFields).length] as unknown[][]
  // The shapes are the fields' own (`satisfies` above); the tests compare with drizzle's mapping.
  return {
    ...named(businessFields, values),
    locations: locationValues.map((location) => named(locationFields, location)),
  } as Business
}

/** What a request reads about its business: the business, its dashboard's version, the role. */
export interface MemberBusiness {
  business: Business
  /** Null when unknown (no business, or no version row): nothing computed from it may be kept. */
  dashboardVersion: number | null
  /** The signed-in person's role in it; null while they have no business at all. */
  role: MemberRole | null
}

/** What a request naming a business its sender does not belong to is told (ADR 043). */
export const NOT_A_MEMBER = 'You are not a member of that business, or it no longer exists.'

/**
 * The business `businessId` names, or without one the first the person joined, with its locations,
 * the dashboard data's version and their role; the empty business when they belong to none
 * (docs/product.md §3, §6). Naming a business they do not belong to is a 404, never a fall-back to
 * another: a write must not land in a business the sender did not mean.
 */
export async function getMemberBusiness({
  db,
  userId,
  businessId,
}: {
  db: Db
  userId: string
  businessId: string | null
}): Promise<MemberBusiness> {
  const [row] = await businessForMember(db).execute({ userId, businessId })
  if (!row) {
    if (businessId) throw new AppError('not_a_member', NOT_A_MEMBER)
    return { business: emptyBusiness, dashboardVersion: null, role: null }
  }
  return {
    business: businessFromValues(row.values),
    dashboardVersion: row.dashboardVersion,
    role: memberRoleSchema.parse(row.role),
  }
}

/** A business by its id, for work that runs without a signed-in owner (the job queue). */
export async function getBusinessById(db: Db, businessId: string): Promise<Business | undefined> {
  const [business] = await db
    .select(businessFields)
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business) return undefined
  const rows = await db
    .select(locationFields)
    .from(locations)
    .where(eq(locations.businessId, businessId))
    .orderBy(...locationOrder)
  return { ...business, locations: rows }
}

/**
 * The signed-in person's business as a request sees it (issue 30 item 5): requireAuth puts one on
 * every /api request's context (`c.var.tenant`), and it reads the business at most once, whichever
 * of its questions the handler asks. The request may name one of the person's businesses (the
 * BUSINESS_HEADER); whether they belong to it is checked in the same read (ADR 043).
 */
export interface Tenant {
  /** The business with its locations, or the empty business, its dashboard's data version and the role. */
  read(): Promise<MemberBusiness>
  /** The person's role in the business; null while they have none. */
  role(): Promise<MemberRole | null>
  /** A 403 unless the person's role allows what `needed` may do (or they have no business yet). */
  requireRole(needed: MemberRole): Promise<void>
  /** The business, or the empty one until the owner has entered it. */
  business(): Promise<Business>
  /** The business's id, or a 404 that reads well in the UI when there is none yet. */
  businessId(): Promise<string>
  /** The business once it has a name (every screen's texts need one), else a 404. */
  named(): Promise<Business>
  /** The named business and the place the request is about: main, or one of its own locations. */
  scope(locationId?: string | null): Promise<{ business: Business; location: ResolvedLocation }>
  /** After the request wrote the business: the next question reads it again. */
  forget(): void
}

export function tenantOf(db: Db, userId: string, businessId: string | null = null): Tenant {
  let read: ReturnType<Tenant['read']> | undefined
  const tenant: Tenant = {
    read: () => (read ??= getMemberBusiness({ db, userId, businessId })),
    role: async () => (await tenant.read()).role,
    async requireRole(needed) {
      const role = await tenant.role()
      if (role && !roleAllows(role, needed)) {
        throw new AppError('forbidden', roleRefusal(role, needed))
      }
    },
    business: async () => (await tenant.read()).business,
    async businessId() {
      const { id } = await tenant.business()
      if (!id) throw new AppError('not_found', BUSINESS_REQUIRED)
      return id
    },
    async named() {
      const business = await tenant.business()
      if (!business.id || !hasBusinessName(business)) {
        throw new AppError('not_found', BUSINESS_REQUIRED)
      }
      return business
    },
    async scope(locationId) {
      const business = await tenant.named()
      return { business, location: requireLocation(business, locationId) }
    },
    forget() {
      read = undefined
    },
  }
  return tenant
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
 * ends, so two requests at once cannot both pass a check (a duplicate, one location too many).
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: it conflicts with itself but not with the key-share lock
 * every insert of a row that refers to the business takes, so a job writing the business's rows
 * meanwhile is not held behind it, nor deadlocked with it when the transaction then waits for a
 * row that job holds (docs/decisions/056-lock-order.md).
 */
export async function lockBusiness(tx: Tx, businessId: string) {
  await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('no key update')
}
