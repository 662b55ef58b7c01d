// The durable job queue (issue 16, docs/decisions/018-job-queue.md): pg-boss on the app's own
// database, PGlite or PostgreSQL, through the database's executeSql. Jobs are claimed with
// SKIP LOCKED, retried with backoff, kept with their outcome (pg-boss archives them), and shared by
// every instance on one PostgreSQL.
import PgBoss from 'pg-boss'
import type { SqlExecutor } from '../db/client.js'
import type { Logger } from '../lib/logger.js'

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
  handle(data: T): Promise<void>
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
  stop(): Promise<void>
  /**
   * Enqueues unless a job with the same key is already waiting (the queues are 'stately': one
   * waiting and one running per key). Answers the job id, or null when one was waiting.
   */
  send(name: string, data: object, key: string): Promise<string | null>
  state(): Promise<QueueState>
  /** Resolves once no job of ours is waiting to run or running (tests and benches), or throws after the time limit. */
  whenIdle(timeoutMs?: number): Promise<void>
}

interface Options {
  database: SqlExecutor
  logger: Logger
  /** How often an idle worker looks for work; pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number
  /** How often expired jobs (their instance died) are failed over to a retry; pg-boss's default is 2 minutes. */
  maintenanceIntervalSeconds?: number
}

export function createJobQueue({
  database,
  logger,
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 120,
}: Options): JobQueue {
  const definitions = new Map<string, QueueDefinition<object>>()
  const workers: string[] = []
  let boss: PgBoss | undefined

  const open = (supervise: boolean) => {
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

  /** Creates the queues not created yet (a queue's options are kept from its first creation). */
  async function createQueues(boss: PgBoss) {
    const { rows } = await database.executeSql(`select name from ${QUEUE_SCHEMA}.queue`)
    const existing = new Set(rows.map((row) => String(row.name)))
    for (const definition of definitions.values()) {
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
          try {
            await definition.handle(job.data)
          } catch (error) {
            // Failed jobs are logged with their cause (issue 16 item 6); pg-boss retries them.
            logger.error({ err: error, queue: definition.name, jobId: job.id }, 'job failed')
            throw error
          }
        },
      )
      workers.push(id)
    }
  }

  return {
    define(definition) {
      definitions.set(definition.name, definition)
    },
    async start({ workers: working = true } = {}) {
      boss = open(working)
      await boss.start()
      await createQueues(boss)
      if (!working) return
      for (const definition of definitions.values()) await startWorker(boss, definition)
    },
    async stop() {
      // Running jobs get a few seconds to finish; one cut off is retried by the next start (expiry).
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 })
    },
    async send(name, data, key) {
      if (!boss) throw new Error('the job queue was not started')
      const id = await boss.send(name, data, { singletonKey: key })
      if (id) for (const worker of workers) boss.notifyWorker(worker)
      return id
    },
    state: () => queueState(database, [...definitions.keys()]),
    whenIdle: (timeoutMs) => whenIdle(database, [...definitions.keys()], timeoutMs),
  }
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
