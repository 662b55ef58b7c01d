// Keywords the owner saved from the Keyword Planner (issue 6). docs/product.md §3 keeps them in browser storage;
// here they live on the server per business, so they follow the owner across devices.
import { sql } from 'drizzle-orm'
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const savedKeywords = pgTable(
  'saved_keywords',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** Normalised (lower case, single spaces), so 'Dentist  Austin' and 'dentist austin' are one. */
    keyword: text('keyword').notNull(),
    volume: integer('volume').notNull(),
    difficulty: text('difficulty', { enum: ['low', 'medium', 'high'] }).notNull(),
    cpc: doublePrecision('cpc').notNull(),
    competition: doublePrecision('competition').notNull(),
    relevance: text('relevance', { enum: ['low', 'medium', 'high'] }).notNull(),
    intent: text('intent', {
      enum: ['commercial', 'informational', 'transactional', 'local'],
    }).notNull(),
    trend: text('trend', { enum: ['up', 'stable', 'down'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // docs/product.md §5 "Planner save blocked for duplicate keyword text", enforced by the database too.
    uniqueIndex('saved_keywords_business_id_keyword_key').on(t.businessId, t.keyword),
    index('saved_keywords_business_id_created_at_idx').on(t.businessId, t.createdAt),
  ],
)
