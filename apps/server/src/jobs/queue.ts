// The durable job queue (issue 16, docs/decisions/018-job-queue.md): pg-boss on the app's own
// database, PGlite or PostgreSQL, through the database's executeSql. Jobs are claimed with
// SKIP LOCKED, retried with backoff, kept with their outcome (pg-boss archives them), and shared by
// every instance on one PostgreSQL.
import { sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { SqlExecutor, Tx } from '../db/client.js'
import type { Logger } from '../lib/logger.js'
import type { AppMetrics, QueueDepth } from '../lib/metrics.js'
import { SHUTDOWN } from '../lib/run-registry.js'

const QUEUE_SCHEMA = 'pgboss'

interface QueueDefinition<T extends object> {
  name: string
  /** Tries after the first; each waits longer (pg-boss's exponential backoff from retryDelaySeconds). */
  retryLimit: number
  retryDelaySeconds: number
  /** A job still active after this long counts as lost (its instance died) and is tried again. */
  expireInSeconds: number
  /** Jobs of this queue one instance runs at once (one worker each); 1 when not given. */
  concurrency?: number
  /**
   * Runs one job. `signal` is aborted when the instance begins to stop: a long job stops at its
   * next safe point and throws, and the queue hands it back (docs/decisions/045-graceful-shutdown.md).
   */
  handle(data: T, context: JobContext): Promise<void>
}

/** What a job's handler gets besides its data. */
interface JobContext {
  /** Aborted (reason SHUTDOWN, lib/run-registry.ts) when this instance begins to stop. */
  signal: AbortSignal
}

/** What /healthz shows of the queue: counts only, never a job's data (it names businesses). */
interface QueueState {
  queued: number
  active: number
  failedLastHour: number
}

export interface JobQueue {
  /** Registers a queue and its handler; call before start(). */
  define<T extends object>(definition: QueueDefinition<T>): void
  /**
   * Opens the queue so that send() stores jobs, and starts a worker per queue (and the maintenance
   * that fails over lost jobs) unless `workers` is false: a test that runs no jobs still sends them.
   */
  start(options?: { workers?: boolean }): Promise<void>
  /**
   * Stops taking jobs and aborts the running ones' signal; each gets `drainMs` to end, and one that
   * ends by throwing, or is still running then, goes back to the queue due at once, the try not
   * counted (ADR 045). Answers the same promise however often it is called.
   */
  stop(): Promise<void>
  /**
   * Enqueues unless a job with the same key is already waiting (the queues are 'stately': one
   * waiting and one running per key). Answers the job id, or null when one was waiting. With `db`
   * (a transaction's, `transactionSql`), the job is stored only if that transaction commits: call
   * `wake` once it has, so an idle worker takes it at once rather than at its next look. With
   * `startAfterSeconds`, the job waits that long (by the database's clock) before a worker takes it.
   */
  send(
    name: string,
    data: object,
    key: string,
    options?: { db?: SqlExecutor; startAfterSeconds?: number },
  ): Promise<string | null>
  /**
   * Enqueues many jobs in one statement (the planner's tick, issue 36 item 5), each as `send` would
   * without options: one whose key already has a waiting job is left out.
   */
  sendMany(jobs: readonly { name: string; data: object; key: string }[]): Promise<void>
  /** Tells this instance's idle workers of the queue to look for work now. */
  wake(name: string): void
  /** Whether a job of the queue whose data includes `data` (jsonb @>) is waiting or running. */
  hasLiveJob(name: string, data: object): Promise<boolean>
  /**
   * Cancels the jobs of the queue whose data includes `data` and that have not started (waiting, or
   * waiting for a retry); a running one is left to end itself. With `db`, inside that transaction.
   */
  cancelWaiting(name: string, data: object, options?: { db?: SqlExecutor }): Promise<number>
  state(): Promise<QueueState>
  /** Jobs waiting and running per queue, for GET /metrics (counts only, like state()). */
  depth(): Promise<QueueDepth[]>
  /** Resolves once no job of ours is waiting to run or running (tests and benches), or throws after the time limit. */
  whenIdle(timeoutMs?: number): Promise<void>
}

interface Options {
  database: SqlExecutor
  logger: Logger
  /** Where each job's outcome is counted (GET /metrics); not counted when absent. */
  metrics?: Pick<AppMetrics, 'jobOutcome'>
  /** How often an idle worker looks for work; pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number
  /** How often expired jobs (their instance died) are failed over to a retry; pg-boss's default is 2 minutes. */
  maintenanceIntervalSeconds?: number
  /** How long a stop waits for the running jobs before handing them back (ADR 045). */
  drainMs?: number
  /**
   * This process is the only one on the database (PGlite under DATA_DIR's lock): a job still
   * running at start was left by a process that died, and goes back to the queue at once instead
   * of after its expiry (ADR 045).
   */
  soleInstance?: boolean
}

/** Running jobs get this long to end at a stop (ADR 045: inside the server's 10 s bound). */
export const JOB_DRAIN_MS = 7_000

/** The reason a job still running at the end of the drain is handed back. */
class DrainEnded extends Error {
  constructor(drainMs: number) {
    super(`still running ${drainMs} ms after the stop began`)
    this.name = 'DrainEnded'
  }
}

export function createJobQueue({
  database,
  logger,
  metrics,
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 120,
  drainMs = JOB_DRAIN_MS,
  soleInstance = false,
}: Options): JobQueue {
  const definitions = new Map<string, QueueDefinition<object>>()
  const workers = new Map<string, string[]>()
  let boss: PgBoss | undefined
  const drain = createDrain(drainMs)
  let stopped: Promise<void> | undefined

  async function startWorker(boss: PgBoss, definition: QueueDefinition<object>) {
    for (let n = 0; n < (definition.concurrency ?? 1); n++) {
      let id = ''
      id = await boss.work<object>(
        definition.name,
        { pollingIntervalSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return
          // A worker that found work looks again at once; only an empty queue waits the interval.
          boss.notifyWorker(id)
          await runJob({ database, logger, metrics, drain }, definition, job)
        },
      )
      workers.set(definition.name, [...(workers.get(definition.name) ?? []), id])
    }
  }

  const wake = (name: string) => {
    for (const worker of workers.get(name) ?? []) boss?.notifyWorker(worker)
  }

  return {
    define(definition) {
      definitions.set(definition.name, definition)
    },
    async start({ workers: working = true } = {}) {
      boss = openBoss({ database, logger, maintenanceIntervalSeconds }, working)
      await boss.start()
      await createQueues(boss, database, definitions.values())
      if (!working) return
      if (soleInstance) await reclaimAbandoned(database, logger, [...definitions.keys()])
      for (const definition of definitions.values()) await startWorker(boss, definition)
    },
    stop() {
      stopped ??= (async () => {
        const drained = drain.begin()
        // Every handler has ended (or was cut off) by the end of the drain: pg-boss's own wait only
        // sees them out; its failing of the work in progress then finds none.
        await boss?.stop({ graceful: true, wait: true, timeout: drainMs + 1_000 })
        drained()
      })()
      return stopped
    },
    async send(name, data, key, { db, startAfterSeconds } = {}) {
      if (!boss) throw new Error('the job queue was not started')
      // The queue's own time limit as defined now, not as it was when the queue was first created
      // (pg-boss keeps a queue's options from its creation): a longer audit limit takes effect.
      const expireInSeconds = definitions.get(name)?.expireInSeconds
      const id = await boss.send(name, data, {
        singletonKey: key,
        ...(expireInSeconds ? { expireInSeconds } : {}),
        ...(db ? { db } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      })
      // A job inside a transaction is not visible yet: the caller wakes the workers after commit.
      if (id && !db) wake(name)
      return id
    },
    async sendMany(jobs) {
      if (!boss) throw new Error('the job queue was not started')
      await insertJobs(boss, definitions, jobs)
      for (const name of new Set(jobs.map((job) => job.name))) wake(name)
    },
    wake,
    hasLiveJob: (name, data) => hasLiveJob(database, name, data),
    cancelWaiting: (name, data, { db = database } = {}) => cancelWaiting(db, name, data),
    state: () => queueState(database, [...definitions.keys()]),
    depth: () => queueDepth(database, [...definitions.keys()]),
    whenIdle: (timeoutMs) => whenIdle(database, [...definitions.keys()], timeoutMs),
  }
}

/**
 * pg-boss's insert: one INSERT ... ON CONFLICT DO NOTHING, so the stately queues' one waiting job
 * per key holds as it does for send.
 */
async function insertJobs(
  boss: PgBoss,
  definitions: Map<string, QueueDefinition<object>>,
  jobs: Parameters<JobQueue['sendMany']>[0],
) {
  if (jobs.length === 0) return
  await boss.insert(
    jobs.map(({ name, data, key }) => ({
      name,
      data,
      singletonKey: key,
      expireInSeconds: definitions.get(name)?.expireInSeconds,
    })),
  )
}

/** pg-boss on our database handle; `supervise` runs its maintenance (failing over lost jobs). */
function openBoss(
  {
    database,
    logger,
    maintenanceIntervalSeconds,
  }: Pick<Options, 'database' | 'logger' | 'maintenanceIntervalSeconds'>,
  supervise: boolean,
) {
  const opened = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    // Our planner schedules the work (features/automation); pg-boss's own cron is not used.
    schedule: false,
    supervise,
    maintenanceIntervalSeconds,
    migrate: true,
  })
  opened.on('error', (error) => logger.error({ err: error }, 'job queue error'))
  return opened
}

