// A stopped instance's job, tried again by the next one now instead of after its retry delay
// (docs/decisions/018-job-queue.md), so a restart test waits for no clock.
import type { SqlExecutor } from '../db/client.js'

/**
 * Brings the retry of the queue's job forward to now. pg-boss records the failure that schedules
 * the retry after the handler has ended without awaiting it (a stop does not wait for it either),
 * so this first waits, bounded, until the job is in its 'retry' state.
 */
export async function retryNow(
  database: SqlExecutor,
  queue: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await database.executeSql(
      `update pgboss.job set start_after = now() where name = $1 and state = 'retry' returning id`,
      [queue],
    )
    if (rows.length > 0) return
    if (Date.now() > deadline) throw new Error(`no ${queue} job waited for its retry`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
