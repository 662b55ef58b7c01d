// Running a geo-grid scan (issue 17 item 4): the request stores the scan and its points and sends a
// job; the job searches the pending points a few at a time through the rank provider's map pack and
// stores each answer as it comes, so the screen shows 'Scanning… 12 of 25' and a restart resumes at
// the first point still pending (docs/decisions/018-job-queue.md, as audits do).
import { and, eq, inArray } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import { pointOf } from '@localseo/shared/coordinates'
import { gridPoints, searchZoom, type GridSize, type GridSpacing } from '@localseo/shared/geo-grid'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { geoGridPoints, geoGridScans } from '../../db/schema/geo-grid.js'
import { keywords } from '../../db/schema/keywords.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { SHUTDOWN } from '../../lib/run-registry.js'
import { getBusinessById, requireLocation } from '../../lib/tenant.js'
import {
  rankProviderFor,
  type MapPackQuery,
  type MapPackResult,
  type RankProvider,
} from '../keywords/public.js'
import { answeredCount, pendingPoints, type ScanRow } from './scan-store.js'

export const GRID_QUEUE = 'geo-grid.scan'
/** Points searched per provider call; progress is stored after each. */
const BATCH = 5
export type GridDeps = AppDeps

class ScanInterrupted extends Error {
  constructor() {
    super('The scan was interrupted by a restart; the queue runs it again.')
  }
}

/** The rank provider the business's scans use, held to its daily query budget (the ledger's 'grid'). */
export function gridProvider(deps: GridDeps, businessId: string): Promise<RankProvider> {
  return rankProviderFor(deps, businessId, 'grid')
}

/** Where a scan of this place is centred: its pin, or null when it has none yet. */
function centerOf(business: Business, location: ResolvedLocation) {
  return pointOf(location.location ?? business)
}

export interface ScanSettings {
  keywordId: string
  locationId: string
  gridSize: GridSize
  spacingKm: GridSpacing
}

async function trackedKeyword(deps: GridDeps, business: Business, settings: ScanSettings) {
  const location = requireLocation(business, settings.locationId)
  const [keyword] = await deps.db
    .select()
    .from(keywords)
    .where(and(eq(keywords.id, settings.keywordId), eq(keywords.businessId, business.id)))
  const sameScope = (keyword?.locationId ?? 'main') === location.id
  if (!keyword?.tracked || !sameScope) {
    throw new AppError('not_found', `That keyword is not tracked for ${location.label}.`)
  }
  return { keyword, location }
}

/**
 * Stores a scan and its points and sends it to the queue (deps.runs.scans holds it while a worker
 * runs it here; a shutdown hands it back). Needs the place's coordinates and a tracked keyword of that place; one scan at a time.
 */
export async function startScan(
  deps: GridDeps,
  business: Business,
  settings: ScanSettings,
  options: { scheduled?: boolean } = {},
): Promise<ScanRow> {
  const { keyword, location } = await trackedKeyword(deps, business, settings)
  const center = centerOf(business, location)
  if (!center) {
    throw new AppError(
      'validation_failed',
      `Set where ${location.label} is first: drop a pin on the map in Settings.`,
    )
  }
  const busy = await deps.db
    .select({ id: geoGridScans.id })
    .from(geoGridScans)
    .where(
      and(
        eq(geoGridScans.businessId, business.id),
        inArray(geoGridScans.status, ['queued', 'running']),
      ),
    )
    .limit(1)
  if (busy[0]) throw new AppError('conflict', 'A scan is already running; wait for it to finish.')
  const provider = await gridProvider(deps, business.id)
  const scan = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(geoGridScans)
      .values({
        businessId: business.id,
        locationId: location.isMain ? null : location.id,
        keywordId: keyword.id,
        keyword: keyword.keyword,
        keywordKey: keyword.keywordKey,
        gridSize: settings.gridSize,
        spacingKm: settings.spacingKm,
        centerLat: center.lat,
        centerLng: center.lng,
        zoom: searchZoom(settings.spacingKm),
        status: 'queued',
        simulated: provider.simulated,
        sourceLabel: provider.label,
        scheduled: options.scheduled ?? false,
        createdAt: deps.clock.now(),
      })
      .returning()
    if (!row) throw new Error('geo-grid scan was not inserted')
    const points = gridPoints(center, settings.gridSize, settings.spacingKm)
    await tx.insert(geoGridPoints).values(
      points.map((point) => ({
        ...point,
        scanId: row.id,
        businessId: business.id,
        status: 'pending' as const,
      })),
    )
    return row
  })
  await deps.jobs.send(GRID_QUEUE, { scanId: scan.id, businessId: business.id }, scan.id)
  return scan
}

/** The queue's job: runs the scan's pending points unless it already ended. */
export async function runQueuedScan(
  deps: GridDeps,
  { scanId, businessId }: { scanId: string; businessId: string },
) {
  const [scan] = await deps.db
    .select()
    .from(geoGridScans)
    .where(and(eq(geoGridScans.id, scanId), eq(geoGridScans.businessId, businessId)))
  if (!scan || scan.status === 'done' || scan.status === 'failed') return
  await deps.runs.scans.track(scan.id, (controller) => executeScan(deps, scan, controller))
}

