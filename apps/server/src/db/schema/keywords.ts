// Keywords of a business (docs/product.md §3): analysed, tracked on the dashboard, with positions.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn, createdAt, updatedAt } from './business.js'

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
