// A keyword analysis as a job (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md):
// the request stores the keyword and a pending analysis and answers; the job asks the keyword data
// source and the AI and stores the result here ('done') or a reason an owner can read ('failed').
// The newest few per place are kept (the job prunes the rest).
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { KeywordAnalysis } from '@localseo/shared/ai'
import { businessIdColumn, locations } from './business.js'
import { keywords } from './keywords.js'

export const keywordAnalyses = pgTable(
  'keyword_analyses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** NULL: the main business; otherwise one of its locations. */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** The analysed keyword's record; removing the keyword removes its analyses. */
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** The finished analysis, as the screen shows it; only when 'done'. */
    result: jsonb('result').$type<KeywordAnalysis>(),
    /** Why it failed, in words an owner can read; only when 'failed'. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('keyword_analyses_business_id_idx').on(t.businessId, t.createdAt),
    check(
      'keyword_analyses_status_check',
      sql`(status = 'pending' and result is null and failure is null)
        or (status = 'done' and result is not null and failure is null)
        or (status = 'failed' and result is null and failure is not null)`,
    ),
  ],
)
