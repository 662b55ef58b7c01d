// Site audit runs (issue 11 item 3): one row per run with its progress, the pages it crawled and the
// issues it found. Every row goes with its business; pages and issues go with their run.
import type { AuditEndReason } from '@localseo/shared/site-audit'
import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const siteAuditRuns = pgTable(
  'site_audit_runs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    status: text('status', { enum: ['running', 'done', 'cancelled', 'failed'] }).notNull(),
    startUrls: jsonb('start_urls').$type<string[]>().notNull(),
    budget: integer('budget').notNull(),
    pagesCrawled: integer('pages_crawled').notNull().default(0),
    /** How the crawl ended: done, budget, timeout or cancelled (crawler.ts CrawlEndReason). */
    endReason: text('end_reason').$type<AuditEndReason>(),
    /** Why a failed run failed, in words. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('site_audit_runs_business_started_idx').on(t.businessId, t.startedAt),
    // One running audit per business at a time.
    uniqueIndex('site_audit_runs_one_running_idx')
      .on(t.businessId)
      .where(sql`${t.status} = 'running'`),
  ],
)

export const siteAuditPages = pgTable(
  'site_audit_pages',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => siteAuditRuns.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    finalUrl: text('final_url').notNull(),
    depth: integer('depth').notNull(),
    /** HTTP status; NULL when there was no answer (see outcome). */
    status: integer('status'),
    /** ok, redirected, error, unreachable, blocked, needs-javascript, not-html. */
    outcome: text('outcome').notNull(),
    title: text('title'),
  },
  (t) => [primaryKey({ name: 'site_audit_pages_pkey', columns: [t.runId, t.position] })],
)

export const siteAuditIssues = pgTable(
  'site_audit_issues',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => siteAuditRuns.id, { onDelete: 'cascade' }),
    businessId: businessIdColumn(),
    checkId: text('check_id').notNull(),
    severity: text('severity', { enum: ['critical', 'alert', 'warning'] }).notNull(),
    category: text('category', { enum: ['indexability', 'content', 'local'] }).notNull(),
    pageCount: integer('page_count').notNull(),
    /** The pages hit, each { url, detail? }, capped at 200. */
    pages: jsonb('pages').$type<{ url: string; detail?: string }[]>().notNull(),
  },
  (t) => [primaryKey({ name: 'site_audit_issues_pkey', columns: [t.runId, t.checkId] })],
)
