import { describe, expect, test } from 'vitest'
import { seededRandom } from './random.js'

describe('seededRandom', () => {
  test('the same key always gives the same sequence', () => {
    const a = seededRandom('biz', 'loc_1', '2026-01-15')
    const b = seededRandom('biz', 'loc_1', '2026-01-15')
    expect([a.next(), a.int(1, 100), a.float(0.5, 1)]).toEqual([
      b.next(),
      b.int(1, 100),
      b.float(0.5, 1),
    ])
  })

  test('different keys give different sequences', () => {
    expect(seededRandom('biz', 'a').next()).not.toBe(seededRandom('biz', 'b').next())
    // Joined keys must not collide: ('ab', 'c') is not ('a', 'bc').
    expect(seededRandom('ab', 'c').next()).not.toBe(seededRandom('a', 'bc').next())
  })

  test('int stays inside its bounds and reaches both ends', () => {
    const random = seededRandom('bounds')
    const seen = new Set<number>()
    for (let i = 0; i < 2000; i++) {
      const n = random.int(1, 5)
      expect(n).toBeGreaterThanOrEqual(1)
      expect(n).toBeLessThanOrEqual(5)
      seen.add(n)
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5])
  })
})
