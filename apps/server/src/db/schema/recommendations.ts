// SEO tasks of a business (docs/product.md §3, §4): status, points, guides; one per source_key.
import { sql } from 'drizzle-orm'
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn, createdAt, updatedAt } from './business.js'

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
