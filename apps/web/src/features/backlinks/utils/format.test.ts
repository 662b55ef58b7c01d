import { describe, expect, test } from 'vitest'
import { formatDateTime, truncate } from './format'

describe('truncate', () => {
  test('keeps text up to the limit and cuts longer text with an ellipsis', () => {
    expect(truncate('a'.repeat(40), 40)).toBe('a'.repeat(40))
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}...`)
  })
})

describe('formatDateTime', () => {
  test('leaves the year out in the current year only', () => {
    const now = new Date('2026-03-10T12:00:00Z')
    expect(formatDateTime('2026-03-09T09:30:00Z', 'UTC', now)).toBe('Mar 9, 9:30 AM')
    expect(formatDateTime('2025-12-31T18:05:00Z', 'UTC', now)).toBe('Dec 31, 2025, 6:05 PM')
  })

  test("reads the time on the business's clock (issue 32 item 5)", () => {
    const now = new Date('2026-03-10T12:00:00Z')
    // 00:30 UTC on Jan 1 is still New Year's Eve in Austin.
    expect(formatDateTime('2026-01-01T00:30:00Z', 'America/Chicago', now)).toBe(
      'Dec 31, 2025, 6:30 PM',
    )
  })
})