function queryFor(business: Business, location: ResolvedLocation, scan: ScanRow) {
  const place = location.location ?? business
  return (point: { lat: number; lng: number }): MapPackQuery => ({
    businessId: business.id,
    locationId: location.id,
    keyword: scan.keywordKey,
    country: location.country,
    city: location.city,
    category: business.category,
    lat: point.lat,
    lng: point.lng,
    zoom: scan.zoom,
    day: '',
    match: {
      name: business.name,
      phone: location.phone || null,
      address: [location.address, location.city].filter(Boolean).join(', ') || null,
      website: business.website || null,
      placeId: place.placeId ?? null,
      lat: place.lat ?? null,
      lng: place.lng ?? null,
    },
  })
}

/** A point's row as the answer leaves it; a result other than ok or failed (deferred) waits. */
function pointUpdate(result: MapPackResult | undefined, now: Date) {
  if (!result)
    return { status: 'failed' as const, reason: 'The provider gave no answer.', checkedAt: now }
  if (result.status === 'ok') {
    return {
      status: 'ok' as const,
      position: result.position,
      reason: null,
      places: result.places.map(({ lat: _lat, lng: _lng, ...place }) => place),
      checkedAt: now,
    }
  }
  // Deferred: the day's query budget was spent; the point counts as not scanned.
  return { status: result.status, reason: result.reason, checkedAt: now }
}

async function searchBatch(
  deps: GridDeps,
  provider: RankProvider,
  scan: ScanRow,
  batch: { row: number; col: number; lat: number; lng: number }[],
  query: (point: { lat: number; lng: number }) => MapPackQuery,
  foundPlace: { saved: boolean },
) {
  const now = deps.clock.now()
  const day = now.toISOString().slice(0, 10)
  const results = await provider.checkMapPack(batch.map((point) => ({ ...query(point), day })))
  for (const [index, point] of batch.entries()) {
    const result = results[index]
    await deps.db
      .update(geoGridPoints)
      .set(pointUpdate(result, now))
      .where(
        and(
          eq(geoGridPoints.scanId, scan.id),
          eq(geoGridPoints.businessId, scan.businessId),
          eq(geoGridPoints.row, point.row),
          eq(geoGridPoints.col, point.col),
        ),
      )
    const found = result?.status === 'ok' ? result.business : null
    if (found && !foundPlace.saved && (found.placeId || found.lat !== null)) {
      foundPlace.saved = true
      await deps.recordFoundPlace(deps.db, scan.businessId, scan.locationId ?? 'main', found)
    }
  }
}

/**
 * Hands every answered point's places to the competitors feature (issue 34 item 1), so the scan's
 * competitors are kept with what it saw of them; failed and deferred points say nothing of anyone.
 */
async function recordCompetitors(deps: GridDeps, scan: ScanRow) {
  const answered = await deps.db
    .select({ position: geoGridPoints.position, places: geoGridPoints.places })
    .from(geoGridPoints)
    .where(
      and(
        eq(geoGridPoints.scanId, scan.id),
        eq(geoGridPoints.businessId, scan.businessId),
        eq(geoGridPoints.status, 'ok'),
      ),
    )
  await deps.recordMapSightings(deps.db, [
    {
      businessId: scan.businessId,
      locationId: scan.locationId ?? 'main',
      keywordKey: scan.keywordKey,
      keywordId: scan.keywordId,
      provider: scan.sourceLabel,
      simulated: scan.simulated,
      search: { kind: 'grid', scanId: scan.id },
      seenAt: scan.createdAt,
      answers: answered,
    },
  ])
}

async function finishScan(deps: GridDeps, scan: ScanRow) {
  const answered = await answeredCount(deps.db, scan.businessId, scan.id)
  if (answered > 0) await recordCompetitors(deps, scan)
  const [unanswered] = await deps.db
    .select({ reason: geoGridPoints.reason })
    .from(geoGridPoints)
    .where(and(eq(geoGridPoints.scanId, scan.id), eq(geoGridPoints.businessId, scan.businessId)))
    .limit(1)
  await deps.db
    .update(geoGridScans)
    .set(
      answered > 0
        ? { status: 'done', finishedAt: deps.clock.now() }
        : {
            status: 'failed',
            error: `No point of the grid answered: ${unanswered?.reason ?? 'no reason given'}`,
            finishedAt: deps.clock.now(),
          },
    )
    .where(and(eq(geoGridScans.id, scan.id), eq(geoGridScans.businessId, scan.businessId)))
}

async function executeScan(deps: GridDeps, scan: ScanRow, controller: AbortController) {
  const scope = and(eq(geoGridScans.id, scan.id), eq(geoGridScans.businessId, scan.businessId))
  try {
    const business = await getBusinessById(deps.db, scan.businessId)
    if (!business) return
    const location = requireLocation(business, scan.locationId ?? 'main')
    await deps.db.update(geoGridScans).set({ status: 'running' }).where(scope)
    const query = queryFor(business, location, scan)
    const pending = await pendingPoints(deps.db, scan.businessId, scan.id)
    const foundPlace = { saved: false }
    const provider = await gridProvider(deps, scan.businessId)
    for (let start = 0; start < pending.length; start += BATCH) {
      if (controller.signal.aborted) break
      await searchBatch(
        deps,
        provider,
        scan,
        pending.slice(start, start + BATCH),
        query,
        foundPlace,
      )
    }
    if (controller.signal.reason === SHUTDOWN) throw new ScanInterrupted()
    await finishScan(deps, scan)
  } catch (error) {
    if (error instanceof ScanInterrupted) throw error
    deps.logger.error({ err: error, scanId: scan.id }, 'geo-grid scan failed')
    await deps.db
      .update(geoGridScans)
      .set({
        status: 'failed',
        error: 'The scan stopped on an unexpected error.',
        finishedAt: deps.clock.now(),
      })
      .where(scope)
  }
}
