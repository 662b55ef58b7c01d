// The product's tables, SPEC §3. Every tenant table carries business_id (ARCHITECTURE "Scaling out").
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BacklinkVerification } from '@localseo/shared/backlinks'
import { authUsers } from './auth.js'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  // Simulated Google connections (SPEC §3 googleConnections), per user.
  searchConsoleConnected: boolean('search_console_connected').notNull().default(false),
  analyticsConnected: boolean('analytics_connected').notNull().default(false),
  createdAt,
  updatedAt,
})

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Set once the first-run sample data was inserted, so it is never inserted twice. */
    sampleDataSeededAt: timestamp('sample_data_seeded_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  // One business per user (SPEC §6).
  (t) => [uniqueIndex('businesses_user_id_key').on(t.userId)],
)

/** The tenant key every business table carries (ARCHITECTURE "Scaling out"), gone with its business. */
export const businessIdColumn = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' })

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone').notNull().default(''),
    /** The location's own page on the website (issue 11): the site audit starts there for it. */
    pageUrl: text('page_url').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('locations_business_id_idx').on(t.businessId, t.createdAt),
    // At most one primary per business, enforced by the database as well as the service (SPEC §4).
    uniqueIndex('locations_one_primary_key')
      .on(t.businessId)
      .where(sql`${t.isPrimary}`),
  ],
)

export const keywords = pgTable(
  'keywords',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    keyword: text('keyword').notNull(),
    position: integer('position'),
    previousPosition: integer('previous_position'),
    searchVolume: integer('search_volume'),
    difficulty: text('difficulty'),
    createdAt,
    updatedAt,
  },
  (t) => [index('keywords_business_id_created_at_idx').on(t.businessId, t.createdAt)],
)

export const backlinks = pgTable(
  'backlinks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    anchorText: text('anchor_text').notNull(),
    linkType: text('link_type', { enum: ['dofollow', 'nofollow'] }).notNull(),
    quality: text('quality', { enum: ['high', 'medium', 'low'] }).notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    domainAuthority: integer('domain_authority').notNull(),
    spamScore: integer('spam_score').notNull(),
    status: text('status').notNull().default('active'),
    isLocationSpecific: boolean('is_location_specific').notNull().default(false),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'set null' }),
    createdAt,
    // Link verification (issue 8 item 4): when the linking page was last fetched, its final HTTP
    // status, and what was found there.
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    httpStatus: integer('http_status'),
    verification: jsonb('verification').$type<BacklinkVerification>(),
  },
  (t) => [
    index('backlinks_business_id_created_at_idx').on(t.businessId, t.createdAt),
    // "Verify all" picks never-checked links first, then the least recently checked.
    index('backlinks_business_id_last_checked_at_idx').on(
      t.businessId,
      t.lastCheckedAt.asc().nullsFirst(),
    ),
    index('backlinks_business_id_location_id_idx').on(t.businessId, t.locationId),
    // Time Range filters and the summary's growth windows read by first seen (issue 8).
    index('backlinks_business_id_first_seen_idx').on(t.businessId, t.firstSeen),
  ],
)

export const recommendations = pgTable(
  'recommendations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    status: text('status', { enum: ['pending', 'in-progress', 'completed'] })
      .notNull()
      .default('pending'),
    category: text('category', {
      enum: ['technical', 'content', 'listings', 'reputation'],
    }).notNull(),
    impact: text('impact').notNull().default(''),
    points: integer('points').notNull(),
    completedDate: date('completed_date', { mode: 'string' }),
    /** Step-by-step instructions, one step per line (issue 10). */
    implementationGuide: text('implementation_guide').notNull().default(''),
    /**
     * Where a task came from when it must exist at most once per business, e.g.
     * 'site-audit:tel-link-missing' for a failed audit check (issue 11 item 6); NULL otherwise.
     */
    sourceKey: text('source_key'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('recommendations_business_id_idx').on(t.businessId, t.createdAt),
    uniqueIndex('recommendations_business_source_key').on(t.businessId, t.sourceKey),
  ],
)

/** What the owner did, newest first on the dashboard's Recent Activity (issue 4). */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt,
  },
  (t) => [index('activities_business_id_created_at_idx').on(t.businessId, t.createdAt)],
)
