// What the owner should hear about (issue 16 item 4): a keyword leaving the top 3 or top 10 or moving
// by 5 or more, a backlink lost. Shown in the app's notification list; the email digest reads the
// same rows. Kept per business, newest first.
import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** 'rank_drop', 'rank_rise', 'backlink_lost'. */
    kind: text('kind').notNull(),
    /** One sentence, as the owner reads it. */
    message: text('message').notNull(),
    /** The screen that shows more ('/rank-tracker'). */
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the daily digest carried it; a notification is emailed once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [index('notifications_business_id_created_at_idx').on(t.businessId, t.createdAt)],
)

/**
 * The alert topics the owner turned off in Settings (shared ALERT_TOPICS): a business without a row
 * hears about every topic. Stored as what is off, so a topic added later is on by default.
 */
export const alertPreferences = pgTable('alert_preferences', {
  businessId: businessIdColumn().primaryKey(),
  mutedTopics: text('muted_topics')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
