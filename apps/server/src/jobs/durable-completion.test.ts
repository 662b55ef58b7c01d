// A job's outcome waits out a database outage instead of being lost (docs/decisions/026).
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { withDurableCompletion } from './durable-completion.js'

const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string
}
const COMPLETE = plans.completeJobs('pgboss')
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

/** An executor that is down for its first `down` calls. */
function flaky(down: number) {
  let calls = 0
  return {
    calls: () => calls,
    executeSql: () =>
      ++calls <= down ? Promise.reject(refused()) : Promise.resolve({ rows: [{ count: 1 }] }),
  }
}

describe('withDurableCompletion', () => {
  test("pg-boss's completion is tried again until the database answers", async () => {
    const db = flaky(3)
    const executeSql = withDurableCompletion(db.executeSql, { firstWaitMs: 1, maxWaitMs: 4 })
    expect(await executeSql(COMPLETE, ['q', ['id'], null])).toEqual({ rows: [{ count: 1 }] })
    expect(db.calls()).toBe(4)
  })

  test('any other statement fails at once, for its caller to handle', async () => {
    const db = flaky(1)
    const executeSql = withDurableCompletion(db.executeSql, { firstWaitMs: 1 })
    await expect(executeSql('select 1')).rejects.toThrow(/ECONNREFUSED/)
    expect(db.calls()).toBe(1)
  })

  test('a completion is given up after the limit: no job changed, and it is reported', async () => {
    const db = flaky(1_000)
    const given: unknown[] = []
    const executeSql = withDurableCompletion(db.executeSql, {
      firstWaitMs: 1,
      maxWaitMs: 2,
      giveUpAfterMs: 20,
      onGiveUp: (error) => given.push(error),
    })
    expect(await executeSql(COMPLETE, [])).toEqual({ rows: [{ count: 0 }] })
    expect(given).toHaveLength(1)
  })

  test('an error that is not an outage is not waited out', async () => {
    const executeSql = withDurableCompletion(() =>
      Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' })),
    )
    await expect(executeSql(COMPLETE, [])).rejects.toThrow(/syntax/)
  })
})
