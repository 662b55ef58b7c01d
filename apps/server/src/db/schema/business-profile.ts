// Google Business Profile (issue 33, ADR 034): which profile location each of our locations is, as
// the owner confirmed it. One link per location of ours, and a profile location linked once per
// business, so its reviews and figures are never counted twice. The reviews are copied from Google
// by the daily import (ADR 034 "Reviews import") and the screens read them here.
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
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
    /** When the last successful reviews import started: the next one asks what changed since. */
    reviewsImportedAt: timestamp('reviews_imported_at', { withTimezone: true }),
    /** When the last import that read every page ended well (the only one that sees deletions). */
    reviewsFullImportAt: timestamp('reviews_full_import_at', { withTimezone: true }),
    /** The last attempt: when, 'ok' or 'failed', and Google's refusal in words when it failed. */
    reviewsAttemptedAt: timestamp('reviews_attempted_at', { withTimezone: true }),
    reviewsImportStatus: text('reviews_import_status'),
    reviewsImportReason: text('reviews_import_reason'),
  },
  (t) => [
    uniqueIndex('business_profile_links_location_key').on(t.businessId, t.locationKey),
    uniqueIndex('business_profile_links_google_location_key').on(t.businessId, t.googleLocation),
  ],
)

/**
 * A Google review of a linked profile location (My Business v4 Review), one row per review name,
 * upserted by the daily import. It goes with its link (another profile linked there is not ours).
 */
export const businessProfileReviews = pgTable(
  'business_profile_reviews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => businessProfileLinks.id, { onDelete: 'cascade' }),
    /** Our place, as the link's: 'main' or the location id (the screens list per place). */
    locationKey: text('location_key').notNull(),
    /** Google's 'accounts/…/locations/…/reviews/…'. */
    name: text('name').notNull(),
    /** The reviewer's name as Google shows it ('A Google user' when anonymous). */
    reviewerName: text('reviewer_name').notNull(),
    reviewerAnonymous: boolean('reviewer_anonymous').notNull().default(false),
    reviewerPhotoUrl: text('reviewer_photo_url'),
    /** 1-5 from Google's ONE..FIVE; null for STAR_RATING_UNSPECIFIED. */
    rating: smallint('rating'),
    comment: text('comment').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    replyComment: text('reply_comment'),
    replyUpdateTime: timestamp('reply_update_time', { withTimezone: true }),
    /**
     * Google's ReviewReplyState of the reply (PENDING, ACTIVE, REJECTED; null when Google sent none)
     * and its PolicyViolation in words when Google rejected it (ADR 037).
     */
    replyState: text('reply_state'),
    replyPolicyViolation: text('reply_policy_violation'),
    /** Set while a reply is on its way to Google: a second send waits its turn (ADR 037, once only). */
    replySendingAt: timestamp('reply_sending_at', { withTimezone: true }),
    /**
     * When the owner last sent or removed the reply from here. A sample review keeps that reply
     * over the seeded one at the next sample import (ADR 037).
     */
    replyChangedAt: timestamp('reply_changed_at', { withTimezone: true }),
    /** A sample review (no Google client): labelled, removed with the other sample data. */
    sample: boolean('sample').notNull().default(false),
    /** When this row was last written from Google's answer (an unchanged review keeps it). */
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('business_profile_reviews_name_key').on(t.businessId, t.name),
    index('business_profile_reviews_created_idx').on(t.businessId, t.locationKey, t.createTime),
    index('business_profile_reviews_rating_idx').on(t.businessId, t.locationKey, t.rating),
    check('business_profile_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)
