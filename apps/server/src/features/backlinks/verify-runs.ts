// "Verify all" as a job (issue 30 item 8, docs/decisions/018-job-queue.md): the request stores a run
// and sends a job; the job checks the scope's due links a few at a time and stores each result with
// the run's count in one transaction, so the screen reads 'Checking 3 of 12', a reload finds the
// same run, and a retried job (its instance died) takes only the links this run has not checked.
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import {
  backlinkStatusFor,
  type BacklinkVerifyRun,
  type BacklinkVerifyRunStatus,
} from '@localseo/shared/backlinks'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import type { Db } from '../../db/client.js'
import { backlinks, backlinkVerifyRuns } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { SHUTDOWN } from '../../lib/run-registry.js'
import { requireLocationId } from '../../lib/tenant.js'
import { isUuid } from '../../lib/uuid.js'
import { citationSitesFor, metricsForCheck, type CitationSites } from './backlink-rating.js'
import { websiteSiteKey } from './verify-page.js'
import {
  CHECK_CONCURRENCY,
  NO_WEBSITE_TO_VERIFY,
  RECHECK_AFTER_MS,
  changesFor,
  checkedLinkColumns,
  type CheckedLink,
  checkBacklink,
  dueFirst,
  pool,
  requireWebsite,
} from './verify.js'

export const VERIFY_QUEUE = 'backlinks.verify-all'
/** A run takes at most this many links; the rest are due for the next one. */
const MAX_RUN_LINKS = 2_000
/** No new check starts after this long, so a run ends well before its job expires. */
const RUN_WATCHDOG_MS = 50 * 60_000
/** A job active longer than this lost its instance and is tried again. */
const RUN_EXPIRY_SECONDS = 60 * 60
const RUN_RETRIES = 2
/** A run still queued or running after every try could have ended is lost: a new start replaces it. */
const LOST_AFTER_MS = (RUN_RETRIES + 1) * RUN_EXPIRY_SECONDS * 1000 + 30 * 60_000

type RunRow = typeof backlinkVerifyRuns.$inferSelect

export type VerifyRunDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'logger' | 'jobs' | 'fetcher' | 'runs' | 'env'
>

class RunInterrupted extends Error {
  constructor() {
    super('The check was interrupted by a restart; the queue runs it again.')
  }
}

