// Backlink Monitor (issue 8, docs/product.md §5 and §7): every query carries the business id in its WHERE, so a
// foreign id is a 404, never a leak. Summaries are aggregate SQL, never rows loaded into memory.
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import {
  BACKLINK_GROWTH_DAYS,
  TIME_RANGE_DAYS,
  type Backlink,
  type BacklinkPage,
  type BacklinkQuery,
  type BacklinkSummary,
  type NewBacklink,
  backlinkUrlKey,
  DUPLICATE_BACKLINK,
} from '@localseo/shared/backlinks'
import type { Db, Tx } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { backlinkCounts } from '../../db/schema/backlink-counts.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness, requireLocationId } from '../../lib/tenant.js'
import { isUuid } from '../../lib/uuid.js'
import { citationSitesFor, markedRating } from './backlink-rating.js'

const DAY_MS = 24 * 60 * 60 * 1000
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

type BacklinkRow = typeof backlinks.$inferSelect

export function toBacklink(row: BacklinkRow): Backlink {
  return {
    id: row.id,
    businessId: row.businessId,
    url: row.url,
    domain: row.domain,
    anchorText: row.anchorText,
    linkType: row.linkType,
    quality: row.quality,
    qualityBasis: row.qualityBasis ?? {
      ratedAt: null,
      reasons: [
        row.quality === 'unrated'
          ? row.lastCheckedAt
            ? 'Not rated since ratings became measured: the next check rates it.'
            : 'Not rated: not checked yet. Verify it to rate it.'
          : 'Broken.',
      ],
    },
    firstSeen: row.firstSeen.toISOString(),
    metrics:
      row.metricsSource && row.metricsCheckedAt
        ? {
            domainRank: row.domainAuthority,
            spamScore: row.spamScore,
            source: row.metricsSource,
            checkedAt: row.metricsCheckedAt.toISOString(),
          }
        : null,
    status: row.status,
    isLocationSpecific: row.isLocationSpecific,
    locationId: row.locationId,
    sample: row.sample,
    createdAt: row.createdAt.toISOString(),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    httpStatus: row.httpStatus,
    verification: row.verification,
  }
}

/** Main shows all of the business's backlinks; a location shows its location-specific ones. */
function scope(businessId: string, locationId: string | undefined): SQL[] {
  const where = [eq(backlinks.businessId, businessId)]
  if (locationId) where.push(eq(backlinks.locationId, locationId))
  return where
}

const missing = () => new AppError('not_found', 'That backlink does not exist.')

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The WHERE of the list and of the CSV export: scope plus the Domain, Type, Quality and Time Range filters. */
export async function backlinkFilter({
  db,
  businessId,
  filter,
  now,
}: {
  db: Db
  businessId: string
  filter: Omit<BacklinkQuery, 'page' | 'pageSize'>
  now: Date
}): Promise<SQL | undefined> {
  const locationId = await requireLocationId(db, businessId, filter.location)
  const where = scope(businessId, locationId)
  if (filter.domain) {
    where.push(sql`${backlinks.domain} ilike ${`%${escapeLike(filter.domain)}%`} escape '\\'`)
  }
  if (filter.type) where.push(eq(backlinks.linkType, filter.type))
  if (filter.quality) where.push(eq(backlinks.quality, filter.quality))
  if (filter.timeRange !== 'all') {
    where.push(gte(backlinks.firstSeen, daysBefore(now, TIME_RANGE_DAYS[filter.timeRange])))
  }
  return and(...where)
}

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
  const condition = await backlinkFilter({ db, businessId, filter, now })
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

/**
 * The summary reads the running counts of backlink_counts (kept exact by triggers, see
 * db/schema/backlink-counts.ts): a few small rows and two 5-entry index reads, whatever the number
 * of backlinks. Only growth reads backlinks, through the (business_id, first_seen) index and only
 * the last 180 days. Before the counts, four aggregate passes over 100,000 rows took ~110 ms p99.
 */
