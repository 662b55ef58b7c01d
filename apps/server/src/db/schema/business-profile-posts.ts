// Business Profile posts (issue 33 item 6, ADR 036): one row per post and place of ours, from the
// draft to Google's answer. A scheduled post is claimed once by the planner's tick (status
// 'scheduled' → 'publishing' in one statement), and Google's name is kept the moment Google
// answers, so no retry creates it twice. The rows outlive their link: they are the owner's writing
// (ADR 055). Google's edits quota is counted in business_profile_post_edits.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessProfileLinks } from './business-profile.js'
import { businessIdColumn } from './business.js'

export const businessProfilePosts = pgTable(
  'business_profile_posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /**
     * The link it was written for or sent through. Null once that link is gone (Google
     * disconnected, the place unlinked): the post stays the owner's, and linking the place again
     * gives it back its link (only to the profile it was sent to, if it was). ADR 055.
     */
    linkId: uuid('link_id').references(() => businessProfileLinks.id, { onDelete: 'set null' }),
    /** Our place, as the link's: 'main' or the location id. */
    locationKey: text('location_key').notNull(),
    /** Google's LocalPostTopicType: STANDARD (an Update), OFFER or EVENT. */
    topicType: text('topic_type').notNull(),
    summary: text('summary').notNull().default(''),
    ctaType: text('cta_type'),
    ctaUrl: text('cta_url'),
    /** The event (offers have one too): title and the business's wall-clock start and end. */
    eventTitle: text('event_title'),
    eventStart: text('event_start'),
    eventEnd: text('event_end'),
    offerCoupon: text('offer_coupon'),
    offerUrl: text('offer_url'),
    offerTerms: text('offer_terms'),
    imageUrl: text('image_url'),
    /** draft, scheduled, publishing, live, rejected (by Google), failed (with the reason). */
    status: text('status').notNull(),
    /** When it goes out (UTC), and the wall-clock time of the business's time zone it was set at. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishAtLocal: text('publish_at_local'),
    repeat: text('repeat').notNull().default('none'),
    /**
     * The day of the month a monthly repeat keeps: a post of the 31st goes out on the last day of a
     * shorter month, and on the 31st again after it. Null: the day of publish_at_local.
     */
    repeatDay: smallint('repeat_day'),
    /** The business's last day a repeat may go out; null: until the owner stops it. */
    repeatUntil: text('repeat_until'),
    /** When a publish took it (the tick or 'publish now'), and how many tries it had. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Google's 'accounts/…/locations/…/localPosts/…', kept as soon as Google answers the create. */
    googleName: text('google_name'),
    searchUrl: text('search_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reason: text('reason'),
    /** Posted to a sample profile (no Google client): kept here, removed with the sample data. */
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('business_profile_posts_place_idx').on(t.businessId, t.locationKey, t.createdAt),
    // The tick's claim reads only the scheduled and publishing rows, by time.
    index('business_profile_posts_due_idx')
      .on(t.publishAt)
      .where(sql`${t.status} in ('scheduled', 'publishing')`),
    check(
      'business_profile_posts_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'publishing', 'live', 'rejected', 'failed')`,
    ),
    check('business_profile_posts_repeat_check', sql`${t.repeat} in ('none', 'weekly', 'monthly')`),
  ],
)

/** Each write sent to Google for a profile location: Google allows 10 a minute (ADR 036). */
export const businessProfilePostEdits = pgTable(
  'business_profile_post_edits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** Google's 'locations/…'. */
    googleLocation: text('google_location').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('business_profile_post_edits_idx').on(t.businessId, t.googleLocation, t.at)],
)