function toVerifyRun(row: RunRow): BacklinkVerifyRun {
  return {
    id: row.id,
    location: row.locationId ?? MAIN_LOCATION,
    status: row.status,
    total: row.total,
    checked: row.checked,
    active: row.active,
    broken: row.broken,
    unverifiable: row.unverifiable,
    unreachable: row.unreachable,
    failed: row.failed,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const ACTIVE: BacklinkVerifyRunStatus[] = ['queued', 'running']
const runWhere = (id: string, businessId: string) =>
  and(eq(backlinkVerifyRuns.id, id), eq(backlinkVerifyRuns.businessId, businessId))
const missing = () => new AppError('not_found', 'That check of your backlinks does not exist.')

/** The run's links still to check: in its scope, not checked in the 10 minutes before it started. */
function dueForRun(run: Pick<RunRow, 'businessId' | 'locationId' | 'startedAt'>) {
  return and(
    eq(backlinks.businessId, run.businessId),
    run.locationId ? eq(backlinks.locationId, run.locationId) : undefined,
    or(
      isNull(backlinks.lastCheckedAt),
      lt(backlinks.lastCheckedAt, new Date(run.startedAt.getTime() - RECHECK_AFTER_MS)),
    ),
  )
}

async function countDue(db: Db, run: Parameters<typeof dueForRun>[0]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(backlinks)
    .where(dueForRun(run))
  return Math.min(row?.n ?? 0, MAX_RUN_LINKS)
}

/** A run whose every try should have ended long ago (its job was never sent): failed, so a new one can start. */
async function endLostRun(db: Db, businessId: string, now: Date) {
  await db
    .update(backlinkVerifyRuns)
    .set({ status: 'failed', error: 'The check stopped without finishing.', finishedAt: now })
    .where(
      and(
        eq(backlinkVerifyRuns.businessId, businessId),
        inArray(backlinkVerifyRuns.status, ACTIVE),
        lt(backlinkVerifyRuns.startedAt, new Date(now.getTime() - LOST_AFTER_MS)),
      ),
    )
}

async function activeRun(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(backlinkVerifyRuns)
    .where(
      and(
        eq(backlinkVerifyRuns.businessId, businessId),
        inArray(backlinkVerifyRuns.status, ACTIVE),
      ),
    )
  return row
}

/**
 * POST /api/backlinks/verify-runs: starts "Verify all" of a scope, or answers the run already going
 * on (one per business at a time: `started` is false). Needs the website to check links against.
 */
export async function startVerifyRun(
  deps: VerifyRunDeps,
  { businessId, location }: { businessId: string; location?: string },
): Promise<{ run: BacklinkVerifyRun; started: boolean }> {
  const { db, clock } = deps
  const locationId = (await requireLocationId(db, businessId, location)) ?? null
  await requireWebsite(db, businessId)
  const now = clock.now()
  await endLostRun(db, businessId, now)
  // Twice at most: a run that ends between the insert and the read leaves room for this one.
  for (let attempt = 0; attempt < 2; attempt++) {
    const total = await countDue(db, { businessId, locationId, startedAt: now })
    const [row] = await db
      .insert(backlinkVerifyRuns)
      .values({ businessId, locationId, status: 'queued', total, startedAt: now })
      .onConflictDoNothing()
      .returning()
    if (row) {
      await deps.jobs.send(VERIFY_QUEUE, { runId: row.id, businessId: row.businessId }, row.id)
      return { run: toVerifyRun(row), started: true }
    }
    const current = await activeRun(db, businessId)
    if (current) return { run: toVerifyRun(current), started: false }
  }
  throw new AppError('conflict', 'A check of your backlinks is starting; try again in a moment.')
}

/** GET /api/backlinks/verify-runs/latest: the business's newest run, whatever its scope. */
export async function latestVerifyRun(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(backlinkVerifyRuns)
    .where(eq(backlinkVerifyRuns.businessId, businessId))
    .orderBy(desc(backlinkVerifyRuns.startedAt), desc(backlinkVerifyRuns.id))
    .limit(1)
  return row ? toVerifyRun(row) : null
}

/** GET /api/backlinks/verify-runs/:id: one run of the business; another's is a 404. */
export async function getVerifyRun(db: Db, businessId: string, id: string) {
  if (!isUuid(id)) throw missing()
  const [row] = await db.select().from(backlinkVerifyRuns).where(runWhere(id, businessId))
  if (!row) throw missing()
  return toVerifyRun(row)
}

/**
 * POST /api/backlinks/verify-runs/:id/stop: no new check starts (those under way are still
 * stored); an ended run is answered as it is.
 */
export async function stopVerifyRun(
  { db, clock }: Pick<VerifyRunDeps, 'db' | 'clock'>,
  businessId: string,
  id: string,
) {
  if (!isUuid(id)) throw missing()
  const [stopped] = await db
    .update(backlinkVerifyRuns)
    .set({ status: 'stopped', finishedAt: clock.now() })
    .where(and(runWhere(id, businessId), inArray(backlinkVerifyRuns.status, ACTIVE)))
    .returning()
  return stopped ? toVerifyRun(stopped) : getVerifyRun(db, businessId, id)
}

export function defineVerifyJobs(deps: VerifyRunDeps) {
  deps.jobs.define<{ runId: string; businessId: string }>({
    name: VERIFY_QUEUE,
    retryLimit: RUN_RETRIES,
    retryDelaySeconds: 5,
    expireInSeconds: RUN_EXPIRY_SECONDS,
    handle: (data) => runQueuedVerify(deps, data),
  })
}

/** The queue's job: goes on with the run unless it already ended. */
async function runQueuedVerify(
  deps: VerifyRunDeps,
  { runId, businessId }: { runId: string; businessId: string },
) {
  const [run] = await deps.db.select().from(backlinkVerifyRuns).where(runWhere(runId, businessId))
  if (!run || !ACTIVE.includes(run.status)) return
  await deps.runs.verifies.track(run.id, (controller) => executeRun(deps, run, controller))
}

type DueLink = { id: string } & CheckedLink

/**
 * Checks one link and stores the result with the run's counts in one transaction; a link that left
 * the run meanwhile (deleted, or checked on its own) is taken off its total. Answers the run's
 * status, so a stop is seen at the next link.
 */
async function checkAndStore(
  deps: VerifyRunDeps,
  run: RunRow,
  link: DueLink,
  { target, sites }: { target: string; sites: CitationSites },
) {
  const counts = backlinkVerifyRuns
  try {
    const check = await checkBacklink({ fetcher: deps.fetcher, url: link.url, target })
    const status = backlinkStatusFor(check.verification.outcome)
    const metrics = await metricsForCheck({
      db: deps.db,
      env: deps.env,
      businessId: run.businessId,
      domain: link.domain,
      now: deps.clock.now(),
    })
    return await deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .update(backlinks)
        .set(changesFor(check, deps.clock.now(), link, { sites, metrics }))
        .where(and(eq(backlinks.id, link.id), dueForRun(run)))
        .returning({ id: backlinks.id })
      const [counted] = await tx
        .update(backlinkVerifyRuns)
        .set(
          stored
            ? { checked: sql`${counts.checked} + 1`, [status]: sql`${counts[status]} + 1` }
            : { total: sql`greatest(${counts.total} - 1, 0)` },
        )
        .where(runWhere(run.id, run.businessId))
        .returning({ status: backlinkVerifyRuns.status })
      return counted?.status
    })
  } catch (error) {
    deps.logger.error({ err: error, runId: run.id }, 'a backlink check could not be stored')
    const [counted] = await deps.db
      .update(backlinkVerifyRuns)
      .set({ failed: sql`${counts.failed} + 1` })
      .where(runWhere(run.id, run.businessId))
      .returning({ status: backlinkVerifyRuns.status })
    return counted?.status
  }
}