export async function summarizeBacklinks({
  db,
  businessId,
  location,
  now,
  metricsProvider = null,
}: {
  db: Db
  businessId: string
  location?: string
  now: Date
  /** The backlink data provider's name, or null when none is configured (ADR 032). */
  metricsProvider?: string | null
}): Promise<BacklinkSummary> {
  const locationId = await requireLocationId(db, businessId, location)
  // '' counts all of the business's backlinks; a location id counts its location-specific ones.
  const counted = and(
    eq(backlinkCounts.businessId, businessId),
    eq(backlinkCounts.scope, locationId ?? ''),
  )
  const top = (facet: 'domain' | 'anchor') =>
    db
      .select({ value: backlinkCounts.value, count: backlinkCounts.count })
      .from(backlinkCounts)
      .where(and(counted, eq(backlinkCounts.facet, facet)))
      .orderBy(desc(backlinkCounts.count), backlinkCounts.value)
      .limit(5)
  const [d30, d90, d180] = BACKLINK_GROWTH_DAYS
  const seenWithin = (days: number) => countWhere(gte(backlinks.firstSeen, daysBefore(now, days)))
  const [facets, topDomains, topAnchors, [growth]] = await Promise.all([
    db
      .select({
        facet: backlinkCounts.facet,
        value: backlinkCounts.value,
        count: backlinkCounts.count,
      })
      .from(backlinkCounts)
      .where(and(counted, inArray(backlinkCounts.facet, ['type', 'quality', 'status']))),
    top('domain'),
    top('anchor'),
    db
      .select({
        last30Days: seenWithin(d30),
        last90Days: seenWithin(d90),
        last180Days: count(),
      })
      .from(backlinks)
      .where(
        and(...scope(businessId, locationId), gte(backlinks.firstSeen, daysBefore(now, d180))),
      ),
  ])
  const tally = (facet: string, value: string) =>
    facets.find((row) => row.facet === facet && row.value === value)?.count ?? 0
  const high = tally('quality', 'high')
  const medium = tally('quality', 'medium')
  const low = tally('quality', 'low')
  const unrated = tally('quality', 'unrated')
  const total = high + medium + low + unrated
  return {
    total,
    dofollow: tally('type', 'dofollow'),
    nofollow: tally('type', 'nofollow'),
    highQuality: high,
    highQualityPercent: total === 0 ? 0 : Math.round((high / total) * 100),
    broken: tally('status', 'broken'),
    topDomains: topDomains.map(({ value, count }) => ({ domain: value, count })),
    topAnchors: topAnchors.map(({ value, count }) => ({ anchorText: value, count })),
    growth: {
      last30Days: growth?.last30Days ?? 0,
      last90Days: growth?.last90Days ?? 0,
      last180Days: growth?.last180Days ?? 0,
    },
    qualityDistribution: { high, medium, low, unrated },
    metricsProvider,
  }
}

/**
 * The same page twice would inflate every total (issue 15 item 6): refused with a clear message.
 * The business row is locked first, so two adds of one link at once cannot both pass.
 */
async function refuseDuplicate(tx: Tx, businessId: string, input: NewBacklink) {
  await lockBusiness(tx, businessId)
  const sameDomain = await tx
    .select({ url: backlinks.url })
    .from(backlinks)
    .where(and(eq(backlinks.businessId, businessId), eq(backlinks.domain, input.domain)))
  const key = backlinkUrlKey(input.url)
  if (sameDomain.some((row) => backlinkUrlKey(row.url) === key)) {
    throw new AppError('conflict', DUPLICATE_BACKLINK)
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
  const locationId = await requireLocationId(db, businessId, input.location)
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, businessId, input)
    const [row] = await tx
      .insert(backlinks)
      .values({
        businessId,
        url: input.url,
        domain: input.domain,
        anchorText: input.anchorText,
        linkType: input.linkType,
        // Nothing is measured yet: 'Not rated' until a check finds the link (ADR 032).
        quality: 'unrated',
        qualityBasis: {
          ratedAt: null,
          reasons: ['Not rated: not checked yet. Verify it to rate it.'],
        },
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
  if (!isUuid(id)) throw missing()
  const where = and(eq(backlinks.id, id), eq(backlinks.businessId, businessId))
  const [before] = await db.select().from(backlinks).where(where)
  if (!before) throw missing()
  const sites = await citationSitesFor(db, businessId)
  const [row] = await db
    .update(backlinks)
    .set({ status, ...markedRating(before, status, sites) })
    .where(where)
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
  if (!isUuid(id)) throw missing()
  const deleted = await db
    .delete(backlinks)
    .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
    .returning({ id: backlinks.id })
  if (deleted.length === 0) throw missing()
}
