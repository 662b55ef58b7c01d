// The Business Profile's own performance (issue 33 item 5, ADR 035): Google's daily figures of each
// linked profile location, one row per place and day with the 7 metrics as columns (one Google
// answer gives all 7 for a day, and the card always reads them together), the search terms of the
// last full months, and each link's last Performance import. All go with their link.
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'
import { businessProfileLinks } from './business-profile.js'

const linkColumn = () =>
  uuid('link_id')
    .notNull()
    .references(() => businessProfileLinks.id, { onDelete: 'cascade' })

/** One linked place's figures for one day, as Google reported them (a day without a value is 0). */
export const businessProfileDailyMetrics = pgTable(
  'business_profile_daily_metrics',
  {
    businessId: businessIdColumn(),
    linkId: linkColumn(),
    /** Our place, as the link's: 'main' or the location id. */
    locationKey: text('location_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    desktopMaps: integer('desktop_maps').notNull(),
    desktopSearch: integer('desktop_search').notNull(),
    mobileMaps: integer('mobile_maps').notNull(),
    mobileSearch: integer('mobile_search').notNull(),
    calls: integer('calls').notNull(),
    directions: integer('directions').notNull(),
    websiteClicks: integer('website_clicks').notNull(),
    /** Sample figures (no Google client): labelled, removed with the other sample data. */
    sample: boolean('sample').notNull().default(false),
    /** When this row was last written from Google's answer (an unchanged day keeps it). */
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.linkId, t.day] }),
    index('business_profile_daily_metrics_place_idx').on(t.businessId, t.locationKey, t.day),
  ],
)

/** A search term that showed the profile over the months asked, with Google's count or threshold. */
export const businessProfileSearchTerms = pgTable(
  'business_profile_search_terms',
  {
    businessId: businessIdColumn(),
    linkId: linkColumn(),
    keyword: text('keyword').notNull(),
    /** Impressions over the months; null when Google gives only a threshold. */
    impressions: integer('impressions'),
    /** Google's 'fewer than N' for a rare term. */
    below: integer('below'),
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.linkId, t.keyword] })],
)

/** Each link's Performance import: what it has, and how the last attempt went. */
export const businessProfilePerformanceImports = pgTable('business_profile_performance_imports', {
  linkId: uuid('link_id')
    .primaryKey()
    .references(() => businessProfileLinks.id, { onDelete: 'cascade' }),
  businessId: businessIdColumn(),
  /** The profile location imported: another one linked to the place starts again. */
  googleLocation: text('google_location').notNull(),
  /** The first and last day stored (the last one Google reported a figure for). */
  firstDay: date('first_day', { mode: 'string' }),
  lastDay: date('last_day', { mode: 'string' }),
  /** When the last good import started. */
  importedAt: timestamp('imported_at', { withTimezone: true }),
  /** The months of the stored search terms (YYYY-MM), and when they were read. */
  termsStartMonth: text('terms_start_month'),
  termsEndMonth: text('terms_end_month'),
  termsImportedAt: timestamp('terms_imported_at', { withTimezone: true }),
  /** The last attempt: when, 'ok' or 'failed', and Google's refusal in words when it failed. */
  attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  status: text('status'),
  reason: text('reason'),
  sample: boolean('sample').notNull().default(false),
})
