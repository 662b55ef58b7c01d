import { describe, expect, test } from 'vitest'
import { rankMoveAlert, reviewAlert } from './alerts.js'

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

describe('new Google reviews (issue 33 item 2)', () => {
  const review = { place: 'Sunrise Dental', reviewer: 'Maria Lopez', comment: 'Kind staff.' }

  test('1 to 3 stars are low (emailed at once), 4 and 5 are not', () => {
    expect(reviewAlert({ ...review, rating: 2 })).toEqual({
      kind: 'review_low',
      message: 'New 2-star review of Sunrise Dental from Maria Lopez: "Kind staff."',
    })
    expect(reviewAlert({ ...review, rating: 3 }).kind).toBe('review_low')
    expect(reviewAlert({ ...review, rating: 4 }).kind).toBe('review_new')
    expect(reviewAlert({ ...review, rating: null })).toEqual({
      kind: 'review_new',
      message: 'New review of Sunrise Dental from Maria Lopez: "Kind staff."',
    })
  })

  test('quotes the start of long words on one line, and nothing when there are none', () => {
    const long = `Waited\n\nfor ${'a very long time '.repeat(20)}`
    const message = reviewAlert({ ...review, rating: 1, comment: long }).message
    expect(message).toMatch(
      /^New 1-star review of Sunrise Dental from Maria Lopez: "Waited for a very/,
    )
    expect(message).toMatch(/…"$/)
    expect(message.length).toBeLessThan(200)
    expect(reviewAlert({ ...review, rating: 5, comment: '' }).message).toBe(
      'New 5-star review of Sunrise Dental from Maria Lopez.',
    )
  })
})
