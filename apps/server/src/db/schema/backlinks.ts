// Backlinks of a business (docs/product.md §3), with what verification found (issue 8).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BacklinkQualityBasis, BacklinkVerification } from '@localseo/shared/backlinks'
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
    /** Rated from measured signals (ADR 032); 'unrated' until a check finds the link. */
    quality: text('quality', { enum: ['high', 'medium', 'low', 'unrated'] }).notNull(),
    /** What the rating was made of, in words, and when (ADR 032). */
    qualityBasis: jsonb('quality_basis').$type<BacklinkQualityBasis>(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    // The referring domain's rank and spam score (0-100) from the backlink data provider, with its
    // name and when it answered; null without a provider (ADR 032), never made up.
    domainAuthority: integer('domain_authority'),
    spamScore: integer('spam_score'),
    metricsSource: text('metrics_source'),
    metricsCheckedAt: timestamp('metrics_checked_at', { withTimezone: true }),
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

const counter = (name: string) => integer(name).notNull().default(0)

/**
 * A "Verify all" run (issue 30 item 8): the request stores it and sends a job, which checks the
 * scope's due links one after another and counts each as it is stored, so the screen reads the
 * progress from here and a reload or another tab sees the same run.
 */
export const backlinkVerifyRuns = pgTable(
  'backlink_verify_runs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** NULL: every backlink of the business; otherwise the links added for that location. */
    locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['queued', 'running', 'done', 'stopped', 'failed'],
    }).notNull(),
    /** The links the run takes: those not checked in the 10 minutes before it started. */
    total: counter('total'),
    checked: counter('checked'),
    active: counter('active'),
    broken: counter('broken'),
    unverifiable: counter('unverifiable'),
    unreachable: counter('unreachable'),
    /** Links whose check could not be stored (an error on our side): they stay due. */
    failed: counter('failed'),
    /** Why a failed run failed, in words. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('backlink_verify_runs_business_started_idx').on(t.businessId, t.startedAt),
    // One run per business at a time: a second start answers the running one.
    uniqueIndex('backlink_verify_runs_one_active_idx')
      .on(t.businessId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
)
