// When a business's automatic work runs (issue 16 item 2): early in the morning in the business's
// time zone, at a minute of the window drawn from its id, so that 10,000 businesses spread over
// four hours instead of all firing at 00:00 (docs/decisions/018-job-queue.md).
import cronParser from 'cron-parser'
import type { AutomationKind, Frequency } from '@localseo/shared/automation'
import { seededRandom } from '@localseo/shared/random'

/** The window starts at 03:00 local time and lasts four hours. */
const WINDOW_START_HOUR = 3
const WINDOW_MINUTES = 4 * 60
const MAIL_DELAY_HOURS = 4

/** The business's minute of the window, day of the week and of the month: the same every time. */
export function slotOf(businessId: string): {
  hour: number
  minute: number
  weekday: number
  monthday: number
} {
  const random = seededRandom('automation-slot', businessId)
  const offset = random.int(0, WINDOW_MINUTES - 1)
  return {
    hour: WINDOW_START_HOUR + Math.floor(offset / 60),
    minute: offset % 60,
    weekday: random.int(0, 6),
    // 1-28: every month has it.
    monthday: random.int(1, 28),
  }
}

/** The first run strictly after `after`, or null when the owner turned the work off. */
export function nextRunAt({
  businessId,
  frequency,
  timeZone,
  after,
  kind,
}: {
  businessId: string
  frequency: Frequency
  timeZone: string
  after: Date
  /** The alert email goes out four hours after the business's checks, with what they found. */
  kind?: AutomationKind
}): Date | null {
  if (frequency === 'off') return null
  const slot = slotOf(businessId)
  const { minute, weekday, monthday } = slot
  const hour = kind === 'alert_emails' ? slot.hour + MAIL_DELAY_HOURS : slot.hour
  const dayOfMonth = frequency === 'monthly' ? String(monthday) : '*'
  const dayOfWeek = frequency === 'weekly' ? String(weekday) : '*'
  const cron = `${minute} ${hour} ${dayOfMonth} * ${dayOfWeek}`
  return cronParser.parseExpression(cron, { currentDate: after, tz: timeZone }).next().toDate()
}
