import { describe, expect, test } from 'vitest'
import { createTestDb } from '../testing/db.js'
import { isDatabaseUnavailable, isForeignKeyViolation } from './db-errors.js'
import { locations } from '../db/schema/business.js'

describe('isForeignKeyViolation', () => {
  test('recognises the error the database really raises, wrapped by Drizzle', async () => {
    const database = await createTestDb()
    const { db } = database
    try {
      const error = await db
        .insert(locations)
        .values({
          id: 'loc_x',
          businessId: '00000000-0000-4000-8000-000000000000',
          name: 'x',
          address: 'x',
          city: 'x',
          state: 'TX',
          zip: '78701',
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        )
      expect(isForeignKeyViolation(error)).toBe(true)
    } finally {
      await database.close()
    }
  })

  test('other errors are not foreign key violations', () => {
    expect(isForeignKeyViolation(new Error('boom'))).toBe(false)
    expect(isForeignKeyViolation({ code: '23505' })).toBe(false)
  })
})

describe('isDatabaseUnavailable (docs/decisions/026-database-outages.md)', () => {
  test('a lost or refused connection, a shutdown and a full pool are outages, wrapped or not', () => {
    const terminated = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    )
    expect(isDatabaseUnavailable(terminated)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(
      true,
    )
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })),
    ).toBe(true)
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
  })

  test("a statement's own mistakes are not", () => {
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false)
    expect(isDatabaseUnavailable({ code: '42601' })).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