/**
 * The stop's drain: `signal` is aborted when it begins, and `cutOff` rejects `drainMs` later, ending
 * the wait for a job still running (it is handed back; what it still does is never waited for).
 */
function createDrain(drainMs: number) {
  const stopping = new AbortController()
  let end = () => {}
  const cutOff = new Promise<never>((_, reject) => {
    end = () => reject(new DrainEnded(drainMs))
  })
  cutOff.catch(() => undefined)
  return {
    signal: stopping.signal,
    cutOff,
    /** Aborts the signal and starts the clock; answers what clears it once the stop is over. */
    begin() {
      stopping.abort(SHUTDOWN)
      const timer = setTimeout(end, drainMs)
      return () => clearTimeout(timer)
    },
  }
}

/**
 * Runs one job within the drain: completed when its handler ends, handed back when the stop cuts
 * it short (ADR 045), failed otherwise (pg-boss retries it).
 */
async function runJob(
  {
    database,
    logger,
    metrics,
    drain,
  }: Pick<Options, 'database' | 'logger' | 'metrics'> & { drain: ReturnType<typeof createDrain> },
  definition: QueueDefinition<object>,
  job: { id: string; data: object },
) {
  const where = { queue: definition.name, jobId: job.id }
  try {
    const context = { signal: drain.signal }
    await Promise.race([handleCounted(definition, job.data, context, metrics), drain.cutOff])
    if (drain.signal.aborted) logger.info(where, 'job finished during the stop')
  } catch (error) {
    // Cut short by the stop: back to the queue, unless another of its key waits there.
    if (drain.signal.aborted && (await handBack(database, job.id, definition.name))) {
      logger.info({ ...where, reason: String(error) }, 'job handed back to the queue')
      return
    }
    // Failed jobs are logged with their cause (issue 16 item 6); pg-boss retries them.
    logger.error({ err: error, ...where }, 'job failed')
    throw error
  }
}

