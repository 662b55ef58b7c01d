// Geo-grid scans (issue 17 item 4): a keyword's map-pack position searched from every point of a grid
// around a location. One row per scan with its settings and progress; one row per point with the
// position found there and the places the search returned, so the screen can name the competitors that
// beat the business. Every row goes with its business; points go with their scan.
import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn, locations } from './business.js'
import { keywords } from './keywords.js'

/**
 * A place of a point's map results as stored: its name and id, and what the provider said of it
 * (issue 34 item 1; absent from points stored before).
 */
export interface StoredMapPlace {
  position: number
  name: string
  placeId: string | null
  categories?: string[]
  rating?: number | null
  reviewCount?: number | null
  website?: string | null
}

export const geoGridScans = pgTable(
  'geo_grid_scans',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** NULL: the main business; otherwise one of its locations. */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** The tracked keyword scanned; NULL once it is no longer tracked (the scan keeps its text). */
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    /** Lower-cased, single-spaced: scans of the same search are compared. */
    keywordKey: text('keyword_key').notNull(),
    /** Points per side: 3, 5, 7 or 9. */
    gridSize: integer('grid_size').notNull(),
    spacingKm: doublePrecision('spacing_km').notNull(),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    /** Google Maps zoom of each point's search. */
    zoom: integer('zoom').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** True while the map pack is simulated: the screen labels the scan as simulated. */
    simulated: boolean('simulated').notNull(),
    /** The figure's source as the screen names it: 'Simulated', or the provider's name. */
    sourceLabel: text('source_label').notNull(),
    /** Started by the weekly schedule rather than by the owner. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** Why a failed scan failed, in words. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('geo_grid_scans_business_created_idx').on(t.businessId, t.createdAt),
    index('geo_grid_scans_business_keyword_idx').on(t.businessId, t.keywordKey),
  ],
)

export const geoGridPoints = pgTable(
  'geo_grid_points',
  {
    scanId: uuid('scan_id')
      .notNull()
      .references(() => geoGridScans.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    /** 0 is the northernmost row, 0 the westernmost column. */
    row: integer('row').notNull(),
    col: integer('col').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** pending until searched; deferred when the day's query budget was spent. */
    status: text('status', { enum: ['pending', 'ok', 'failed', 'deferred'] }).notNull(),
    /** The business's map-pack position there; NULL when not among the places returned. */
    position: integer('position'),
    /** Why a failed or deferred point has no position, in words. */
    reason: text('reason'),
    /** The places the search returned, best first (at most 20). */
    places: jsonb('places')
      .$type<StoredMapPlace[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.row, t.col] })],
)
