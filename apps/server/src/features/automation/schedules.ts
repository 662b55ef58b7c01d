// The job_schedules rows (issue 16 item 2): one per business and kind of work. Every business gets
// its rows with the default frequency, due at once; a run sets the next due time from the business's
// time zone and slot (schedule.ts). Every query carries the business id it is about.
import { and, eq, gte, isNotNull, ne, not, sql, type SQL } from 'drizzle-orm'
import {
  AUTOMATION_KINDS,
  DEFAULT_FREQUENCY,
  type AutomationKind,
  type Frequency,
  type Schedule,
} from '@localseo/shared/automation'
import type { Db, Tx } from '../../db/client.js'
import { jobSchedules } from '../../db/schema/automation.js'
import { businesses } from '../../db/schema/business.js'
import { AUDIT_STARTED, scheduledAuditOutcome } from '../site-audit/public.js'
import { nextRunAt } from './schedule.js'

/** A claimed row is pushed this far ahead, so no other tick sends it again while its job waits. */
const CLAIM_LEASE_MS = 60 * 60 * 1000

/**
 * Gives a business (or, without `businessId`, every business) that lacks one a row per kind, due
 * now: its first run comes at once. A business gets its rows when it is created; the planner gives
 * every business's once at its first tick, for kinds new in this release and businesses written
 * outside the app, and not at every tick, where reading every business cost more than the rest of
 * the tick at 10,000 (bench/README.md "sizing", issue 36 item 5).
 */
export async function ensureSchedules(db: Db | Tx, now: Date, businessId?: string) {
  const kinds = sql.join(
    AUTOMATION_KINDS.map((kind) => sql`(${kind}::text, ${DEFAULT_FREQUENCY[kind]}::text)`),
    sql`, `,
  )
  await db.execute(sql`
    insert into ${jobSchedules} (business_id, kind, frequency, due_at)
    select b.id, k.kind, k.frequency, ${now.toISOString()}::timestamptz
    from ${businesses} b cross join (values ${kinds}) as k (kind, frequency)
    where ${businessId ? sql`b.id = ${businessId}` : sql`true`}
      and not exists (
        select 1 from ${jobSchedules} s where s.business_id = b.id and s.kind = k.kind
      )
    on conflict do nothing`)
}

/**
 * Claims up to `limit` due rows: each is leased (pushed an hour ahead) in the same statement, with
 * SKIP LOCKED, so two instances ticking at once never claim the same row. A row whose job never
 * ran (its instance died before sending) is due again when the lease ends. A business's site audit
 * waits, due, until it has a website (issue 31 item 3): a sign-up queues nothing to audit, and its
 * first audit comes at the tick after the website is saved.
 */
export async function claimDueSchedules(db: Db, now: Date, limit: number) {
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()
  const result = await db.execute(sql`
    update ${jobSchedules} s set due_at = ${lease}::timestamptz
    from (
      select business_id, kind from ${jobSchedules} s
      where frequency <> 'off' and due_at <= ${now.toISOString()}::timestamptz
        and (kind <> 'site_audits' or exists (
          select 1 from ${businesses} b where b.id = s.business_id and btrim(b.website) <> ''
        ))
      order by due_at
      limit ${limit}
      for update skip locked
    ) due
    where s.business_id = due.business_id and s.kind = due.kind
    returning s.business_id, s.kind`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  const { rows } = result as { rows: { business_id: string; kind: AutomationKind }[] }
  // In the order Settings names them (rank checks first), not the order of their ids.
  rows.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))
  return rows.map((row) => ({ businessId: row.business_id, kind: row.kind }))
}

/** The owner's frequency for a kind, or undefined when the business has no such schedule. */
/**
 * How often the business wants this kind of work; the default while the planner has not given it
 * its row yet; undefined when the business is gone.
 */
export async function scheduleFrequency(db: Db, businessId: string, kind: AutomationKind) {
  const [row] = await db
    .select({ frequency: jobSchedules.frequency })
    .from(businesses)
    .leftJoin(
      jobSchedules,
      and(eq(jobSchedules.businessId, businesses.id), eq(jobSchedules.kind, kind)),
    )
    .where(eq(businesses.id, businessId))
  if (!row) return undefined
  return (row.frequency ?? DEFAULT_FREQUENCY[kind]) as Frequency
}

/** A run ends at its claim or later: the planner's clock and a worker's may differ a little. */
const endOf = (run: Date | undefined, now: Date) => (run && run > now ? run : now)

/** The lease the claim at `run` gave the row (claimDueSchedules). */
const leaseOf = (run: Date) => new Date(run.getTime() + CLAIM_LEASE_MS)

/**
 * The run the planner claimed at `run` has stored its outcome: a run that ends stores a last run time
 * no earlier than its claim (finishRun) and moves the row off its lease. A row still on the lease
 * was claimed again since (a new run), whatever the clocks say.
 */
function finishedWhere(run: Date): SQL {
  return sql`(${and(
    isNotNull(jobSchedules.lastRunAt),
    gte(jobSchedules.lastRunAt, run),
    ne(jobSchedules.dueAt, leaseOf(run)),
  )})`
}

