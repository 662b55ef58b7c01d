// Work that runs by itself (issue 16, docs/decisions/018-job-queue.md): one schedule per business and
// kind of work. The queue (pg-boss, in its own `pgboss` schema) holds the jobs; this table holds
// when each business's next run is due, how often the owner wants it, and how the last run ended.
import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const jobSchedules = pgTable(
  'job_schedules',
  {
    businessId: businessIdColumn(),
    /** The kind of work: 'rank_checks' (more kinds join as they become jobs). */
    kind: text('kind').notNull(),
    /** 'daily', 'weekly' or 'off', as the owner chose in Settings. */
    frequency: text('frequency').notNull(),
    /** When the next run is due; the planner enqueues rows whose time has come. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The last run's outcome in words ('12 checked, 1 failed'), shown to the owner. */
    lastOutcome: text('last_outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.kind] }),
    // The planner's claim: the rows that run, oldest due first, whatever their kind; the claim's
    // `frequency <> 'off'` matches this predicate, so it reads only the due end (bench/README.md
    // "sizing", issue 36 item 5).
    index('job_schedules_due_at_idx')
      .on(t.dueAt)
      .where(sql`frequency <> 'off'`),
  ],
)
