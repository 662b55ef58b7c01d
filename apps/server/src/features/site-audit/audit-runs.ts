// Running an audit in the background (issue 11 item 3): the request that starts a run returns at
// once; the crawl reports its progress into the run row, and its pages and issues are stored in one
// transaction at the end. The run row is the shared state: a cancel that reaches another instance
// marks the row cancelled, and the instance running it stops at its next progress write. A run and
// its job are written in one transaction (issue 31 item 3, ADR 028): a 'running' run always has a
// job waiting or running for it, and one whose job has gone (its tries ran out) is closed as failed.
import { and, eq, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { Db, Tx } from '../../db/client.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from '../../db/schema/site-audit.js'
import type { Clock } from '../../lib/clock.js'
import { isUniqueViolation } from '../../lib/db-errors.js'
import { AppError } from '../../lib/errors.js'
import { transactionSql, type JobQueue } from '../../jobs/queue.js'
import type { Logger } from '../../lib/logger.js'
import { SHUTDOWN, type Runs } from '../../lib/run-registry.js'
import { getBusinessById } from '../../lib/tenant.js'
import { isAddableUrl, urlPolicy, type Resolver } from '../../net/safe-fetch.js'
import { createAuditFetcher } from './audit-fetcher.js'
import { auditProfileFrom } from './checks/local.js'
import { runChecks } from './checks/run-checks.js'
import {
  CRAWL_DEFAULTS,
  type CrawledPage,
  type CrawlResult,
  type StartUrl,
} from './crawl-result.js'
import { crawlSite } from './crawler.js'
import { alertNewCriticalIssues } from './critical-alerts.js'
import { unreachableSite, type Unreachable } from './unreachable.js'

const PROGRESS_EVERY_MS = 1_000
const MAX_PAGES_PER_ISSUE = 200

export const AUDIT_QUEUE = 'site-audit.run'

class AuditInterrupted extends Error {
  constructor() {
    super('The audit was interrupted by a restart; the queue runs it again.')
  }
}

/** An address as the crawler gets it: https:// added when it has no scheme (a port is no scheme). */
function absoluteUrl(address: string): string | null {
  const trimmed = address.trim()
  if (!trimmed) return null
  const url = /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    return new URL(url).href
  } catch {
    return null
  }
}

/**
 * Where a crawl starts: the website (https:// added when missing, docs/product.md §2) and each location's own
 * page, tagged with the location id so the local checks read that page against that location.
 * Without a website there is nothing to audit, even when locations have pages.
 */
export function auditStartUrls(business: Business): StartUrl[] {
  const website = absoluteUrl(business.website)
  if (!website) return []
  return [
    { url: website, locationId: null },
    ...business.locations.flatMap((location) => {
      const url = absoluteUrl(location.pageUrl)
      return url ? [{ url, locationId: location.id }] : []
    }),
  ]
}

const MAX_START_URL_LENGTH = 2_000

/**
 * Security §1f: a start URL the fetcher must never reach is refused before anything is stored: the
 * URL rules (scheme, port, local names such as *.internal, private IP literals) and a name that
 * resolves to a private address (net/safe-fetch.ts `isAddableUrl`). A name that does not resolve
 * now passes; the fetcher checks every address again when it connects.
 */
async function refuseUnfetchable(
  startUrls: StartUrl[],
  allowHosts: readonly string[],
  resolve: Resolver | undefined,
) {
  const policy = urlPolicy({ allowHosts })
  const addable = await Promise.all(
    startUrls.map(
      async (start) =>
        start.url.length <= MAX_START_URL_LENGTH &&
        (await isAddableUrl(start.url, { policy, resolve })),
    ),
  )
  const refused = startUrls.find((_, index) => !addable[index])
  if (!refused) return
  const what = refused.locationId === null ? 'Your website' : 'A location page URL'
  throw new AppError(
    'url_not_allowed',
    `${what} (${refused.url.slice(0, 200)}) cannot be audited: it is a private or local address, or uses a port other than 80 or 443.`,
  )
}

function pageOutcome(page: CrawledPage): string {
  if (page.failure) return 'unreachable'
  if (page.blocked) return 'blocked'
  if (page.status !== undefined && page.status >= 400) return 'error'
  if (page.facts?.needsJavaScript) return 'needs-javascript'
  if (page.redirects.length > 0) return 'redirected'
  return page.facts ? 'ok' : 'not-html'
}

