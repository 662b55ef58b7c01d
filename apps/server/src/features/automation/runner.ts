// The heartbeat (issue 16): a planner tick every minute claims the schedules whose time has come and
// enqueues one job per business and kind; the queue's workers run them on whichever instance is
// free. A tick at start-up runs what fell due while the app was down: once, never once per missed day.
import { automationQueue, type AutomationKind } from '@localseo/shared/automation'
import { publishDuePosts } from '../business-profile/public.js'
import { sendDueMonthlyReports } from '../reports/public.js'
import {
  claimDueSchedules,
  ensureSchedules,
  finishRun,
  runFinished,
  scheduleFrequency,
} from './schedules.js'
import { defineDropRecheckJobs } from './drop-rechecks.js'
import { workFor, type WorkDeps } from './work.js'

const TICK_INTERVAL_MS = 60_000
/** At most this many schedules are claimed per tick; the rest wait a minute. */
const CLAIM_BATCH = 500

interface JobData {
  businessId: string
  /**
   * When the planner claimed the run (ISO): its key, the same for every try of its job. Absent on a
   * job sent outside the planner (the first Google import, when a property is picked).
   */
  claimedAt?: string
}

export interface AutomationRunner {
  /** Claims the due schedules and enqueues their jobs; answers how many were enqueued. */
  tick(): Promise<number>
  /**
   * Opens the queue and starts its workers (unless `workers` is false: jobs are sent, none runs),
   * and ticks once; then every minute unless `timer` is false (tests tick).
   */
  start(options?: { timer?: boolean; workers?: boolean }): Promise<void>
  stop(): Promise<void>
}

export function createAutomationRunner(deps: WorkDeps): AutomationRunner {
  const queue = deps.jobs
  const work = workFor(deps)
  defineDropRecheckJobs(deps)
  for (const kind of Object.keys(work) as AutomationKind[]) {
    queue.define<JobData>({
      name: automationQueue(kind),
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      // Mostly waiting on the provider: a few at once per instance.
      concurrency: 4,
      async handle({ businessId, claimedAt }, { signal }) {
        const run = claimedAt ? new Date(claimedAt) : undefined
        // A try after one that stored this run's outcome and died before the queue heard that it
        // ended (kill -9): the work is done, and its outcome ('10 checked') stays; a second pass
        // would find nothing left to do and say '0 checked' (issue 31 item 6).
        if (run && (await runFinished(deps.db, { businessId, kind, run }))) return
        // Turned off (or the business deleted) since the job was sent: nothing to do.
        const frequency = await scheduleFrequency(deps.db, businessId, kind)
        if (!frequency || frequency === 'off') return
        const result = await work[kind](businessId, frequency, signal)
        if (!result) return
        await finishRun(deps.db, { businessId, kind, now: deps.clock.now(), run, ...result })
      },
    })
  }

  // Each business gets its schedules when it is created; the first tick gives every business its
  // rows once (ensureSchedules), the ticks after read only what is due.
  let ensured = false
  async function tick() {
    const now = deps.clock.now()
    if (!ensured) {
      await ensureSchedules(deps.db, now)
      ensured = true
    }
    const due = await claimDueSchedules(deps.db, now, CLAIM_BATCH)
    const claimedAt = now.toISOString()
    // One statement for the tick's jobs, not one each (issue 36 item 5: 40 sends were most of a
    // 34 ms tick at 10,000 businesses).
    await queue.sendMany(
      due.map(({ businessId, kind }) => ({
        name: automationQueue(kind),
        data: { businessId, claimedAt } satisfies JobData,
        key: businessId,
      })),
    )
    // Business Profile posts due now: claimed once across instances, published here (ADR 036).
    await publishDuePosts(deps)
    // Last month's report to each business's recipients on the 1st, its time zone's (ADR 047).
    await sendDueMonthlyReports(deps)
    return due.length
  }

  let timer: NodeJS.Timeout | undefined
  // The tick under way, if any: a stop waits for it, so the posts and reports it is sending are not
  // cut off by the closing database (ADR 045).
  let ticking: Promise<unknown> = Promise.resolve()
  const safeTick = () =>
    (ticking = tick().catch((error: unknown) =>
      deps.logger.error({ err: error }, 'planner tick failed'),
    ))

  return {
    tick,
    async start({ timer: ticking = true, workers = true } = {}) {
      await queue.start({ workers })
      if (!ticking) return
      await safeTick()
      timer = setInterval(() => void safeTick(), TICK_INTERVAL_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await Promise.all([queue.stop(), ticking])
    },
  }
}
