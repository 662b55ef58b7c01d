// The keyword entity (issue 15 item 1, docs/decisions/016-one-keyword-entity.md): one row per business,
// location and search, whether the owner analysed it, saved it in the planner or tracks it. Its
// position history is rank_positions; its volume and difficulty come from the keyword data provider.
import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn, createdAt, locations, updatedAt } from './business.js'

export const keywords = pgTable(
  'keywords',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** NULL: the main business; otherwise one of its locations. */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    /** Lower-cased, single-spaced: the same search is one keyword per location (docs/product.md §5). */
    keywordKey: text('keyword_key').notNull(),
    /** Listed by the Rank Tracker and checked every day. */
    tracked: boolean('tracked').notNull().default(false),
    /** Last analysed on Keyword Analysis; listed under 'Current Keyword Rankings'. */
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    /** Saved from the Keyword Planner. */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** Created as sample data at sign-up; labelled 'Sample' and removable in one action. */
    sample: boolean('sample').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    // Also the index of every list of a scope: (business_id, location_id) is its prefix.
    unique('keywords_business_location_keyword_key')
      .on(t.businessId, t.locationId, t.keywordKey)
      .nullsNotDistinct(),
    index('keywords_business_id_created_at_idx').on(t.businessId, t.createdAt),
  ],
)
