import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { pgliteDatabase, type Database } from './client.js'

// Every type drizzle-orm reads as text, and some it leaves to PGlite, with and without rows.
const SELECT_ALL_TYPES = sql`select
  timestamp '2026-01-02 03:04:05.123456' as ts,
  timestamptz '2026-01-02 03:04:05.123456+02' as tstz,
  date '2026-01-02' as d,
  interval '1 day 02:03:04' as i,
  array[timestamp '2026-01-02 03:04:05'] as ts_list,
  array[timestamptz '2026-01-02 03:04:05+00'] as tstz_list,
  array[date '2026-01-02'] as d_list,
  array[interval '5 minutes'] as i_list,
  array[1.50::numeric] as n_list,
  1.25::numeric as n, 7::int as n_int, true as b, '{"a":1}'::jsonb as j, array['x'] as t_list`

/** drizzle's execute() on the app's Db type answers `unknown`; on PGlite it is PGlite's result. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

let plain: PGlite
let client: PGlite
let database: Database

// One initdb for the file (several seconds each on a loaded machine): the plain client only reads,
// and each test's client is a clone with a session of its own.
beforeAll(async () => {
  plain = await PGlite.create()
})
afterAll(() => plain.close())
beforeEach(async () => {
  client = (await plain.clone()) as PGlite
  database = pgliteDatabase(client, () => client.close())
})
afterEach(() => database.close())

test('drizzle reads every type as it does on a plain client, through a prepared statement', async () => {
  const query = vi.spyOn(client, 'query')
  const expected = await drizzle(plain).execute(SELECT_ALL_TYPES)
  const got = rowsOf(await database.db.execute(SELECT_ALL_TYPES))
  expect(got).toEqual(expected.rows)
  expect(got[0]).toMatchObject({ ts: '2026-01-02 03:04:05.123456', d: '2026-01-02' })
  // Not PGlite's unnamed query() with drizzle's parsers: a named statement (pglite-statements.ts).
  expect(query).not.toHaveBeenCalled()
  const names = await client.query<{ n: number }>(
    'select count(*)::int as n from pg_prepared_statements',
  )
  expect(names.rows[0]?.n).toBe(1)
})

test('inside a transaction too', async () => {
  const expected = await drizzle(plain).transaction((tx) => tx.execute(SELECT_ALL_TYPES))
  const got = rowsOf(await database.db.transaction((tx) => tx.execute(SELECT_ALL_TYPES)))
  expect(got).toEqual(expected.rows)
})

test('raw SQL (the job queue) still gets Dates and parsed arrays, as from PGlite itself', async () => {
  const text = SELECT_ALL_TYPES.queryChunks
    .map((c) => (c as { value: string[] }).value.join(''))
    .join('')
  const expected = await plain.query(text)
  const got = await database.executeSql(text)
  expect(got.rows).toEqual(expected.rows)
  expect((got.rows[0] as { tstz: unknown }).tstz).toBeInstanceOf(Date)
  const [many] = (await plain.exec(`select 1; ${text}`)).slice(-1)
  expect((await database.executeSql(`select 1; ${text}`)).rows).toEqual(many?.rows)
})
