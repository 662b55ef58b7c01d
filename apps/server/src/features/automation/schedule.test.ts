import { describe, expect, test } from 'vitest'
import { nextRunAt, slotOf } from './schedule.js'

const localTime = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date)

describe('when a business runs its automatic work', () => {
  test('10,000 businesses spread over the four-hour window, not all at one minute', () => {
    const perMinute = new Map<number, number>()
    for (let i = 0; i < 10_000; i++) {
      const { hour, minute } = slotOf(`business-${i}`)
      expect(hour).toBeGreaterThanOrEqual(3)
      expect(hour).toBeLessThan(7)
      const at = hour * 60 + minute
      perMinute.set(at, (perMinute.get(at) ?? 0) + 1)
    }
    // 240 minutes in use, none with more than three times its share (10,000 / 240 ≈ 42).
    expect(perMinute.size).toBe(240)
    expect(Math.max(...perMinute.values())).toBeLessThan(3 * (10_000 / 240))
  })

  test('the slot is the same every day, in the business time zone, across a DST change', () => {
    const businessId = 'b-dst'
    const { hour, minute } = slotOf(businessId)
    const expected = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
    // US daylight saving time starts on 2026-03-08.
    let after = new Date('2026-03-05T12:00:00Z')
    for (let day = 0; day < 6; day++) {
      const next = nextRunAt({
        businessId,
        frequency: 'daily',
        timeZone: 'America/Chicago',
        after,
      })!
      expect(localTime(next, 'America/Chicago')).toContain(expected)
      expect(next.getTime()).toBeGreaterThan(after.getTime())
      expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(25 * 3600 * 1000)
      after = next
    }
  })

  test('weekly runs on the same weekday; off never runs', () => {
    const businessId = 'b-weekly'
    const first = nextRunAt({
      businessId,
      frequency: 'weekly',
      timeZone: 'Europe/Berlin',
      after: new Date('2026-06-01T00:00:00Z'),
    })!
    const second = nextRunAt({
      businessId,
      frequency: 'weekly',
      timeZone: 'Europe/Berlin',
      after: first,
    })!
    expect(second.getTime() - first.getTime()).toBe(7 * 86_400_000)
    expect(
      nextRunAt({ businessId, frequency: 'off', timeZone: 'UTC', after: new Date() }),
    ).toBeNull()
  })

  test('the alert email goes out four hours after the checks, with what they found', () => {
    const businessId = 'b-mail'
    const after = new Date('2026-06-01T00:00:00Z')
    const check = nextRunAt({ businessId, frequency: 'daily', timeZone: 'UTC', after })!
    const mail = nextRunAt({
      businessId,
      frequency: 'daily',
      timeZone: 'UTC',
      after,
      kind: 'alert_emails',
    })!
    expect(mail.getTime() - check.getTime()).toBe(4 * 3_600_000)
  })
})
