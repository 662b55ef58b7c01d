// PGLITE_WORKER=on (ADR 053): the embedded database answers from a worker thread, transactions
// included, and a long statement leaves the server's thread free to serve meanwhile.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pgliteDatabase, type Database } from './client.js'
import { openPgliteInWorker } from './pglite-worker.js'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
const dir = mkdtempSync(path.join(tmpdir(), 'localseo-pglite-worker-'))
let database: Database

beforeAll(async () => {
  const client = await openPgliteInWorker(path.join(dir, 'pgdata'))
  database = pgliteDatabase(client, () => client.close())
}, 300_000)
afterAll(async () => {
  await database?.close()
  rmSync(dir, { recursive: true, force: true })
})

test('drizzle reads rows and their values through the worker', async () => {
  const rows = rowsOf(
    await database.db.execute(
      sql`select 7::int as i, true as b, '{"a":1}'::jsonb as j, array['x', 'y'] as t_list, 'é' as t`,
    ),
  )
  expect(rows).toEqual([{ i: 7, b: true, j: { a: 1 }, t_list: ['x', 'y'], t: 'é' }])
}, 60_000)

test('a transaction commits, and one that throws leaves nothing written', async () => {
  await database.db.execute(sql`create table notes (body text not null)`)
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into notes values ('kept')`)
  })
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('rolled back')`)
      throw new Error('refused')
    }),
  ).rejects.toThrow('refused')
  expect(rowsOf(await database.db.execute(sql`select body from notes`))).toEqual([{ body: 'kept' }])
}, 60_000)

test("a long statement runs while this thread's timers keep firing", async () => {
  let ticks = 0
  const timer = setInterval(() => ticks++, 5)
  try {
    const started = performance.now()
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000)`)
    const took = performance.now() - started
    // In this thread the statement would hold the event loop: no tick until it ends.
    expect(took).toBeGreaterThan(50)
    expect(ticks).toBeGreaterThan(took / 5 / 4)
  } finally {
    clearInterval(timer)
  }
}, 60_000)
