import { describe, expect, it } from 'vitest'
import { dayIn } from './dates.js'

describe('dayIn', () => {
  it("is the day on the business's own clock, not UTC's", () => {
    // 6 pm on Nov 27 in Austin is already Nov 28 in UTC.
    const evening = new Date('2026-11-28T00:00:00Z')
    expect(dayIn(evening, 'America/Chicago')).toBe('2026-11-27')
    expect(dayIn(evening, 'Europe/London')).toBe('2026-11-28')
    expect(dayIn(new Date('2026-06-30T23:30:00Z'), 'Europe/London')).toBe('2026-07-01')
    expect(dayIn(new Date('2026-06-30T23:30:00Z'), 'Australia/Sydney')).toBe('2026-07-01')
  })
})
