import { describe, expect, test } from 'vitest'
import type { Db } from './client.js'
import { preparedPerDb, preparedPerScope, runPreparedReadsOn } from './prepared.js'

// Two database handles, as tests and a restarted server have: only their identity matters here.
const first = {} as Db
const second = {} as Db

describe('prepared queries', () => {
  test('a query is prepared once per database handle and reused', () => {
    const built: Db[] = []
    const prepared = preparedPerDb((db) => {
      built.push(db)
      return { db }
    })
    const once = prepared(first)
    expect(prepared(first)).toBe(once)
    expect(prepared(second)).not.toBe(once)
    expect(prepared(second).db).toBe(second)
    expect(built).toEqual([first, second])
  })

  test('a scoped query runs the main version for the business and the location version for a location', async () => {
    const built: string[] = []
    const run = preparedPerScope((_db, scope) => {
      built.push(scope)
      return { execute: (values?: Record<string, unknown>) => Promise.resolve({ scope, values }) }
    })
    expect(await run(first, { businessId: 'b1', locationId: null }, { limit: 3 })).toEqual({
      scope: 'main',
      values: { businessId: 'b1', limit: 3 },
    })
    expect(await run(first, { businessId: 'b1', locationId: 'l1' })).toEqual({
      scope: 'location',
      values: { businessId: 'b1', locationId: 'l1' },
    })
    await run(first, { businessId: 'b2', locationId: 'l2' })
    expect(built).toEqual(['main', 'location'])
  })
})

describe('prepared reads on a pipelined twin', () => {
  test('a handle with a twin has its prepared reads built on the twin; one without, on itself', () => {
    const pooled = {} as Db
    const twin = {} as Db
    const transaction = {} as Db
    runPreparedReadsOn(pooled, twin)
    const prepared = preparedPerDb((db) => ({ db }))
    expect(prepared(pooled).db).toBe(twin)
    expect(prepared(transaction).db).toBe(transaction)
  })
})
