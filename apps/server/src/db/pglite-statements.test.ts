import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { pgliteStatements, type StatementRunner } from './pglite-statements.js'

let client: PGlite
let statements: StatementRunner

/** The named statements the session holds, read with PGlite's own (unnamed) query(). */
async function preparedNames(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  )
  return rows.map((row) => row.name)
}

// One database for the file (creating one costs seconds); each test starts with a new table and no
// prepared statement in the session.
beforeAll(async () => {
  client = await PGlite.create()
})
beforeEach(async () => {
  await client.exec(`deallocate all; drop table if exists item; create table item (
    id uuid primary key, n int not null, tags text[] not null, data jsonb, at timestamptz,
    unique (n))`)
  statements = pgliteStatements(client, 3)
})
afterAll(async () => {
  await client.close()
})

const INSERT = 'insert into item (id, n, tags, data, at) values ($1, $2, $3, $4, $5) returning *'
const ITEM = [
  '0b8f6a36-2a43-4cf4-9d56-0b1f5b0e8a11',
  7,
  ['a', 'b'],
  JSON.stringify({ x: 1 }),
  new Date('2026-01-02T03:04:05Z'),
]

describe('prepared statements on PGlite', () => {
  test('answer exactly as query() does, with values of every kind and in array mode', async () => {
    const expected = await client.query(INSERT, ITEM)
    await client.exec('delete from item')
    const got = await statements.query(INSERT, ITEM)
    expect(got.rows).toEqual(expected.rows)
    expect(got.fields).toEqual(expected.fields)
    const select = 'select id, n, tags, data, at from item where n = $1 and data is not null'
    const arrays = await statements.query(select, [7], { rowMode: 'array' })
    expect(arrays.rows).toEqual([(await client.query(select, [7], { rowMode: 'array' })).rows[0]])
    expect(await statements.query('select $1::text as t', [null])).toMatchObject({
      rows: [{ t: null }],
    })
  })

  test('each SQL text is parsed once and then only run', async () => {
    for (let n = 1; n <= 3; n++) {
      await statements.query('insert into item (id, n, tags) values (gen_random_uuid(), $1, $2)', [
        n,
        [],
      ])
    }
    expect(statements.size).toBe(1)
    expect(await preparedNames()).toHaveLength(1)
    const { rows } = await statements.query<{ n: number }>('select n from item order by n')
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3])
  })

  test('past the bound the least recently used statement is closed', async () => {
    await statements.query('select 1 as a')
    await statements.query('select 2 as b')
    await statements.query('select 3 as c')
    await statements.query('select 1 as a') // used again: now the newest
    await statements.query('select 4 as d') // closes 'select 2'
    expect(statements.size).toBe(3)
    expect(await preparedNames()).toHaveLength(3)
    expect((await statements.query('select 2 as b')).rows).toEqual([{ b: 2 }])
  })

  test("a failing statement throws PostgreSQL's error and leaves the session usable", async () => {
    await statements.query(INSERT, ITEM)
    await expect(statements.query(INSERT, ITEM)).rejects.toMatchObject({ code: '23505' })
    await expect(statements.query('select nope from item', [])).rejects.toMatchObject({
      code: '42703',
    })
    expect(statements.size).toBe(1) // the text that did not parse is not kept
    expect((await statements.query('select count(*)::int as n from item')).rows).toEqual([{ n: 1 }])
  })

  test('inside a transaction, a failure rolls everything back', async () => {
    await expect(
      client.transaction(async () => {
        await statements.queryInTransaction(INSERT, ITEM)
        await statements.queryInTransaction(INSERT, ITEM) // the unique n
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await statements.query('select count(*)::int as n from item')).rows).toEqual([{ n: 0 }])
  })
})

describe('the event loop while statements run', () => {
  test('gets a turn once statements have run one after another for 10 ms', async () => {
    // PGlite answers inside a promise: a chain of statements never left the turn it started in,
    // and Node accepts one new connection a turn (ADR 054).
    let turns = 0
    let counting = true
    const count = () => {
      turns++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const started = performance.now()
    let statementsRun = 0
    while (performance.now() - started < 100) {
      await statements.query('select pg_sleep(0.002)')
      statementsRun++
    }
    counting = false
    // About 50 statements of 2 ms: a turn every 10 ms or so, not one turn for all of them.
    expect(statementsRun).toBeGreaterThan(10)
    expect(turns).toBeGreaterThanOrEqual(5)
  })
})
