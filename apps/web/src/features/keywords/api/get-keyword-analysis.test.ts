import { describe, expect, test } from 'vitest'
import { analysisReadInterval } from './get-keyword-analysis'

const after = (reads: number) => ({ state: { dataUpdateCount: reads } })

describe('analysisReadInterval', () => {
  test('reads a pending analysis every half second at first: the built-in engine finishes in a moment', () => {
    expect([0, 1, 2, 3].map((reads) => analysisReadInterval(after(reads), true))).toEqual([
      500, 500, 500, 500,
    ])
  })

  test('then every 2 s for 45 reads, then every 15 s until the server says it failed', () => {
    const query = after(4)
    expect(analysisReadInterval(query, true)).toBe(2_000)
    query.state.dataUpdateCount = 48
    expect(analysisReadInterval(query, true)).toBe(2_000)
    query.state.dataUpdateCount = 49
    expect(analysisReadInterval(query, true)).toBe(15_000)
  })

  test('stops once the analysis is done or failed', () => {
    expect(analysisReadInterval(after(0), false)).toBe(false)
    expect(analysisReadInterval(after(60), false)).toBe(false)
  })
})
