import { pino } from 'pino'
import { afterEach, describe, expect, test } from 'vitest'
import type { Database } from '../db/client.js'
import { createTestDb } from '../testing/db.js'
import { createJobQueue, type JobQueue } from './queue.js'

const logger = pino({ level: 'silent' })
let database: Database | undefined
const queues: JobQueue[] = []

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop().catch(() => undefined)
  await database?.close()
  database = undefined
})

function queueOn(db: Database, options: { maintenanceIntervalSeconds?: number } = {}) {
  const queue = createJobQueue({ database: db, logger, pollingIntervalSeconds: 0.5, ...options })
  queues.push(queue)
  return queue
}

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the job queue on the app database', () => {
  test('runs a job, keeps one waiting job per key beside the running one, and shows counts', async () => {
    database = await createTestDb()
    const queue = queueOn(database)
    const seen: string[] = []
    // 'a' runs until released, so the later sends meet a known state: 'a' active, nothing waiting.
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    queue.define<{ n: string }>({
      name: 'test.work',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: async ({ n }) => {
        seen.push(n)
        if (n === 'a') await released
      },
    })
    await queue.start()
    expect(await queue.send('test.work', { n: 'a' }, 'key-1')).toBeTruthy()
    await waitFor(() => seen.length === 1)

    // One job may wait beside the running one; a second waiting one for that key is refused, and
    // another key is not held up by it.
    expect(await queue.send('test.work', { n: 'b' }, 'key-1')).toBeTruthy()
    expect(await queue.send('test.work', { n: 'c' }, 'key-1')).toBeNull()
    expect(await queue.send('test.work', { n: 'd' }, 'key-2')).toBeTruthy()
    expect(await queue.state()).toEqual({ queued: 2, active: 1, failedLastHour: 0 })

    release()
    await queue.whenIdle()
    expect(seen[0]).toBe('a')
    expect([...seen].sort()).toEqual(['a', 'b', 'd'])
    expect(await queue.state()).toEqual({ queued: 0, active: 0, failedLastHour: 0 })
  })

  test('a failing job is retried with backoff, then counted as failed', async () => {
    database = await createTestDb()
    const queue = queueOn(database)
    let tries = 0
    queue.define({
      name: 'test.flaky',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: () => {
        tries++
        return Promise.reject(new Error('the provider is down'))
      },
    })
    await queue.start()
    await queue.send('test.flaky', {}, 'k')
    await waitFor(() => tries === 2)
    await waitFor(async () => (await queue.state()).failedLastHour === 1)
    expect(tries).toBe(2)
  })

  test('a job whose instance died mid-run is taken over by another instance', async () => {
    database = await createTestDb()
    const definition = {
      name: 'test.audit',
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
    }
    // The first instance takes the job and never finishes it (as if killed).
    const dying = queueOn(database, { maintenanceIntervalSeconds: 1 })
    let started = false
    dying.define({
      ...definition,
      handle: () => ((started = true), new Promise<void>(() => undefined)),
    })
    await dying.start()
    await dying.send('test.audit', { run: 1 }, 'business-1')
    await waitFor(() => started)
    await dying.stop()

    const survivor = queueOn(database, { maintenanceIntervalSeconds: 1 })
    const finished: unknown[] = []
    survivor.define({ ...definition, handle: (data) => Promise.resolve(void finished.push(data)) })
    await survivor.start()
    await waitFor(() => finished.length === 1, 30_000)
    expect(finished).toEqual([{ run: 1 }])
  })
})