/** Ends the run (unless stopped meanwhile) and notes what it found in the activity log. */
async function finishRun(deps: VerifyRunDeps, run: RunRow) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now()
    const [done] = await tx
      .update(backlinkVerifyRuns)
      .set({ status: 'done', finishedAt: now })
      .where(and(runWhere(run.id, run.businessId), eq(backlinkVerifyRuns.status, 'running')))
      .returning()
    const [ended] = done
      ? [done]
      : await tx.select().from(backlinkVerifyRuns).where(runWhere(run.id, run.businessId))
    if (!ended || ended.checked === 0) return
    await recordActivity(tx, {
      businessId: run.businessId,
      kind: 'backlink_verified',
      message: `Checked ${ended.checked} backlinks: ${ended.active} active, ${ended.broken} broken, ${ended.unverifiable} could not be checked, ${ended.unreachable} did not answer`,
      now,
    })
  })
}

async function failRun(deps: VerifyRunDeps, run: RunRow, error: string) {
  await deps.db
    .update(backlinkVerifyRuns)
    .set({ status: 'failed', error, finishedAt: deps.clock.now() })
    .where(and(runWhere(run.id, run.businessId), inArray(backlinkVerifyRuns.status, ACTIVE)))
}

async function executeRun(deps: VerifyRunDeps, run: RunRow, controller: AbortController) {
  const { db } = deps
  try {
    const [business] = await db
      .select({ website: businesses.website })
      .from(businesses)
      .where(eq(businesses.id, run.businessId))
    const target = websiteSiteKey(business?.website ?? '')
    if (!target) return await failRun(deps, run, NO_WEBSITE_TO_VERIFY)
    const sites = await citationSitesFor(db, run.businessId)
    const links = await db
      .select({ id: backlinks.id, ...checkedLinkColumns })
      .from(backlinks)
      .where(dueForRun(run))
      .orderBy(...dueFirst())
      .limit(MAX_RUN_LINKS)
    // A retried run counts what it stored before and the links it still has to check.
    const [started] = await db
      .update(backlinkVerifyRuns)
      .set({
        status: 'running',
        total: sql`${backlinkVerifyRuns.checked} + ${backlinkVerifyRuns.failed} + ${links.length}`,
      })
      .where(and(runWhere(run.id, run.businessId), inArray(backlinkVerifyRuns.status, ACTIVE)))
      .returning()
    if (!started) return
    const deadline = Date.now() + RUN_WATCHDOG_MS
    let stopped = false
    await pool(
      links,
      CHECK_CONCURRENCY,
      () => !stopped && !controller.signal.aborted && Date.now() < deadline,
      async (link) => {
        if ((await checkAndStore(deps, run, link, { target, sites })) !== 'running') stopped = true
      },
    )
    if (controller.signal.reason === SHUTDOWN) throw new RunInterrupted()
    await finishRun(deps, run)
  } catch (error) {
    if (error instanceof RunInterrupted) throw error
    deps.logger.error({ err: error, runId: run.id }, 'backlink verify run failed')
    await failRun(deps, run, 'The check stopped on an unexpected error.')
  }
}