/** Runs a job's handler and counts how it ended, by queue (GET /metrics). */
async function handleCounted(
  definition: QueueDefinition<object>,
  data: object,
  context: JobContext,
  metrics: Options['metrics'],
) {
  try {
    await definition.handle(data, context)
  } catch (error) {
    metrics?.jobOutcome(definition.name, 'failed')
    throw error
  }
  metrics?.jobOutcome(definition.name, 'completed')
}

/**
 * pg-boss's statements (text with $n values) on a transaction's handle, for `send`'s `db`: the job is
 * written by the transaction, so it exists exactly when the transaction's other rows do. Inside a
 * transaction only its handle may be used (docs/house-rules.md "Embedded database safety").
 */
export function transactionSql(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // Each $n becomes a bound value; pg-boss's statements hold no $ anywhere else.
      const chunks = text.split(/\$(\d+)/).map((part, i) =>
        i % 2 === 0
          ? // eslint-disable-next-line no-restricted-syntax -- pg-boss's own statement text, never input
            sql.raw(part)
          : sql.param(values[Number(part) - 1]),
      )
      const result = (await tx.execute(sql.join(chunks))) as { rows: Record<string, unknown>[] }
      return { rows: result.rows }
    },
  }
}

/** Creates the queues not created yet (a queue's options are kept from its first creation). */
async function createQueues(
  boss: PgBoss,
  database: SqlExecutor,
  definitions: Iterable<QueueDefinition<object>>,
) {
  const { rows } = await database.executeSql(`select name from ${QUEUE_SCHEMA}.queue`)
  const existing = new Set(rows.map((row) => String(row.name)))
  for (const definition of definitions) {
    if (existing.has(definition.name)) continue
    await boss.createQueue(definition.name, {
      name: definition.name,
      policy: 'stately',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    })
  }
}

