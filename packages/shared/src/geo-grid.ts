// Geo-grid scans (issue 17 item 4): the grid of points around a location, the summary figures of a
// scan and the API contract, shared by the server that runs scans and the screen that draws them.
import { z } from 'zod'
import type { LatLng } from './coordinates.js'
import { averageRank, NOT_FOUND_RANK, top3Share } from './local-metrics.js'

export const GRID_SIZES = [3, 5, 7, 9] as const
export type GridSize = (typeof GRID_SIZES)[number]
export const GRID_SPACINGS_KM = [0.5, 1, 2, 5] as const
export type GridSpacing = (typeof GRID_SPACINGS_KM)[number]

// The formulas live in local-metrics.ts (one place, the Methods page states them).
export { NOT_FOUND_RANK }
/** Scans listed per page. */
export const SCANS_PAGE_SIZE = 10

const EARTH_RADIUS_KM = 6371
const DEGREES_PER_RADIAN = 180 / Math.PI

/** One search point of a grid: row 0 is the northernmost, column 0 the westernmost. */
export interface GridPoint extends LatLng {
  row: number
  col: number
}

/**
 * The size × size points centred on `center`, `spacingKm` apart north-south and east-west. A
 * kilometre is the same angle of latitude everywhere; of longitude it grows as the cosine of the
 * latitude shrinks (twice the degrees at 60°N as at the equator).
 */
export function gridPoints(center: LatLng, size: number, spacingKm: number): GridPoint[] {
  const latStep = (spacingKm / EARTH_RADIUS_KM) * DEGREES_PER_RADIAN
  const lngStep = latStep / Math.cos((center.lat * Math.PI) / 180)
  const half = (size - 1) / 2
  const points: GridPoint[] = []
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      points.push({
        row,
        col,
        lat: center.lat + (half - row) * latStep,
        lng: center.lng + (col - half) * lngStep,
      })
    }
  }
  return points
}

/** The Google Maps zoom each point searches at: closer for a tighter grid. */
export function searchZoom(spacingKm: number): number {
  if (spacingKm <= 0.5) return 15
  if (spacingKm <= 1) return 14
  if (spacingKm <= 2) return 13
  return 12
}

/** Queries a scan costs: one per point. */
export const scanCost = (size: number) => size * size

/**
 * The public list price of one search at each paid provider, keyed by the provider's label, with
 * the month it was read: SerpApi's Developer plan ($75 for 5,000 searches a month) and Serper's
 * entry top-up ($50 for 50,000 queries). A list price, not what an owner's own plan costs, so
 * SERP_QUERY_PRICE overrides it; the simulated provider costs nothing (issue 34 item 4).
 */
const SERP_LIST_PRICES: Readonly<Record<string, { usdPerQuery: number; takenOn: string }>> = {
  SerpApi: { usdPerQuery: 0.015, takenOn: 'May 2026' },
  Serper: { usdPerQuery: 0.001, takenOn: 'Nov 2026' },
}

export const queryPriceSchema = z.object({
  usdPerQuery: z.number().positive(),
  /** Where the price comes from, as the screen says it: the configured price or a list price. */
  source: z.string(),
})
type QueryPrice = z.infer<typeof queryPriceSchema>

/**
 * The price of one query at the provider named `label`: the configured SERP_QUERY_PRICE when set,
 * else the provider's list price; null when neither is known or the positions are simulated.
 */
export function queryPrice(
  label: string,
  simulated: boolean,
  configured: number | undefined,
): QueryPrice | null {
  if (simulated) return null
  if (configured !== undefined) return { usdPerQuery: configured, source: 'the configured price' }
  const list = Object.hasOwn(SERP_LIST_PRICES, label) ? SERP_LIST_PRICES[label] : undefined
  if (!list) return null
  return { usdPerQuery: list.usdPerQuery, source: `${label}'s list price (${list.takenOn})` }
}

