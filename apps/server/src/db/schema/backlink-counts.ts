// Running counts behind the Backlink Monitor summary (issue 8 item 5): one row per business, scope,
// facet and value, so the summary reads a few small rows instead of scanning 100,000 backlinks.
// Statement-level triggers on backlinks (migration 0004_backlink_counts_triggers) keep them exact in
// the same transaction as every insert, update and delete, including a deleted location's SET NULL
// cascade; nothing in the application writes this table.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const backlinkCounts = pgTable(
  'backlink_counts',
  {
    businessId: businessIdColumn(),
    /** '' for all of the business's backlinks; a location id for its location-specific ones. */
    scope: text('scope').notNull(),
    /** Which column is counted: link_type, quality, status, domain or anchor_text. */
    facet: text('facet', { enum: ['type', 'quality', 'status', 'domain', 'anchor'] }).notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'backlink_counts_pk', columns: [t.businessId, t.scope, t.facet, t.value] }),
    // Top 5 referring domains and anchors read the first 5 entries of this index.
    index('backlink_counts_top_idx').on(t.businessId, t.scope, t.facet, t.count.desc(), t.value),
  ],
)
