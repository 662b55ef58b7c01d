// Backlinks of a business (docs/product.md §3), with what verification found (issue 8).
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { BacklinkVerification } from '@localseo/shared/backlinks'
import { businessIdColumn, createdAt, locations } from './business.js'

export const backlinks = pgTable(
  'backlinks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    anchorText: text('anchor_text').notNull(),
    linkType: text('link_type', { enum: ['dofollow', 'nofollow'] }).notNull(),
    quality: text('quality', { enum: ['high', 'medium', 'low'] }).notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    domainAuthority: integer('domain_authority').notNull(),
    spamScore: integer('spam_score').notNull(),
    status: text('status').notNull().default('active'),
    isLocationSpecific: boolean('is_location_specific').notNull().default(false),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** One of the three sample backlinks of a new business, labelled 'Sample' (issue 15 item 2). */
    sample: boolean('sample').notNull().default(false),
    createdAt,
    // Link verification (issue 8 item 4): when the linking page was last fetched, its final HTTP
    // status, and what was found there.
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    httpStatus: integer('http_status'),
    verification: jsonb('verification').$type<BacklinkVerification>(),
    /** The first check in the current run of checks without an answer; after 3 days the link is lost (issue 16). */
    unreachableSince: timestamp('unreachable_since', { withTimezone: true }),
  },
  (t) => [
    index('backlinks_business_id_created_at_idx').on(t.businessId, t.createdAt),
    // "Verify all" picks never-checked links first, then the least recently checked.
    index('backlinks_business_id_last_checked_at_idx').on(
      t.businessId,
      t.lastCheckedAt.asc().nullsFirst(),
    ),
    index('backlinks_business_id_location_id_idx').on(t.businessId, t.locationId),
    // Time Range filters and the summary's growth windows read by first seen (issue 8).
    index('backlinks_business_id_first_seen_idx').on(t.businessId, t.firstSeen),
    // A new backlink is compared with the business's links from the same domain (issue 15 item 6).
    index('backlinks_business_id_domain_idx').on(t.businessId, t.domain),
  ],
)
