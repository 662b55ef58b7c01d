// The owner and their business with its locations (docs/product.md §3). Every tenant table of every
// feature carries business_id from businessIdColumn (docs/house-rules.md "Scaling out").
import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { authUsers } from './auth.js'

/**
 * Where a business or location is (issue 17 item 3): both or neither of latitude and longitude, and the
 * map provider's place id when a map search found it. Set by a pin in Settings or taken from a map-pack
 * result; a business is saved without them.
 */
const coordinateColumns = () => ({
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  placeId: text('place_id'),
})

export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  // Simulated Google connections (docs/product.md §3 googleConnections), per user.
  searchConsoleConnected: boolean('search_console_connected').notNull().default(false),
  analyticsConnected: boolean('analytics_connected').notNull().default(false),
  createdAt,
  updatedAt,
})

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    category: text('category').notNull().default(''),
    /** ISO 3166-1 alpha-2 country of the address (docs/decisions/017-countries-and-addresses.md). */
    country: text('country').notNull().default('US'),
    /** IANA time zone of the business: daily jobs run on its calendar (docs/decisions/017-countries-and-addresses.md). */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** 'Services you offer' (issue 15 item 5), in the owner's words. */
    services: text('services')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set once the first-run sample data was inserted, so it is never inserted twice. */
    sampleDataSeededAt: timestamp('sample_data_seeded_at', { withTimezone: true }),
    /** Set when the owner removed the sample data (issue 15 item 2): listings stop showing samples. */
    sampleDataRemovedAt: timestamp('sample_data_removed_at', { withTimezone: true }),
    ...coordinateColumns(),
    createdAt,
    updatedAt,
  },
  // The person who created it; who may see and change it is business_members (ADR 043).
  (t) => [index('businesses_user_id_idx').on(t.userId)],
)

/** The tenant key every business table carries (docs/house-rules.md "Scaling out"), gone with its business. */
export const businessIdColumn = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' })

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** ISO 3166-1 alpha-2 country of the location, the business's unless the owner chose another. */
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    /** The location's own page on the website (issue 11): the site audit starts there for it. */
    pageUrl: text('page_url').notNull().default(''),
    ...coordinateColumns(),
    createdAt,
    updatedAt,
  },
  // No primary flag: the business's own address is its main, primary location (ADR 033).
  (t) => [index('locations_business_id_idx').on(t.businessId, t.createdAt)],
)