/** Whether a try of the run claimed at `run` has stored its outcome already. */
export async function runFinished(
  db: Db,
  { businessId, kind, run }: { businessId: string; kind: AutomationKind; run: Date },
) {
  const rows = await db
    .select({ kind: jobSchedules.kind })
    .from(jobSchedules)
    .where(
      and(eq(jobSchedules.businessId, businessId), eq(jobSchedules.kind, kind), finishedWhere(run)),
    )
  return rows.length > 0
}

/**
 * After a run: its outcome, and the next due time in the business's time zone; tomorrow's slot when
 * the run left something to try again and its own next run is later. With the run's key (`run`, when
 * the planner claimed it), only the first try of the run to end stores anything: another try of the
 * same job, running meanwhile after its first was taken for lost, never replaces that outcome.
 */
export async function finishRun(
  db: Db,
  {
    businessId,
    kind,
    now,
    run,
    outcome,
    retrySoon = false,
  }: {
    businessId: string
    kind: AutomationKind
    now: Date
    run?: Date
    outcome: string
    retrySoon?: boolean
  },
) {
  const [row] = await db
    .select({ frequency: jobSchedules.frequency, timeZone: businesses.timeZone })
    .from(jobSchedules)
    .innerJoin(businesses, eq(businesses.id, jobSchedules.businessId))
    .where(and(eq(jobSchedules.businessId, businessId), eq(jobSchedules.kind, kind)))
  if (!row) {
    // A run asked for before the planner's first tick gave the business its rows (a Google import
    // when a property is picked): the row is added as the planner would, then the run is stored.
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, businessId))
    if (!business) return
    await db
      .insert(jobSchedules)
      .values({ businessId, kind, frequency: DEFAULT_FREQUENCY[kind], dueAt: now })
      .onConflictDoNothing()
    return finishRun(db, { businessId, kind, now, run, outcome, retrySoon })
  }
  const planned = (frequency: Frequency) =>
    nextRunAt({ businessId, frequency, timeZone: row.timeZone, after: now, kind })
  const regular = planned(row.frequency as Frequency)
  const tomorrow = retrySoon ? planned('daily') : null
  const next = regular && tomorrow && tomorrow < regular ? tomorrow : regular
  await db
    .update(jobSchedules)
    .set({ lastRunAt: endOf(run, now), lastOutcome: outcome, ...(next ? { dueAt: next } : {}) })
    .where(
      and(
        eq(jobSchedules.businessId, businessId),
        eq(jobSchedules.kind, kind),
        // One statement: of two tries of one run ending at once, only the first stores.
        run ? not(finishedWhere(run)) : undefined,
      ),
    )
}

const kindOrder = (kind: string) => AUTOMATION_KINDS.indexOf(kind as AutomationKind)

/**
 * The owner's schedules, every kind, for Settings and the screens that say 'Next check: …'. Only
 * reads (issue 30 item 8): a kind without its row yet (the planner adds it at its next tick, due at
 * once) is answered as that row will be: the default frequency, due now.
 */
export async function listSchedules(db: Db, businessId: string, now: Date): Promise<Schedule[]> {
  const [business] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business) return []
  const rows = await db
    .select({
      kind: jobSchedules.kind,
      frequency: jobSchedules.frequency,
      dueAt: jobSchedules.dueAt,
      lastRunAt: jobSchedules.lastRunAt,
      lastOutcome: jobSchedules.lastOutcome,
    })
    .from(jobSchedules)
    .where(eq(jobSchedules.businessId, businessId))
  const stored = new Map(rows.map((row) => [row.kind, row]))
  const audit = stored.get('site_audits')
  // The planner only queues an audit: its row says how it ended (issue 32 item 8).
  if (audit?.lastRunAt && audit.lastOutcome === AUDIT_STARTED) {
    const outcome = await scheduledAuditOutcome(db, businessId, audit.lastRunAt)
    stored.set('site_audits', { ...audit, lastOutcome: outcome ?? audit.lastOutcome })
  }
  // In the order Settings names them (rank checks first), not the order of their ids.
  return AUTOMATION_KINDS.map((kind) => {
    const row = stored.get(kind) ?? {
      frequency: DEFAULT_FREQUENCY[kind],
      dueAt: now,
      lastRunAt: null,
      lastOutcome: null,
    }
    return {
      kind,
      frequency: row.frequency as Frequency,
      // A row due in the past runs at the next tick: the owner sees 'now', not a time gone by.
      nextRunAt:
        row.frequency === 'off'
          ? null
          : new Date(Math.max(row.dueAt.getTime(), now.getTime())).toISOString(),
      lastRunAt: row.lastRunAt?.toISOString() ?? null,
      lastOutcome: row.lastOutcome,
      timeZone: business.timeZone,
    }
  })
}

/** The owner changes how often a kind runs: the next due time follows at once. */
export async function setFrequency(
  db: Db,
  {
    businessId,
    kind,
    frequency,
    now,
  }: { businessId: string; kind: AutomationKind; frequency: Frequency; now: Date },
) {
  await ensureSchedules(db, now, businessId)
  const [business] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  const next =
    business && nextRunAt({ businessId, frequency, timeZone: business.timeZone, after: now, kind })
  await db
    .update(jobSchedules)
    .set({ frequency, ...(next ? { dueAt: next } : {}) })
    .where(
      and(
        eq(jobSchedules.businessId, businessId),
        eq(jobSchedules.kind, kind),
        // Unchanged: the planned time stays (saving the same choice twice moves nothing).
        ne(jobSchedules.frequency, frequency),
      ),
    )
}
