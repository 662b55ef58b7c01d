// The post's time in the business's own time zone (issue 33 item 6, ADR 036), and the editor's
// checks the server repeats.
import { describe, expect, test } from 'vitest'
import {
  localTimeIn,
  nextOccurrence,
  postContentSchema,
  postInputSchema,
  zonedToUtc,
} from './business-profile-posts.js'

describe('time in the business time zone', () => {
  test('09:00 in New York is 14:00 UTC in winter and 13:00 UTC in summer', () => {
    expect(zonedToUtc('2026-01-20T09:00', 'America/New_York').toISOString()).toBe(
      '2026-01-20T14:00:00.000Z',
    )
    expect(zonedToUtc('2026-07-20T09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-20T13:00:00.000Z',
    )
    expect(zonedToUtc('2026-07-20T09:00', 'Europe/London').toISOString()).toBe(
      '2026-07-20T08:00:00.000Z',
    )
    expect(localTimeIn(new Date('2026-01-20T14:00:00Z'), 'America/New_York')).toBe(
      '2026-01-20T09:00',
    )
  })

  test('a time the clocks skip is taken an hour later', () => {
    // 8 March 2026, 02:30 does not exist in New York: 03:30 EDT, 07:30 UTC.
    expect(zonedToUtc('2026-03-08T02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })

  test('weekly adds 7 days; monthly keeps the day, or the month end', () => {
    expect(nextOccurrence('2026-12-29T09:00', 'weekly')).toBe('2027-01-05T09:00')
    expect(nextOccurrence('2026-01-15T09:00', 'monthly')).toBe('2026-02-15T09:00')
    expect(nextOccurrence('2026-01-31T18:30', 'monthly')).toBe('2026-02-28T18:30')
    // The series' day comes back after a short month, rather than drifting to the 28th.
    expect(nextOccurrence('2026-02-28T18:30', 'monthly', 31)).toBe('2026-03-31T18:30')
    expect(nextOccurrence('2026-03-31T18:30', 'monthly', 31)).toBe('2026-04-30T18:30')
    expect(nextOccurrence('2026-12-10T09:00', 'monthly')).toBe('2027-01-10T09:00')
  })
})

describe('what a post needs', () => {
  const ok = { topicType: 'STANDARD', summary: 'Open late on Fridays.' }
  test('text, within 1500 characters; a button with its page unless it calls', () => {
    expect(postContentSchema.safeParse(ok).success).toBe(true)
    expect(postContentSchema.safeParse({ ...ok, summary: 'x'.repeat(1501) }).success).toBe(false)
    expect(postContentSchema.safeParse({ ...ok, summary: '' }).success).toBe(false)
    const cta = (actionType: string, url: string) =>
      postContentSchema.safeParse({ ...ok, callToAction: { actionType, url } }).success
    expect(cta('CALL', '')).toBe(true)
    expect(cta('BOOK', '')).toBe(false)
    expect(cta('BOOK', 'https://example.com/book')).toBe(true)
    expect(cta('BOOK', 'javascript:alert(1)')).toBe(false)
  })

  test('events and offers need a title and an end after the start', () => {
    const event = { title: 'Open day', start: '2026-02-07T10:00', end: '2026-02-07T13:00' }
    expect(postContentSchema.safeParse({ topicType: 'EVENT', event }).success).toBe(true)
    expect(postContentSchema.safeParse({ topicType: 'OFFER' }).success).toBe(false)
    expect(
      postContentSchema.safeParse({ topicType: 'EVENT', event: { ...event, end: event.start } })
        .success,
    ).toBe(false)
  })

  test('a schedule needs its time; a draft does not repeat', () => {
    const base = { locations: ['main'], content: ok }
    expect(postInputSchema.safeParse({ ...base, when: 'schedule' }).success).toBe(false)
    expect(
      postInputSchema.safeParse({ ...base, when: 'schedule', publishAt: '2026-02-01T09:00' })
        .success,
    ).toBe(true)
    expect(postInputSchema.safeParse({ ...base, when: 'draft', repeat: 'weekly' }).success).toBe(
      false,
    )
  })
})
