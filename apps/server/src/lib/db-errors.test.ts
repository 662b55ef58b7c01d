import { describe, expect, test } from 'vitest'
import { createTestDb } from '../testing/db.js'
import { isForeignKeyViolation } from './db-errors.js'
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
