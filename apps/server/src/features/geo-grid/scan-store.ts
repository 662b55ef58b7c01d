// Geo-grid scans as stored (issue 17 item 4): the scan row with its settings and the point rows with
// what each search found, read back as the API answers them. Every query carries the business id
// (docs/house-rules.md "Tenant scoping inside the query").
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  NOT_FOUND_RANK,
  SCANS_PAGE_SIZE,
  summarizeScan,
  type GridScan,
  type GridScanDetail,
  type ScanPoint,
} from '@localseo/shared/geo-grid'
import { resolveLocation } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { geoGridPoints, geoGridScans } from '../../db/schema/geo-grid.js'
import { AppError } from '../../lib/errors.js'

export type ScanRow = typeof geoGridScans.$inferSelect
type PointRow = typeof geoGridPoints.$inferSelect

const SCAN_NOT_FOUND = 'That scan does not exist.'

const ownScan = (businessId: string, scanId: string) =>
  and(eq(geoGridScans.id, scanId), eq(geoGridScans.businessId, businessId))

function toScan(business: Business, row: ScanRow, points: readonly PointRow[]): GridScan {
  const locationId = row.locationId ?? 'main'
  return {
    id: row.id,
    locationId,
    locationLabel: resolveLocation(business, locationId).label,
    keyword: row.keyword,
    keywordKey: row.keywordKey,
    gridSize: row.gridSize,
    spacingKm: row.spacingKm,
    center: { lat: row.centerLat, lng: row.centerLng },
    status: row.status,
    simulated: row.simulated,
    sourceLabel: row.sourceLabel,
    scheduled: row.scheduled,
    error: row.error,
    pointsDone: points.filter((point) => point.status !== 'pending').length,
    pointsTotal: row.gridSize * row.gridSize,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    summary: summarizeScan(points),
  }
}

const toPoint = (row: PointRow): ScanPoint => ({
  row: row.row,
  col: row.col,
  lat: row.lat,
  lng: row.lng,
  status: row.status,
  position: row.position,
  reason: row.reason,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  // Stored at most 20 per point (a map search's page); sliced so the answer stays bounded.
  places: row.places.slice(0, NOT_FOUND_RANK - 1).map((place) => ({
    position: place.position,
    name: place.name,
    placeId: place.placeId,
    category: place.categories?.[0] ?? null,
    rating: place.rating ?? null,
    reviewCount: place.reviewCount ?? null,
  })),
})

async function scanPoints(db: Db, businessId: string, scanIds: string[]) {
  if (scanIds.length === 0) return []
  return db
    .select()
    .from(geoGridPoints)
    .where(and(eq(geoGridPoints.businessId, businessId), inArray(geoGridPoints.scanId, scanIds)))
    .orderBy(asc(geoGridPoints.row), asc(geoGridPoints.col))
}

/** One scan of the business with its points; another business's scan is a 404. */
export async function getScan(db: Db, business: Business, scanId: string): Promise<GridScanDetail> {
  const [row] = await db.select().from(geoGridScans).where(ownScan(business.id, scanId))
  if (!row) throw new AppError('not_found', SCAN_NOT_FOUND)
  const points = await scanPoints(db, business.id, [row.id])
  return { scan: toScan(business, row, points), points: points.map(toPoint) }
}

/**
 * The business's scans, newest first, a page at a time: `before` is the last scan of the previous
 * page. Optionally only one search (a keyword key) of one location, for the comparison's picker.
 */
export async function listScans(
  db: Db,
  business: Business,
  { before, keywordKey }: { before?: string; keywordKey?: string },
) {
  const filters: (SQL | undefined)[] = [eq(geoGridScans.businessId, business.id)]
  if (keywordKey) filters.push(eq(geoGridScans.keywordKey, keywordKey))
  if (before) {
    const [cursor] = await db
      .select({ createdAt: geoGridScans.createdAt, id: geoGridScans.id })
      .from(geoGridScans)
      .where(ownScan(business.id, before))
    if (!cursor) throw new AppError('not_found', SCAN_NOT_FOUND)
    filters.push(
      or(
        lt(geoGridScans.createdAt, cursor.createdAt),
        and(eq(geoGridScans.createdAt, cursor.createdAt), lt(geoGridScans.id, cursor.id)),
      ),
    )
  }
  const rows = await db
    .select()
    .from(geoGridScans)
    .where(and(...filters))
    .orderBy(desc(geoGridScans.createdAt), desc(geoGridScans.id))
    .limit(SCANS_PAGE_SIZE + 1)
  const page = rows.slice(0, SCANS_PAGE_SIZE)
  const points = await scanPoints(
    db,
    business.id,
    page.map((row) => row.id),
  )
  const scans = page.map((row) =>
    toScan(
      business,
      row,
      points.filter((point) => point.scanId === row.id),
    ),
  )
  return { scans, nextBefore: rows.length > SCANS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null }
}

/** Points still to search, in grid order. */
export function pendingPoints(db: Db, businessId: string, scanId: string) {
  return db
    .select()
    .from(geoGridPoints)
    .where(
      and(
        eq(geoGridPoints.businessId, businessId),
        eq(geoGridPoints.scanId, scanId),
        eq(geoGridPoints.status, 'pending'),
      ),
    )
    .orderBy(asc(geoGridPoints.row), asc(geoGridPoints.col))
}

/** How many points of a scan got an answer. */
export async function answeredCount(db: Db, businessId: string, scanId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(geoGridPoints)
    .where(
      and(
        eq(geoGridPoints.businessId, businessId),
        eq(geoGridPoints.scanId, scanId),
        eq(geoGridPoints.status, 'ok'),
      ),
    )
  return row?.n ?? 0
}
