import { describe, expect, test } from 'vitest'
import { describeRunTime } from './automation'

describe('when a run happens, in words', () => {
  const now = new Date('2026-03-10T15:00:00Z') // 10:00 in Chicago (CDT)
  const zone = 'America/Chicago'

  test('due now, later today, tomorrow, yesterday, or a weekday and date', () => {
    expect(describeRunTime('2026-03-10T15:00:30Z', zone, now)).toBe('in a moment')
    // A run that ended a moment ago (issue 32 item 9); a next run just due is still to come.
    expect(describeRunTime('2026-03-10T14:59:30Z', zone, now, true)).toBe('just now')
    expect(describeRunTime('2026-03-10T14:59:30Z', zone, now)).toBe('in a moment')
    expect(describeRunTime('2026-03-10T21:30:00Z', zone, now)).toBe('today 4:30 PM')
    expect(describeRunTime('2026-03-11T09:10:00Z', zone, now)).toBe('tomorrow 4:10 AM')
    expect(describeRunTime('2026-03-09T09:10:00Z', zone, now)).toBe('yesterday 4:10 AM')
    expect(describeRunTime('2026-03-16T09:10:00Z', zone, now)).toBe('Mon, Mar 16, 4:10 AM')
  })

  test("the day is the business's: 7 pm in Los Angeles is today there, tomorrow in UTC", () => {
    expect(describeRunTime('2026-03-11T02:00:00Z', 'America/Los_Angeles', now)).toBe(
      'today 7:00 PM',
    )
  })
})
