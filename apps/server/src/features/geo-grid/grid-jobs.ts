// Geo-grid scans as jobs (issue 17 item 4, docs/decisions/018-job-queue.md): the queue that runs them
// on whichever instance takes the job, and the weekly re-scan the automation feature schedules.
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import type { GridSize, GridSpacing } from '@localseo/shared/geo-grid'
import { geoGridScans } from '../../db/schema/geo-grid.js'
import { AppError } from '../../lib/errors.js'
import { getBusinessById } from '../../lib/tenant.js'
import { requireBudgetFor } from './budget.js'
import { GRID_QUEUE, gridProvider, runQueuedScan, startScan, type GridDeps } from './scan-runs.js'

/** A scan searches at most 49 points; a job active longer than this lost its instance. */
const SCAN_EXPIRY_SECONDS = 600
/** A search re-scanned within this long is not scanned again by the weekly run. */
const RECENT_MS = 6 * 86_400_000
/** Searches the weekly run re-scans per business at most. */
const MAX_WEEKLY_SCANS = 5

export function defineGeoGridJobs(deps: GridDeps) {
  deps.jobs.define<{ scanId: string; businessId: string }>({
    name: GRID_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: SCAN_EXPIRY_SECONDS,
    handle: (data) => runQueuedScan(deps, data),
  })
}

/**
 * The weekly grid run of a business: each search (keyword and location) it scanned before, with the
 * settings of its latest scan, unless scanned in the last six days or no longer tracked. Starts one
 * scan (one runs at a time) and answers what happened in words; a scan that cannot start is an
 * outcome, not an error.
 */
export async function runScheduledGridScans(deps: GridDeps, businessId: string, now: Date) {
  const business = await getBusinessById(deps.db, businessId)
  if (!business) return { outcome: 'No business' }
  const latest = await deps.db
    .selectDistinctOn([geoGridScans.keywordKey, geoGridScans.locationId])
    .from(geoGridScans)
    .where(and(eq(geoGridScans.businessId, businessId), isNotNull(geoGridScans.keywordId)))
    .orderBy(geoGridScans.keywordKey, geoGridScans.locationId, desc(geoGridScans.createdAt))
    .limit(MAX_WEEKLY_SCANS)
  const since = new Date(now.getTime() - RECENT_MS)
  const due = latest.find((scan) => scan.createdAt < since)
  if (!due?.keywordId)
    return { outcome: latest.length ? 'Every grid was scanned this week' : 'No grid scans yet' }
  const recent = await deps.db
    .select({ id: geoGridScans.id })
    .from(geoGridScans)
    .where(and(eq(geoGridScans.businessId, businessId), gte(geoGridScans.createdAt, since)))
    .limit(MAX_WEEKLY_SCANS)
  if (recent.length >= MAX_WEEKLY_SCANS) return { outcome: 'Enough grids were scanned this week' }
  const settings = {
    keywordId: due.keywordId,
    locationId: due.locationId ?? 'main',
    gridSize: due.gridSize as GridSize,
    spacingKm: due.spacingKm as GridSpacing,
  }
  try {
    const provider = await gridProvider(deps, businessId)
    await requireBudgetFor(deps, businessId, provider, settings.gridSize ** 2)
    await startScan(deps, business, settings, { scheduled: true })
    return { outcome: `Grid scan started: ${due.keyword}` }
  } catch (error) {
    if (error instanceof AppError) return { outcome: error.message }
    throw error
  }
}