export interface AuditRunDeps {
  db: Db
  clock: Clock
  logger: Logger
  allowHosts: readonly string[]
  /** DNS for the start URLs' check and the crawl (tests); the system resolver when not given. */
  resolve?: Resolver
  /** The job queue: the request sends the run, a worker runs it (audit-jobs.ts). */
  jobs: JobQueue
  /** runs.audits: the audits running here; a cancel reaches them, a shutdown hands them back. */
  runs: Pick<Runs, 'audits'>
  /** How long a run may crawl, counted from its start (AUDIT_RUN_LIMIT_SECONDS); the crawl's default when not given. */
  runLimitMs?: number
}

/**
 * Closes the business's runs left 'running' without a job to run them: their job ran out of tries
 * (its instance died every time), or, before issue 31, was never sent. A run waiting its turn in the
 * queue has its job and is left alone, however long it waits.
 */
async function closeOrphanedRuns(deps: AuditRunDeps, businessId: string, now: Date) {
  const running = await deps.db
    .select({ id: siteAuditRuns.id })
    .from(siteAuditRuns)
    .where(and(eq(siteAuditRuns.businessId, businessId), eq(siteAuditRuns.status, 'running')))
  for (const run of running) {
    if (await deps.jobs.hasLiveJob(AUDIT_QUEUE, { runId: run.id })) continue
    await deps.db
      .update(siteAuditRuns)
      .set({ status: 'failed', error: 'The audit was interrupted.', finishedAt: now })
      .where(
        and(
          eq(siteAuditRuns.id, run.id),
          eq(siteAuditRuns.businessId, businessId),
          eq(siteAuditRuns.status, 'running'),
        ),
      )
  }
}

export async function startAuditRun(deps: AuditRunDeps & { business: Business }) {
  const { db, clock, business } = deps
  const startUrls = auditStartUrls(business)
  if (startUrls.length === 0) {
    throw new AppError('validation_failed', 'Add your website in Settings to run a site audit.')
  }
  await refuseUnfetchable(startUrls, deps.allowHosts, deps.resolve)
  const now = clock.now()
  await closeOrphanedRuns(deps, business.id, now)
  let run
  try {
    // The run and its job commit together: no run without a job, no job for a run never stored.
    run = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(siteAuditRuns)
        .values({
          businessId: business.id,
          status: 'running',
          startUrls: startUrls.map((s) => s.url),
          budget: CRAWL_DEFAULTS.budget,
          startedAt: now,
        })
        .returning()
      if (!inserted) throw new Error('site audit run was not inserted')
      // Keyed by the run: a job left waiting by an earlier run never refuses this one.
      const jobId = await deps.jobs.send(
        AUDIT_QUEUE,
        { runId: inserted.id, businessId: business.id },
        inserted.id,
        { db: transactionSql(tx) },
      )
      if (!jobId) throw new Error('the queue refused the site audit job')
      return inserted
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'An audit is already running.')
    throw error
  }
  deps.jobs.wake(AUDIT_QUEUE)
  return run
}

/**
 * The queue's job: runs the audit unless it already ended (finished, cancelled, or failed on an
 * earlier try). Stopped by a shutdown, it throws AuditInterrupted so the queue tries it again.
 */
export async function runQueuedAudit(
  deps: AuditRunDeps,
  { runId, businessId }: { runId: string; businessId: string },
) {
  const [run] = await deps.db
    .select({ status: siteAuditRuns.status })
    .from(siteAuditRuns)
    .where(and(eq(siteAuditRuns.id, runId), eq(siteAuditRuns.businessId, businessId)))
  const business = await getBusinessById(deps.db, businessId)
  if (run?.status !== 'running' || !business) return
  const startUrls = auditStartUrls(business)
  // Stopped by a shutdown, it throws AuditInterrupted so the queue tries it again.
  await deps.runs.audits.track(runId, (controller) =>
    executeRun({ ...deps, business, runId, startUrls, controller }),
  )
}

type RunDeps = AuditRunDeps & {
  business: Business
  runId: string
  startUrls: StartUrl[]
  controller: AbortController
}

/**
 * Writes the pages crawled so far, at most every PROGRESS_EVERY_MS, one write after another; a run
 * cancelled through another instance (or whose row is gone) is stopped here too.
 */
