// What the owner recorded for each listing platform, per business and location (issue 9).
import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businessIdColumn, locations } from './business.js'

export const listingRecords = pgTable(
  'listing_records',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** 'main' for the business itself, otherwise the location id (kept with location_id for the FK). */
    locationKey: text('location_key').notNull(),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    url: text('url').notNull().default(''),
    status: text('status', { enum: ['verified', 'claimed', 'unclaimed'] }),
    listed: boolean('listed').notNull().default(true),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /**
     * Whether the name, address and phone matched the profile when last compared (after any change
     * to the profile, a location or the record); NULL until first compared. A match turning into a
     * mismatch is an alert (issue 16 item 4).
     */
    napMatches: boolean('nap_matches'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_records_business_location_platform_key').on(
      t.businessId,
      t.locationKey,
      t.platform,
    ),
  ],
)
