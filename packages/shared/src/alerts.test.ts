import { describe, expect, test } from 'vitest'
import { rankMoveAlert } from './alerts.js'

describe('which rank moves are news', () => {
  test('leaving the top 3 or the top 10, first', () => {
    expect(rankMoveAlert('plumber austin', 2, 4)).toEqual({
      kind: 'rank_drop',
      message: "'plumber austin' left the top 3: now #4 (was #2).",
    })
    expect(rankMoveAlert('plumber austin', 9, 11)?.message).toBe(
      "'plumber austin' left the top 10: now #11 (was #9).",
    )
    // Leaving both at once names the top 3.
    expect(rankMoveAlert('plumber austin', 1, 30)?.message).toContain('left the top 3')
  })

  test('a move of 5 places or more either way; smaller moves are not news', () => {
    expect(rankMoveAlert('drain cleaning', 20, 26)?.message).toBe(
      "'drain cleaning' fell 6 places to #26 (was #20).",
    )
    expect(rankMoveAlert('drain cleaning', 26, 21)).toEqual({
      kind: 'rank_rise',
      message: "'drain cleaning' rose 5 places to #21 (was #26).",
    })
    expect(rankMoveAlert('drain cleaning', 20, 24)).toBeNull()
    expect(rankMoveAlert('drain cleaning', 4, 3)).toBeNull()
    expect(rankMoveAlert('drain cleaning', 12, 12)).toBeNull()
  })

  test('positions from the simulation say so', () => {
    expect(rankMoveAlert('plumber austin', 2, 4, true)?.message).toBe(
      "'plumber austin' left the top 3: now #4 (was #2, simulated).",
    )
  })
})
