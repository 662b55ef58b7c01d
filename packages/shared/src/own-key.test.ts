import { describe, expect, test } from 'vitest'
import { ownValue } from './own-key.js'

describe('ownValue', () => {
  const table: Record<string, number> = { signup: 1, recovery: 2 }

  test('finds the own keys of a table', () => {
    expect(ownValue(table, 'signup')).toBe(1)
    expect(ownValue(table, 'missing')).toBeUndefined()
  })

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'ignores the inherited member %s',
    (key) => {
      expect(ownValue(table, key)).toBeUndefined()
    },
  )
})
