import { describe, expect, test } from 'vitest'
import { scoreTone } from './score-tone'

describe('score colours (docs/product.md §9)', () => {
  test('above 70 is green, 70 itself is yellow', () => {
    expect(scoreTone(71)).toBe('green')
    expect(scoreTone(70)).toBe('yellow')
    expect(scoreTone(100)).toBe('green')
  })

  test('above 40 is yellow, 40 itself and below is red', () => {
    expect(scoreTone(41)).toBe('yellow')
    expect(scoreTone(40)).toBe('red')
    expect(scoreTone(0)).toBe('red')
  })
})
