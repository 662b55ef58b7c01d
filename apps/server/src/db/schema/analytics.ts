// The Google Analytics 4 import (issue 18 item 3, ADR 023): the property the owner picked and how its
// last import went, the totals of the last 28 days and the 28 before, and the top channels, pages
// and cities. Screens read these tables, never Google. Disconnecting Google removes them all.
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'
import { googleConnections } from './google.js'

const PERIODS = ['current', 'previous'] as const

/** The GA4 property the business reads, and its last import; gone with the Google connection. */
export const analyticsImports = pgTable(
  'analytics_imports',
  {
    businessId: businessIdColumn().primaryKey(),
    /** 'properties/123456789', one the account listed when it was picked. */
    property: text('property').notNull(),
    /** The property's name in Google Analytics, to show which one is read. */
    propertyName: text('property_name').notNull(),
    pickedAt: timestamp('picked_at', { withTimezone: true }).notNull(),
    /** 'pending' until the first import ends; then the last attempt's outcome. */
    status: text('status', { enum: ['pending', 'ok', 'failed'] }).notNull(),
    /** Why the last attempt failed, in words for the owner. */
    reason: text('reason'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The last import that completed: the stored figures are as of this time. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** Google rolled some rows of the stored figures into '(other)' (metadata.dataLossFromOtherRow). */
    groupedOther: boolean('grouped_other').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'analytics_imports_connection_fk',
      columns: [t.businessId],
      foreignColumns: [googleConnections.businessId],
    }).onDelete('cascade'),
  ],
)

/** Figures belong to their import: a new property, or disconnecting, clears them. */
const ofImport = (name: string, column: AnyPgColumn) =>
  foreignKey({ name, columns: [column], foreignColumns: [analyticsImports.businessId] }).onDelete(
    'cascade',
  )

/** The whole property's figures for one period; no row when Google had no data for it. */
export const analyticsTotals = pgTable(
  'analytics_totals',
  {
    businessId: businessIdColumn(),
    /** 'current': the last 28 days to yesterday; 'previous': the 28 days before. */
    period: text('period', { enum: PERIODS }).notNull(),
    activeUsers: integer('active_users').notNull(),
    newUsers: integer('new_users').notNull(),
    returningUsers: integer('returning_users').notNull(),
    sessions: integer('sessions').notNull(),
    pageViews: integer('page_views').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.period] }),
    ofImport('analytics_totals_import_fk', t.businessId),
  ],
)

/**
 * One row of a top list, in Google's order: sessions by channel, views by page, visitors by city.
 * A label '(other)' is Google's roll-up of the rows it left out.
 */
export const analyticsBreakdowns = pgTable(
  'analytics_breakdowns',
  {
    businessId: businessIdColumn(),
    period: text('period', { enum: PERIODS }).notNull(),
    dimension: text('dimension', { enum: ['channel', 'page', 'city'] }).notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.period, t.dimension, t.position] }),
    ofImport('analytics_breakdowns_import_fk', t.businessId),
  ],
)
