// The pipelined connections of the hot reads (db/pipelined-reads.ts). PostgreSQL only: PGlite is in
// the process and has no connections (CI runs this on PostgreSQL 15).
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestDb, testDatabaseUrl } from '../testing/db.js'
import type { Database } from './client.js'
import { PipelinedReadPool } from './pipelined-reads.js'

let database: Database
let reads: PipelinedReadPool

const pidOf = async (config: { text: string; values?: unknown[] }) =>
  (await reads.query({ text: `select pg_backend_pid() as pid, ${config.text}` }, config.values))
    .rows[0] as { pid: number; value: unknown }

describe.skipIf(!testDatabaseUrl)('pipelined reads', () => {
  beforeEach(async () => {
    database = await createTestDb()
    reads = new PipelinedReadPool(database.connectionString ?? '')
  })
  afterEach(async () => {
    await reads.end()
    await database.close()
  })

  test('many reads at once each get their own answer over two connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => pidOf({ text: '$1::int as value', values: [i] })),
    )
    expect(answers.map((a) => a.value)).toEqual(Array.from({ length: 200 }, (_, i) => i))
    expect(new Set(answers.map((a) => a.pid)).size).toBe(2)
  })

  test('a read that fails fails alone: the reads written around it are answered', async () => {
    const settled = await Promise.allSettled(
      [1, 2, 0, 4, 5].map((n) =>
        reads.query({ name: 'divide', text: 'select 10 / $1::int as value' }, [n]),
      ),
    )
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect(settled[2]).toMatchObject({ reason: { code: '22012' } })
    expect(
      settled.flatMap((s): unknown[] => (s.status === 'fulfilled' ? [s.value.rows[0]] : [])),
    ).toEqual([{ value: 10 }, { value: 5 }, { value: 2 }, { value: 2 }])
  })

  test('after PostgreSQL drops its connections, the next reads open new ones', async () => {
    const before = await Promise.all([1, 2].map(() => pidOf({ text: '1 as value' })))
    const pids = [...new Set(before.map((a) => a.pid))]
    await database.executeSql('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids])

    // Reads already on a dying connection may fail; within a few tries a new one answers.
    let answer: { pid: number } | undefined
    for (let attempt = 0; attempt < 50 && !answer; attempt++) {
      answer = await pidOf({ text: '1 as value' }).catch(() => undefined)
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(answer?.pid).toBeDefined()
    expect(pids).not.toContain(answer?.pid)
  })

  test('a connection left unused is closed, and the next read opens a new one', async () => {
    await reads.end()
    reads = new PipelinedReadPool(database.connectionString ?? '', { idleMs: 50 })
    const first = await pidOf({ text: '1 as value' })
    const open = async () =>
      (
        await database.executeSql(
          'select count(*)::int as n from pg_stat_activity where pid = $1',
          [first.pid],
        )
      ).rows[0]?.n
    expect(await open()).toBe(1)

    for (let attempt = 0; attempt < 100 && (await open()) === 1; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await open()).toBe(0)
    const next = await pidOf({ text: '1 as value' })
    expect(next.pid).not.toBe(first.pid)
  })

  test('it opens no transactions and answers nothing once ended', async () => {
    expect(() => reads.connect()).toThrow(/outside transactions/)
    await pidOf({ text: '1 as value' })
    await reads.end()
    await expect(pidOf({ text: '1 as value' })).rejects.toThrow('The database is closed.')
  })
})
