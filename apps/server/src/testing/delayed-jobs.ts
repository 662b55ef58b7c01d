// A job sent to wait (`startAfterSeconds`) runs when its time comes by the database's clock, which a
// test does not move: this brings the queue's waiting jobs forward to now and waits until they ran,
// through the queue's own workers (the app must run them: `createTestApp({ jobs: true })`).
import { DROP_RECHECK_QUEUE, RECHECK_PAUSE_SECONDS } from '../features/automation/drop-rechecks.js'
import type { TestApp, TestClock } from './app.js'

/** Runs the queue's jobs that wait for their time now; answers how many there were. */
async function runDelayedJobs(t: TestApp, queue: string): Promise<number> {
  const { rows } = await t.database.executeSql(
    `update pgboss.job set start_after = now() where name = $1 and state = 'created' returning id`,
    [queue],
  )
  t.deps.jobs.wake(queue)
  await t.deps.jobs.whenIdle()
  return rows.length
}

/** The seconds each waiting job of the queue waits after it was sent, by the database's clock. */
export async function delaysOf(t: TestApp, queue: string): Promise<number[]> {
  const { rows } = await t.database.executeSql(
    `select extract(epoch from start_after - created_on)::int as delay from pgboss.job
     where name = $1 and state = 'created' order by created_on`,
    [queue],
  )
  return rows.map((row) => Number(row.delay))
}

/**
 * The pause of a drop's second check passes (docs/decisions/039-confirmed-drops.md): the clock moves
 * on by it and the waiting rechecks run, so a test sees the alerts they confirm.
 */
export async function runDropRechecks(t: TestApp, clock: TestClock): Promise<number> {
  clock.advance(RECHECK_PAUSE_SECONDS)
  return runDelayedJobs(t, DROP_RECHECK_QUEUE)
}