/** A query count in dollars: cents from $0.10 up, else a tenth of a cent so small scans show. */
export function formatUsd(usd: number): string {
  return usd >= 0.1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(3)}`
}

/** How a position is coloured: 1-3, 4-10, 11-20, or not among the places. */
export type PositionBand = 'top3' | 'top10' | 'top20' | 'none'

export function positionBand(position: number | null): PositionBand {
  if (position === null) return 'none'
  if (position <= 3) return 'top3'
  if (position <= 10) return 'top10'
  return 'top20'
}

export const POINT_STATUSES = ['pending', 'ok', 'failed', 'deferred'] as const

export const mapPlaceSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  placeId: z.string().nullable(),
  /** What the provider said of the place; null when it did not say (or before issue 34 kept it). */
  category: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
})
export type MapPlace = z.infer<typeof mapPlaceSchema>

export const scanPointSchema = z.object({
  row: z.number().int(),
  col: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(POINT_STATUSES),
  /** The business's position there; null when not among the places (status ok) or not searched. */
  position: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** When the point was searched (or failed); null while pending. */
  checkedAt: z.string().nullable(),
  /** The whole local pack seen there, best first, as stored (issue 34 item 2). */
  places: z.array(mapPlaceSchema).max(NOT_FOUND_RANK - 1),
})
export type ScanPoint = z.infer<typeof scanPointSchema>

/** A point as the summary reads it: its status, position and the places its search returned. */
export type SummaryPoint = Pick<ScanPoint, 'status' | 'position'> & {
  places: readonly Pick<MapPlace, 'position' | 'name' | 'placeId'>[]
}

export const competitorSchema = z.object({ name: z.string(), points: z.number().int() })

export const scanSummarySchema = z.object({
  /** Points with an answer (found or not). */
  scanned: z.number().int(),
  /** Points where the business is among the places. */
  found: z.number().int(),
  /** Mean position over the scanned points, a point where it is not found counted as 21; null when none. */
  averageRank: z.number().nullable(),
  /** Share (0-1) of the scanned points where the business is in the top 3; null when none. */
  top3Share: z.number().nullable(),
  /** The places ranked above the business most often: at how many points each did. */
  competitors: z.array(competitorSchema),
})
export type ScanSummary = z.infer<typeof scanSummarySchema>

const MAX_COMPETITORS = 5

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * The figures of a scan from its points: the average rank (not found counts as NOT_FOUND_RANK), the
 * share of points in the top 3, and the competitors that beat the business most often (every place
 * above it; at a point where it is not found, every place returned). Failed, deferred and pending
 * points are left out.
 */
export function summarizeScan(points: readonly SummaryPoint[]): ScanSummary {
  const scanned = points.filter((point) => point.status === 'ok')
  const beats = new Map<string, { name: string; points: number }>()
  for (const point of scanned) {
    const seen = new Set<string>()
    for (const place of point.places) {
      if (point.position !== null && place.position >= point.position) continue
      const key = place.placeId ?? nameKey(place.name)
      if (seen.has(key)) continue
      seen.add(key)
      const entry = beats.get(key) ?? { name: place.name, points: 0 }
      entry.points += 1
      beats.set(key, entry)
    }
  }
  const competitors = [...beats.values()]
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name))
    .slice(0, MAX_COMPETITORS)
  const mean = averageRank(points)
  return {
    scanned: scanned.length,
    found: scanned.filter((point) => point.position !== null).length,
    averageRank: mean === null ? null : Math.round(mean * 10) / 10,
    top3Share: top3Share(points),
    competitors,
  }
}

/** What starting a scan takes (POST /api/geo-grid/scans). */
export const scanInputSchema = z
  .object({
    keywordId: z.uuid('Choose a tracked keyword.'),
    locationId: z.string().trim().min(1).max(100).default('main'),
    gridSize: z.union(
      GRID_SIZES.map((size) => z.literal(size)),
      { message: 'Choose a 3x3, 5x5, 7x7 or 9x9 grid.' },
    ),
    spacingKm: z.union(
      GRID_SPACINGS_KM.map((km) => z.literal(km)),
      { message: 'Choose a spacing of 0.5, 1, 2 or 5 km.' },
    ),
  })
  .strict()
export type ScanInput = z.input<typeof scanInputSchema>

export const scanSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  locationLabel: z.string(),
  keyword: z.string(),
  keywordKey: z.string(),
  gridSize: z.number().int(),
  spacingKm: z.number(),
  center: z.object({ lat: z.number(), lng: z.number() }),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  simulated: z.boolean(),
  sourceLabel: z.string(),
  scheduled: z.boolean(),
  error: z.string().nullable(),
  /** Points with an answer or a final failure, of pointsTotal. */
  pointsDone: z.number().int(),
  pointsTotal: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  summary: scanSummarySchema,
})
export type GridScan = z.infer<typeof scanSchema>

export const scanDetailSchema = z.object({
  scan: scanSchema,
  points: z.array(scanPointSchema),
})
export type GridScanDetail = z.infer<typeof scanDetailSchema>

export const scanListSchema = z.object({
  scans: z.array(scanSchema),
  /** Pass as ?before= for the next page; null on the last. */
  nextBefore: z.string().nullable(),
})

/** The map tiles the server allows (MAP_TILE_URL): the URL template and its credit, or null. */
const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() }).nullable()

/** GET /api/geo-grid/tiles: read once per session by every map. */
export const mapTilesResponseSchema = z.object({ tiles: mapTilesSchema })
export type MapTiles = NonNullable<z.infer<typeof mapTilesSchema>>

/** What the screen needs before a scan: keywords, locations with their points, the budget, the map tiles. */
export const gridSetupSchema = z.object({
  keywords: z.array(z.object({ id: z.string(), keyword: z.string(), locationId: z.string() })),
  locations: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    }),
  ),
  /** Today's query budget, or null while none applies (the simulated provider costs nothing). */
  budget: z
    .object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() })
    .nullable(),
  simulated: z.boolean(),
  sourceLabel: z.string(),
  /** What one query costs at the provider, or null while simulated or unknown. */
  price: queryPriceSchema.nullable(),
  tiles: mapTilesSchema,
})
export type GridSetup = z.infer<typeof gridSetupSchema>
