// What an owner hears about (issue 16 item 4), in the app's notification list: a tracked keyword
// that leaves the top 3 or the top 10, or moves by 5 places or more, and a backlink that is lost.
import { z } from 'zod'

export const ALERT_KINDS = ['rank_drop', 'rank_rise', 'backlink_lost'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** A move of this many places or more is worth telling. */
export const BIG_MOVE = 5

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number(),
})

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/**
 * The one sentence a day's move of a tracked keyword is worth, or null when it is not news: leaving
 * the top 3 or the top 10 comes first, then a move of BIG_MOVE places either way. Simulated positions
 * are named so.
 */
export function rankMoveAlert(
  keyword: string,
  from: number,
  to: number,
  /** Positions from the simulated provider say so, as every position on screen does. */
  simulated = false,
): { kind: AlertKind; message: string } | null {
  const was = simulated ? `(was #${from}, simulated)` : `(was #${from})`
  if (from <= 3 && to > 3) {
    return { kind: 'rank_drop', message: `'${keyword}' left the top 3: now #${to} ${was}.` }
  }
  if (from <= 10 && to > 10) {
    return { kind: 'rank_drop', message: `'${keyword}' left the top 10: now #${to} ${was}.` }
  }
  if (to - from >= BIG_MOVE) {
    return {
      kind: 'rank_drop',
      message: `'${keyword}' fell ${places(to - from)} to #${to} ${was}.`,
    }
  }
  if (from - to >= BIG_MOVE) {
    return {
      kind: 'rank_rise',
      message: `'${keyword}' rose ${places(from - to)} to #${to} ${was}.`,
    }
  }
  return null
}
