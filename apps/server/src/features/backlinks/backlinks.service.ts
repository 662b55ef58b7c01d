// Backlink Monitor (issue 8, SPEC §5 and §7): every query carries the business id in its WHERE, so a
// foreign id is a 404, never a leak. Summaries are aggregate SQL, never rows loaded into memory.
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import {
  BACKLINK_GROWTH_DAYS,
  TIME_RANGE_DAYS,
  type Backlink,
  type BacklinkPage,
  type BacklinkQuery,
  type BacklinkSummary,
  type NewBacklink,
} from '@localseo/shared/backlinks'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { backlinks, locations } from '../../db/schema/app.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'

const DAY_MS = 24 * 60 * 60 * 1000
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

type BacklinkRow = typeof backlinks.$inferSelect

function toBacklink(row: BacklinkRow): Backlink {
  return {
    id: row.id,
    businessId: row.businessId,
    url: row.url,
    domain: row.domain,
    anchorText: row.anchorText,
    linkType: row.linkType,
    quality: row.quality,
    firstSeen: row.firstSeen.toISOString(),
    domainAuthority: row.domainAuthority,
    spamScore: row.spamScore,
    status: row.status,
    isLocationSpecific: row.isLocationSpecific,
    locationId: row.locationId,
    createdAt: row.createdAt.toISOString(),
  }
}

/** undefined for 'main' (or none); a location id of this business; anything else is a 404. */
async function resolveLocationId(
  db: Db,
  businessId: string,
  location: string | undefined,
): Promise<string | undefined> {
  if (!location || location === MAIN_LOCATION) return undefined
  const [found] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, location), eq(locations.businessId, businessId)))
  if (!found) throw new AppError('not_found', 'That location does not exist.')
  return found.id
}

/** Main shows all of the business's backlinks; a location shows its location-specific ones. */
function scope(businessId: string, locationId: string | undefined): SQL[] {
  const where = [eq(backlinks.businessId, businessId)]
  if (locationId) where.push(eq(backlinks.locationId, locationId))
  return where
}

// A malformed id matches no row: a 404, without handing the database a value it cannot cast.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const missing = () => new AppError('not_found', 'That backlink does not exist.')

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function listBacklinks({
  db,
  businessId,
  filter,
  now,
}: {
  db: Db
  businessId: string
  filter: BacklinkQuery
  now: Date
}): Promise<BacklinkPage> {
  const locationId = await resolveLocationId(db, businessId, filter.location)
  const where = scope(businessId, locationId)
  if (filter.domain) {
    where.push(sql`${backlinks.domain} ilike ${`%${escapeLike(filter.domain)}%`} escape '\\'`)
  }
  if (filter.type) where.push(eq(backlinks.linkType, filter.type))
  if (filter.quality) where.push(eq(backlinks.quality, filter.quality))
  if (filter.timeRange !== 'all') {
    where.push(gte(backlinks.firstSeen, daysBefore(now, TIME_RANGE_DAYS[filter.timeRange])))
  }
  const condition = and(...where)
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(backlinks)
      .where(condition)
      .orderBy(desc(backlinks.createdAt), desc(backlinks.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(backlinks).where(condition),
  ])
  return {
    items: rows.map(toBacklink),
    page: filter.page,
    pageSize: filter.pageSize,
    total: totals?.total ?? 0,
  }
}

const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

