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

function queueOn(
  db: Database,
  options: { maintenanceIntervalSeconds?: number; drainMs?: number; soleInstance?: boolean } = {},
) {
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

/** Two queues whose jobs note their queue and `n` in `seen`. */
function defineTwo(queue: JobQueue, seen: string[]) {
  for (const name of ['test.one', 'test.two']) {
    queue.define<{ n: string }>({
      name,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: ({ n }) => {
        seen.push(`${name} ${n}`)
        return Promise.resolve()
      },
    })
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

  test('sends many jobs in one statement, one waiting per key as send keeps it', async () => {
    database = await createTestDb()
    const queue = queueOn(database)
    const seen: string[] = []
    defineTwo(queue, seen)
    await queue.start({ workers: false })
    expect(await queue.send('test.one', { n: 'earlier' }, 'key-1')).toBeTruthy()
    await queue.sendMany([
      // key-1 already has a job waiting in test.one: this one is left out, as send would.
      { name: 'test.one', data: { n: 'a' }, key: 'key-1' },
      { name: 'test.one', data: { n: 'b' }, key: 'key-2' },
      { name: 'test.two', data: { n: 'c' }, key: 'key-1' },
    ])
    await queue.sendMany([])
    expect(await queue.state()).toEqual({ queued: 3, active: 0, failedLastHour: 0 })
    await queue.stop()

    const runner = queueOn(database)
    defineTwo(runner, seen)
    await runner.start()
    await runner.whenIdle()
    expect(seen.sort()).toEqual(['test.one b', 'test.one earlier', 'test.two c'])
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
    const dying = queueOn(database, { maintenanceIntervalSeconds: 1, drainMs: 1_000 })
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

  // ADR 045: a stop hands back what it cuts short, due at once and its try not counted.
  test('a stop completes a job that ends in the drain and hands back one that stops at its signal or overruns; the next start runs them at once', async () => {
    database = await createTestDb()
    const definition = {
      name: 'test.long',
      retryLimit: 1,
      // A failure would wait ten minutes: the next start must not.
      retryDelaySeconds: 600,
      expireInSeconds: 600,
      concurrency: 3,
    }
    const first = queueOn(database, { drainMs: 1_000 })
    const started: string[] = []
    const aborted = (signal: AbortSignal) =>
      new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
    first.define<{ n: string }>({
      ...definition,
      handle: async ({ n }, { signal }) => {
        started.push(n)
        await aborted(signal)
        // 'quick' ends within the drain; 'polite' stops at this safe point; 'stubborn' runs on.
        if (n === 'quick') return
        if (n === 'polite') throw new Error('stopped at a safe point')
        await new Promise(() => undefined)
      },
    })
    await first.start()
    for (const n of ['quick', 'polite', 'stubborn']) await first.send('test.long', { n }, n)
    await waitFor(() => started.length === 3)
    const stopAt = Date.now()
    await first.stop()
    // The drain (1 s) and pg-boss's look every 0.5 s, not its own 30 s.
    expect(Date.now() - stopAt).toBeLessThan(5_000)
    const jobs = async () =>
      (
        await database!.executeSql(
          `select data->>'n' as n, state, retry_count, start_after <= now() as due
           from pgboss.job where name = 'test.long' order by 1`,
        )
      ).rows
    expect(await jobs()).toEqual([
      { n: 'polite', state: 'retry', retry_count: 0, due: true },
      { n: 'quick', state: 'completed', retry_count: 0, due: true },
      { n: 'stubborn', state: 'retry', retry_count: 0, due: true },
    ])

    const next = queueOn(database)
    const ran: string[] = []
    next.define<{ n: string }>({
      ...definition,
      handle: ({ n }) => Promise.resolve(void ran.push(n)),
    })
    await next.start()
    await waitFor(() => ran.length === 2, 10_000)
    expect(ran.sort()).toEqual(['polite', 'stubborn'])
    await waitFor(async () => (await jobs()).every((job) => job.state === 'completed'))
    // The handed-back tries were not counted.
    expect((await jobs()).map((job) => job.retry_count)).toEqual([0, 0, 0])
  })

  test("on the server's own PGlite a job left running by a dead process runs again at the next start, unless on its last try", async () => {
    database = await createTestDb()
    const definition = {
      name: 'test.left',
      retryLimit: 1,
      retryDelaySeconds: 600,
      expireInSeconds: 600,
    }
    const sender = queueOn(database)
    sender.define({ ...definition, handle: () => Promise.resolve() })
    await sender.start({ workers: false })
    await sender.send('test.left', { n: 'left' }, 'left')
    await sender.send('test.left', { n: 'last' }, 'last')
    await sender.stop()
    // As a killed process leaves them: running, one of them on its last try.
    await database.executeSql(
      `update pgboss.job set state = 'active', started_on = now(),
         retry_count = case when data->>'n' = 'last' then 1 else 0 end
       where name = 'test.left'`,
    )
    const sole = queueOn(database, { soleInstance: true })
    const ran: string[] = []
    sole.define<{ n: string }>({
      ...definition,
      handle: ({ n }) => Promise.resolve(void ran.push(n)),
    })
    await sole.start()
    await waitFor(() => ran.length === 1, 10_000)
    expect(ran).toEqual(['left'])
    const { rows } = await database.executeSql(
      `select data->>'n' as n, state from pgboss.job where name = 'test.left' order by 1`,
    )
    // The last try waits for its expiry, as before (a job that kills its process stops somewhere).
    expect(rows[0]).toEqual({ n: 'last', state: 'active' })
  })
})
