// The Search Console import (issue 18 item 2, ADR 022): Search Analytics rows by day as Google sent
// them, per business, for the whole property ('total'), by query and by page; and one import status
// row per business. Screens read these tables, never Google.
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

/**
 * One day of one query, one page, or the whole property ('total', key ''). Google leaves out days
 * without impressions, and anonymised queries from the query rows, so totals have their own rows.
 */
export const searchConsoleRows = pgTable(
  'search_console_rows',
  {
    businessId: businessIdColumn(),
    dimension: text('dimension', { enum: ['total', 'query', 'page'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The query's text or the page's address; '' for the property's total. */
    key: text('key').notNull(),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    /** Clicks / impressions, 0-1, as Google sends it. */
    ctr: doublePrecision('ctr').notNull(),
    /** Google's average position (1 = top), impression-weighted over the day. */
    position: doublePrecision('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.dimension, t.day, t.key] }),
    // The tracked keyword's history reads one query's days.
    index('search_console_rows_key_idx').on(t.businessId, t.dimension, t.key),
  ],
)

/** How the business's last import went and which days the stored rows cover. */
export const searchConsoleImports = pgTable('search_console_imports', {
  businessId: businessIdColumn().primaryKey(),
  /** The property the stored rows come from; another property picked clears them. */
  siteUrl: text('site_url').notNull(),
  /** 'ok' or 'failed' for the last attempt. */
  status: text('status', { enum: ['ok', 'failed'] }).notNull(),
  /** The last attempt's reason when it failed, in words for the owner. */
  reason: text('reason'),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  /** The last import that completed: the stored rows are as of this time. */
  importedAt: timestamp('imported_at', { withTimezone: true }),
  /** The days asked for so far: from the first day to the last finished day Google had. */
  firstDay: date('first_day', { mode: 'string' }),
  lastDay: date('last_day', { mode: 'string' }),
})
