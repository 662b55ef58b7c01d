// Monthly reports (issue 35 item 4, docs/decisions/047-pdf-reports.md): the white label and the
// recipients a business set, and the months already sent, so a retried or doubled job sends once.
import { sql } from 'drizzle-orm'
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const reportSettings = pgTable('report_settings', {
  businessId: businessIdColumn().primaryKey(),
  /** The report's title on its cover; '' is the default title. */
  title: text('title').notNull().default(''),
  /** '#1d4ed8': the cover band, headings and charts. */
  color: text('color').notNull().default('#1d4ed8'),
  /** The logo, a PNG or JPEG of at most 200 KB, base64 (it runs the same on both drivers). */
  logo: text('logo'),
  logoType: text('logo_type', { enum: ['image/png', 'image/jpeg'] }),
  /** Who gets the monthly report by email. */
  recipients: text('recipients')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A month's report claimed by the monthly job: the primary key is the once-only guard. A send that
 * failed gives its claim back so a retry sends (docs/decisions/047-pdf-reports.md "Monthly send").
 */
export const reportSends = pgTable(
  'report_sends',
  {
    businessId: businessIdColumn(),
    /** '2026-03' */
    month: text('month').notNull(),
    recipients: text('recipients').array().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** NULL while the claiming job builds and sends the report. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'report_sends_pkey', columns: [t.businessId, t.month] })],
)
