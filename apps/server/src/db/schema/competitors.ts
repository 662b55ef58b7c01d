// Competitors (issue 34 item 1): every business a location's map searches returned, kept once per
// location whatever name it was shown under (shared/competitors `placeKey`), what each search saw of
// it, and its review count day by day (docs/decisions/040-competitors.md).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn, locations } from './business.js'
import { geoGridScans } from './geo-grid.js'
import { keywords } from './keywords.js'

export const competitors = pgTable(
  'competitors',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** NULL: the main business; set for a location, so its competitors go with it. */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** 'main' or the location id: the unique key's part (a NULL is never equal to another). */
    scope: text('scope').notNull(),
    /** `id:<place id>` or `name:<normalized name>` (shared/competitors placeKey). */
    placeKey: text('place_key').notNull(),
    placeId: text('place_id'),
    /** The name of the latest search that saw it. */
    name: text('name').notNull(),
    /** Other names the same place was shown under. */
    otherNames: jsonb('other_names')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Google's categories as the last provider answer gave them, the primary first. */
    categories: jsonb('categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rating: doublePrecision('rating'),
    reviewCount: integer('review_count'),
    website: text('website'),
    /** True while only simulated searches saw it: sample data, removed with the rest. */
    sample: boolean('sample').notNull(),
    /** The provider of the latest search that saw it ('SerpApi', 'Simulated'). */
    source: text('source').notNull(),
    followed: boolean('followed').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('competitors_business_scope_place_idx').on(t.businessId, t.scope, t.placeKey),
    check('competitors_scope_check', sql`${t.scope} = coalesce(${t.locationId}, 'main')`),
    check('competitors_follow_check', sql`NOT (${t.followed} AND ${t.hidden})`),
  ],
)

/**
 * What one search, or one scan's points, saw of a competitor: its rank at each answered search
 * where it appeared (1-20), and at how many of them it ranked above the business. A grid scan is
 * one row per competitor (`scan:<id>`); a daily map check one row per competitor and day
 * (`daily:<keyword id>:<day>`), replaced when the day is checked again.
 */
export const competitorSightings = pgTable(
  'competitor_sightings',
  {
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    scope: text('scope').notNull(),
    searchKey: text('search_key').notNull(),
    kind: text('kind', { enum: ['grid', 'daily'] }).notNull(),
    scanId: uuid('scan_id').references(() => geoGridScans.id, { onDelete: 'cascade' }),
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'cascade' }),
    keywordKey: text('keyword_key').notNull(),
    /** The daily check's day; NULL for a grid scan. */
    day: date('day', { mode: 'string' }),
    ranks: integer('ranks').array().notNull(),
    aboveYou: integer('above_you').notNull(),
    provider: text('provider').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.competitorId, t.searchKey] }),
    index('competitor_sightings_scope_seen_idx').on(t.businessId, t.scope, t.seenAt),
    index('competitor_sightings_keyword_day_idx').on(t.keywordId, t.day),
  ],
)

/** A competitor's rating and review count as a day's searches saw them: reviews per month. */
export const competitorReviewCounts = pgTable(
  'competitor_review_counts',
  {
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    rating: doublePrecision('rating'),
    reviewCount: integer('review_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitorId, t.day] })],
)

/**
 * One answered map search batch as the business saw it (a grid scan's answered points, or one daily
 * map check): how many answered and the business's rank tally over them (`at_rank[r - 1]`: searches
 * where it was at rank r, 1-20; absent at the rest). Replaced when the day is checked again.
 */
export const mapSearches = pgTable(
  'map_searches',
  {
    businessId: businessIdColumn(),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    searchKey: text('search_key').notNull(),
    kind: text('kind', { enum: ['grid', 'daily'] }).notNull(),
    scanId: uuid('scan_id').references(() => geoGridScans.id, { onDelete: 'cascade' }),
    /** The keyword searched; NULL once it is deleted (its searches still happened). */
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    answered: integer('answered').notNull(),
    atRank: integer('at_rank').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.searchKey] }),
    index('map_searches_scope_day_idx').on(t.businessId, t.scope, t.day),
  ],
)

/**
 * A competitor's rank tally of one day (issue 34 item 1, docs/decisions/040-competitors.md): the
 * sum of that day's sightings, rewritten whenever a search of the day is kept, so the Competitors
 * screen sums at most one row per competitor and day, not every search of a year.
 */
export const competitorDayTallies = pgTable(
  'competitor_day_tallies',
  {
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    atRank: integer('at_rank').array().notNull(),
    aboveYou: integer('above_you').notNull(),
    seen: integer('seen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.competitorId, t.day] }),
    index('competitor_day_tallies_scope_day_idx').on(t.businessId, t.scope, t.day),
  ],
)