/**
 * A job cut short by a stop, back in the queue due at once (ADR 045): its try is not counted (pg-boss
 * counts a try when it takes a job that has started before), so restarts never use up its retries.
 * False when it could not go back: another job of its key already waits for a retry (a stately
 * queue holds one), and pg-boss fails this one in the usual way.
 */
async function handBack(database: SqlExecutor, id: string, name: string) {
  try {
    const { rows } = await database.executeSql(
      `update ${QUEUE_SCHEMA}.job set state = 'retry', start_after = now(), started_on = null
       where name = $1 and id = $2 and state = 'active'
       returning id`,
      [name, id],
    )
    return rows.length > 0
  } catch {
    return false
  }
}

/**
 * The jobs a process that died left running, back in the queue due at once. Their try counts, and
 * one on its last try stays (a job that kills its process must not run for ever), as does one whose
 * key already waits for a retry: its expiry fails them over as before.
 */
async function reclaimAbandoned(database: SqlExecutor, logger: Logger, names: string[]) {
  const { rows } = await database.executeSql(
    `update ${QUEUE_SCHEMA}.job j set state = 'retry', start_after = now()
     where j.name = any($1::text[]) and j.state = 'active' and j.retry_count < j.retry_limit
       and not exists (
         select 1 from ${QUEUE_SCHEMA}.job w
         where w.name = j.name and w.state = 'retry' and w.policy = j.policy
           and coalesce(w.singleton_key, '') = coalesce(j.singleton_key, ''))
     returning j.id, j.name`,
    [names],
  )
  for (const row of rows) {
    logger.info(
      { queue: String(row.name), jobId: String(row.id) },
      'a job left running by a stopped process is back in the queue',
    )
  }
}

async function hasLiveJob(database: SqlExecutor, name: string, data: object) {
  const { rows } = await database.executeSql(
    `select 1 from ${QUEUE_SCHEMA}.job
     where name = $1 and state in ('created', 'retry', 'active') and data @> $2::jsonb
     limit 1`,
    [name, JSON.stringify(data)],
  )
  return rows.length > 0
}

async function cancelWaiting(db: SqlExecutor, name: string, data: object) {
  const { rows } = await db.executeSql(
    `update ${QUEUE_SCHEMA}.job set state = 'cancelled', completed_on = now()
     where name = $1 and state in ('created', 'retry') and data @> $2::jsonb
     returning id`,
    [name, JSON.stringify(data)],
  )
  return rows.length
}

async function queueState(database: SqlExecutor, names: string[]): Promise<QueueState> {
  const { rows } = await database.executeSql(
    `select
       count(*) filter (where state in ('created', 'retry'))::int as queued,
       count(*) filter (where state = 'active')::int as active,
       count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour')::int as failed
     from ${QUEUE_SCHEMA}.job
     where name = any($1::text[])`,
    [names],
  )
  const row = rows[0] ?? {}
  return {
    queued: Number(row.queued ?? 0),
    active: Number(row.active ?? 0),
    failedLastHour: Number(row.failed ?? 0),
  }
}

async function queueDepth(database: SqlExecutor, names: string[]): Promise<QueueDepth[]> {
  const { rows } = await database.executeSql(
    `select name,
       count(*) filter (where state in ('created', 'retry'))::int as queued,
       count(*) filter (where state = 'active')::int as active
     from ${QUEUE_SCHEMA}.job
     where name = any($1::text[]) and state in ('created', 'retry', 'active')
     group by name`,
    [names],
  )
  const counted = new Map(rows.map((row) => [String(row.name), row]))
  // Every queue is listed, an empty one at 0, so a dashboard sees it drain rather than vanish.
  return names.map((queue) => ({
    queue,
    queued: Number(counted.get(queue)?.queued ?? 0),
    active: Number(counted.get(queue)?.active ?? 0),
  }))
}

async function whenIdle(database: SqlExecutor, names: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { rows } = await database.executeSql(
      `select count(*)::int as busy from ${QUEUE_SCHEMA}.job
       where name = any($1::text[])
         and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
      [names],
    )
    if (Number(rows[0]?.busy ?? 0) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the job queue was still busy after ${timeoutMs} ms`)
}