function progressWriter(deps: RunDeps, scope: SQL | undefined) {
  let writes: Promise<unknown> = Promise.resolve()
  let lastWrite = 0
  return {
    onProgress: ({ pagesCrawled }: { pagesCrawled: number }) => {
      const at = Date.now()
      if (at - lastWrite < PROGRESS_EVERY_MS) return
      lastWrite = at
      writes = writes
        .then(async () => {
          const still = await deps.db
            .update(siteAuditRuns)
            .set({ pagesCrawled })
            .where(and(scope, eq(siteAuditRuns.status, 'running')))
            .returning({ id: siteAuditRuns.id })
          if (still.length === 0) deps.controller.abort()
        })
        .catch(() => {})
    },
    /** Every progress write has finished (before the final transaction). */
    settled: () => writes,
  }
}

/**
 * The crawl's pages and the failed checks, and the run marked done or cancelled, in one go; a site
 * that could not be reached marks the run failed with the cause instead. A run cancelled through
 * another instance after the crawl's last progress write stays cancelled, with what it crawled:
 * its end is never written over.
 */
async function storeResult(
  tx: Tx,
  deps: RunDeps,
  scope: SQL | undefined,
  crawl: CrawlResult,
  issues: ReturnType<typeof runChecks>,
  unreachable: Unreachable | null,
) {
  const { runId, business, clock } = deps
  const [ended] = await tx
    .update(siteAuditRuns)
    .set({
      ...(unreachable
        ? { status: 'failed', endReason: 'unreachable', error: unreachable.message }
        : {
            status: crawl.endReason === 'cancelled' ? 'cancelled' : 'done',
            endReason: crawl.endReason,
          }),
      pagesCrawled: crawl.pages.length,
      finishedAt: clock.now(),
    })
    .where(and(scope, eq(siteAuditRuns.status, 'running')))
    .returning({ id: siteAuditRuns.id })
  if (!ended) {
    const [cancelled] = await tx
      .update(siteAuditRuns)
      .set({ pagesCrawled: crawl.pages.length })
      .where(and(scope, eq(siteAuditRuns.status, 'cancelled')))
      .returning({ id: siteAuditRuns.id })
    // Gone (the business deleted) or closed as failed meanwhile: nothing to keep.
    if (!cancelled) return
  }
  if (crawl.pages.length > 0) {
    await tx.insert(siteAuditPages).values(
      crawl.pages.map((page, position) => ({
        runId,
        businessId: business.id,
        position,
        url: page.url,
        finalUrl: page.finalUrl,
        depth: page.depth,
        status: page.status ?? null,
        outcome: pageOutcome(page),
        title: page.facts?.titles[0]?.slice(0, 300) ?? null,
      })),
    )
  }
  if (issues.length > 0) {
    await tx.insert(siteAuditIssues).values(
      issues.map((issue) => ({
        runId,
        businessId: business.id,
        checkId: issue.id,
        severity: issue.severity,
        category: issue.category,
        pageCount: issue.pages.length,
        pages: issue.pages.slice(0, MAX_PAGES_PER_ISSUE),
      })),
    )
  }
  if (ended && !unreachable && crawl.endReason !== 'cancelled') {
    await alertNewCriticalIssues(tx, { businessId: business.id, runId, now: clock.now() }, issues)
  }
}

async function executeRun(deps: RunDeps) {
  const { db, clock, runId, business } = deps
  const scope = and(eq(siteAuditRuns.id, runId), eq(siteAuditRuns.businessId, business.id))
  const fetcher = createAuditFetcher({ allowHosts: deps.allowHosts, resolve: deps.resolve })
  const progress = progressWriter(deps, scope)
  try {
    // The time limit counts from this run's start, never from when it was queued.
    const crawl = await crawlSite({
      fetcher,
      startUrls: deps.startUrls,
      watchdogMs: deps.runLimitMs,
      signal: deps.controller.signal,
      onProgress: progress.onProgress,
    })
    await progress.settled()
    // A queued run stopped by a restart is run again by the queue; nothing is stored now.
    if (deps.controller.signal.reason === SHUTDOWN) throw new AuditInterrupted()
    const unreachable = unreachableSite(crawl)
    // A site that could not be reached has no findings: the run fails with the cause.
    const issues = unreachable ? [] : runChecks(crawl, auditProfileFrom(business), clock.now())
    await db.transaction((tx) => storeResult(tx, deps, scope, crawl, issues, unreachable))
  } catch (error) {
    await progress.settled()
    if (error instanceof AuditInterrupted) throw error
    deps.logger.error({ err: error, runId }, 'site audit failed')
    await db
      .update(siteAuditRuns)
      .set({
        status: 'failed',
        error: 'The audit stopped on an unexpected error.',
        finishedAt: clock.now(),
      })
      .where(scope)
  } finally {
    await fetcher.close()
  }
}