export async function summarizeBacklinks({
  db,
  businessId,
  location,
  now,
}: {
  db: Db
  businessId: string
  location?: string
  now: Date
}): Promise<BacklinkSummary> {
  const locationId = await resolveLocationId(db, businessId, location)
  const condition = and(...scope(businessId, locationId))
  const [d30, d90, d180] = BACKLINK_GROWTH_DAYS
  const seenWithin = (days: number) => countWhere(gte(backlinks.firstSeen, daysBefore(now, days)))
  const isBroken = sql<boolean>`${backlinks.status} = 'broken'`
  // Four aggregate queries, each one pass: a GROUP BY over the few (type, quality, broken)
  // combinations is cheaper per row than a FILTER per figure, and growth reads only the last
  // 180 days. Only a handful of grouped rows ever reach this process.
  const [kinds, [growth], topDomains, topAnchors] = await Promise.all([
    db
      .select({
        linkType: backlinks.linkType,
        quality: backlinks.quality,
        broken: isBroken,
        count: count(),
      })
      .from(backlinks)
      .where(condition)
      .groupBy(backlinks.linkType, backlinks.quality, isBroken),
    db
      .select({
        last30Days: seenWithin(d30),
        last90Days: seenWithin(d90),
        last180Days: count(),
      })
      .from(backlinks)
      .where(and(condition, gte(backlinks.firstSeen, daysBefore(now, d180)))),
    db
      .select({ domain: backlinks.domain, count: count() })
      .from(backlinks)
      .where(condition)
      .groupBy(backlinks.domain)
      .orderBy(desc(count()), backlinks.domain)
      .limit(5),
    db
      .select({ anchorText: backlinks.anchorText, count: count() })
      .from(backlinks)
      .where(condition)
      .groupBy(backlinks.anchorText)
      .orderBy(desc(count()), backlinks.anchorText)
      .limit(5),
  ])
  const sum = (keep: (kind: (typeof kinds)[number]) => boolean) =>
    kinds.filter(keep).reduce((n, kind) => n + kind.count, 0)
  const total = sum(() => true)
  const high = sum((k) => k.quality === 'high')
  return {
    total,
    dofollow: sum((k) => k.linkType === 'dofollow'),
    nofollow: sum((k) => k.linkType === 'nofollow'),
    highQuality: high,
    highQualityPercent: total === 0 ? 0 : Math.round((high / total) * 100),
    broken: sum((k) => k.broken),
    topDomains,
    topAnchors,
    growth: {
      last30Days: growth?.last30Days ?? 0,
      last90Days: growth?.last90Days ?? 0,
      last180Days: growth?.last180Days ?? 0,
    },
    qualityDistribution: {
      high,
      medium: sum((k) => k.quality === 'medium'),
      low: sum((k) => k.quality === 'low'),
    },
  }
}

export async function addBacklink({
  db,
  businessId,
  input,
  now,
}: {
  db: Db
  businessId: string
  input: NewBacklink
  now: Date
}): Promise<Backlink> {
  const locationId = await resolveLocationId(db, businessId, input.location)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(backlinks)
      .values({
        businessId,
        url: input.url,
        domain: input.domain,
        anchorText: input.anchorText,
        linkType: input.linkType,
        quality: input.quality,
        domainAuthority: input.domainAuthority,
        spamScore: input.spamScore,
        isLocationSpecific: locationId !== undefined,
        locationId: locationId ?? null,
        firstSeen: now,
        createdAt: now,
      })
      .returning()
    await recordActivity(tx, {
      businessId,
      kind: 'backlink_added',
      message: `Backlink added from ${input.domain}`,
      now,
    })
    return toBacklink(row!)
  })
}

export async function setBacklinkStatus({
  db,
  businessId,
  id,
  status,
}: {
  db: Db
  businessId: string
  id: string
  status: 'active' | 'broken'
}): Promise<Backlink> {
  if (!UUID.test(id)) throw missing()
  const [row] = await db
    .update(backlinks)
    .set({ status })
    .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
    .returning()
  if (!row) throw missing()
  return toBacklink(row)
}

export async function deleteBacklink({
  db,
  businessId,
  id,
}: {
  db: Db
  businessId: string
  id: string
}) {
  if (!UUID.test(id)) throw missing()
  const deleted = await db
    .delete(backlinks)
    .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
    .returning({ id: backlinks.id })
  if (deleted.length === 0) throw missing()
}
