// A job's outcome survives a database outage (docs/decisions/026-database-outages.md). pg-boss 10
// stores a finished job's outcome with `complete()` or `fail()` without awaiting it (its worker's
// onFetch in src/manager.js): if the database is down at that moment the promise rejects with nobody
// to catch it, which ends a Node process, and the job's outcome is lost, so the job runs again once
// it expires. Those two statements therefore wait for the database to come back (with backoff, up to
// a limit) instead of failing; past the limit the outcome is given up, logged, and the job runs again
// after its expiry, as after a crash.
import { createRequire } from 'node:module'
import type { SqlExecutor } from '../db/client.js'
import { isDatabaseUnavailable } from '../lib/db-errors.js'

/** The schema of pg-boss's tables (jobs/queue.ts). */
const QUEUE_SCHEMA = 'pgboss'

interface Plans {
  completeJobs(schema: string): string
  failJobsById(schema: string): string
}

// pg-boss builds its statements in src/plans.js; the same text identifies them here.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Plans
const COMPLETIONS = new Set([plans.completeJobs(QUEUE_SCHEMA), plans.failJobsById(QUEUE_SCHEMA)])

export interface DurableCompletionOptions {
  /** The first wait after a failed try; each further one doubles it, up to `maxWaitMs`. */
  firstWaitMs?: number
  maxWaitMs?: number
  /** How long a completion keeps trying before it is given up. */
  giveUpAfterMs?: number
  onGiveUp?: (error: unknown) => void
}

/** `executeSql` whose job completions wait out a database outage (see above). */
export function withDurableCompletion(
  executeSql: SqlExecutor['executeSql'],
  {
    firstWaitMs = 250,
    maxWaitMs = 4_000,
    giveUpAfterMs = 60_000,
    onGiveUp = () => {},
  }: DurableCompletionOptions = {},
): SqlExecutor['executeSql'] {
  return async (text, values) => {
    if (!COMPLETIONS.has(text)) return executeSql(text, values)
    const deadline = Date.now() + giveUpAfterMs
    for (let wait = firstWaitMs; ; wait = Math.min(wait * 2, maxWaitMs)) {
      try {
        return await executeSql(text, values)
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error
        if (Date.now() + wait > deadline) {
          onGiveUp(error)
          // What pg-boss reads of the answer: no job changed.
          return { rows: [{ count: 0 }] }
        }
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }
}
