// Rank Tracker tables (issue 7): which scopes had their default keywords filled in, and one stored
// check per keyword and day. A location's rows go with the location; every row goes with its business.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn, locations } from './business.js'
import { keywords } from './keywords.js'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A business or one of its locations whose default keywords were filled in (docs/product.md §9), so that
 * removing every keyword never brings the defaults back. location_id NULL is the main business.
 */
export const rankScopes = pgTable(
  'rank_scopes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [
    unique('rank_scopes_business_location_key').on(t.businessId, t.locationId).nullsNotDistinct(),
  ],
)

/**
 * One check per keyword and day. A failed check is stored as failed with no position: never 0 and
 * never "not ranking" (issue 7); the CHECK constraint makes any other combination impossible.
 */
export const rankPositions = pgTable(
  'rank_positions',
  {
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    position: integer('position'),
    /** How many times this day was checked: Refresh re-checks today. */
    checks: integer('checks').notNull().default(1),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** 'simulated' until a real search-results provider answered; a stored check keeps its source. */
    source: text('source', { enum: ['simulated', 'measured'] })
      .notNull()
      .default('simulated'),
    /** Why a failed check failed, in words the owner can read. */
    reason: text('reason'),
    /**
     * The provider that answered, as the screen names it ('SerpApi', 'Serper', 'Simulated'), so a
     * position reads 'SerpApi, checked 09:12' (issue 17). NULL on rows stored before it was kept.
     */
    provider: text('provider'),
    /**
     * The map-pack check of the same day from the location's point (issue 17): NULL when not asked,
     * 'ok' with the position (NULL: not among the places returned) or 'failed' with its reason.
     */
    mapStatus: text('map_status', { enum: ['ok', 'failed'] }),
    mapPosition: integer('map_position'),
    mapReason: text('map_reason'),
    /**
     * What the second check of a drop found (docs/decisions/039-confirmed-drops.md), in words: both
     * checks with their provider and time, so the first answer stays visible when a refuted drop's
     * recheck replaced it. NULL when the day was not rechecked.
     */
    recheck: text('recheck'),
  },
  (t) => [
    // (keyword_id, day) serves the history range scan of each keyword.
    primaryKey({ name: 'rank_positions_pkey', columns: [t.keywordId, t.day] }),
    index('rank_positions_business_id_day_idx').on(t.businessId, t.day),
    // An 'ok' check without a position is 'Not in the top 100' (a real provider's answer); a failed
    // check never has one.
    check(
      'rank_positions_result_check',
      sql`(${t.status} = 'ok' AND (${t.position} IS NULL OR ${t.position} BETWEEN 1 AND 100)) OR (${t.status} = 'failed' AND ${t.position} IS NULL)`,
    ),
    check(
      'rank_positions_map_check',
      sql`(${t.mapStatus} IS NULL AND ${t.mapPosition} IS NULL) OR (${t.mapStatus} = 'ok' AND (${t.mapPosition} IS NULL OR ${t.mapPosition} BETWEEN 1 AND 20)) OR (${t.mapStatus} = 'failed' AND ${t.mapPosition} IS NULL)`,
    ),
  ],
)
