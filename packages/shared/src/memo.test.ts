import { describe, expect, test } from 'vitest'
import { boundedMemo } from './memo.js'

describe('boundedMemo', () => {
  test('makes each value once, and past the limit forgets the oldest first', () => {
    const made: string[] = []
    const upper = boundedMemo<string>(2)
    const of = (key: string) =>
      upper(key, () => {
        made.push(key)
        return key.toUpperCase()
      })
    expect([of('a'), of('b'), of('a')]).toEqual(['A', 'B', 'A'])
    expect(made).toEqual(['a', 'b'])
    of('c') // 'a' was made first, so it goes
    of('b')
    of('a')
    expect(made).toEqual(['a', 'b', 'c', 'a'])
  })
})
