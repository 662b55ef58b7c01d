// Share links (issue 35 item 5, docs/decisions/050-share-links.md): a read-only link to one view of a
// business, opened without an account. The token is kept only as its SHA-256 hash; the raw token is
// shown once, at creation.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn, locations, users } from './business.js'

export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** 'report' (one month's report) or 'dashboard' (the live dashboard). */
    kind: text('kind', { enum: ['report', 'dashboard'] }).notNull(),
    /** '2026-03' for a report; null for a dashboard. */
    month: text('month'),
    /**
     * The location shown; null for the business itself ('main'). A deleted location takes its links
     * with it, so a link never falls back to another place's data.
     */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    /** The token's last 4 characters, so the owner can tell links apart. */
    tokenEnd: text('token_end').notNull(),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    index('share_links_business_id_idx').on(t.businessId, t.createdAt),
    check(
      'share_links_kind_check',
      sql`(kind = 'report' and month is not null) or (kind = 'dashboard' and month is null)`,
    ),
  ],
)
