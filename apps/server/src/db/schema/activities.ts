// Recent Activity on the dashboard (docs/product.md §2): one row per thing the owner did.
import { sql } from 'drizzle-orm'
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn, createdAt } from './business.js'

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
