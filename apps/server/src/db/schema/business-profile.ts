// Google Business Profile (issue 33, ADR 034): which profile location each of our locations is, as
// the owner confirmed it. One link per location of ours, and a profile location linked once per
// business, so its reviews and figures are never counted twice.
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { businessIdColumn, locations } from './business.js'

export const businessProfileLinks = pgTable(
  'business_profile_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** 'main' for the business itself, otherwise the location id (kept with location_id for the FK). */
    locationKey: text('location_key').notNull(),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** Google's 'locations/…' (Business Information v1). */
    googleLocation: text('google_location').notNull(),
    /** The 'accounts/…' it is listed under (My Business v4 names reviews under it). */
    account: text('account').notNull(),
    /** Google Maps' place id: the review link (issue 33 item 4); null when Google has none. */
    placeId: text('place_id'),
    /** The profile's name and one-line address when linked, to show without asking Google. */
    title: text('title').notNull(),
    address: text('address').notNull().default(''),
    /** A sample profile location (no Google client): removable with the other sample data. */
    sample: boolean('sample').notNull().default(false),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('business_profile_links_location_key').on(t.businessId, t.locationKey),
    uniqueIndex('business_profile_links_google_location_key').on(t.businessId, t.googleLocation),
  ],
)
