// What an owner hears about (issue 16 item 4), in the app's notification list and the daily email:
// a tracked keyword that leaves the top 3 or the top 10 or moves by 5 places or more, a backlink
// that is lost or turns nofollow, a new critical issue in the website audit, and a listing whose
// name, address or phone stops matching the profile, and a new Google review (issue 33 item 2: 1 to
// 3 stars are emailed at once, the others wait for the daily email). The owner chooses the topics in
// Settings.
// In zod/mini: the header's bell parses the notifications on the dashboard's first screen
// (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'

export const ALERT_KINDS = [
  'rank_drop',
  'rank_rise',
  'backlink_lost',
  'backlink_nofollow',
  'audit_critical',
  'listing_mismatch',
  'review_low',
  'review_new',
  'competitor_overtook',
  'competitor_reviews',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** What the owner turns on or off in Settings: each topic covers one or more kinds. */
export const ALERT_TOPICS = [
  'rankings',
  'backlinks',
  'site_audit',
  'listings',
  'reviews',
  'competitors',
] as const
export type AlertTopic = (typeof ALERT_TOPICS)[number]

export const TOPIC_OF_KIND: Record<AlertKind, AlertTopic> = {
  rank_drop: 'rankings',
  rank_rise: 'rankings',
  backlink_lost: 'backlinks',
  backlink_nofollow: 'backlinks',
  audit_critical: 'site_audit',
  listing_mismatch: 'listings',
  review_low: 'reviews',
  review_new: 'reviews',
  competitor_overtook: 'competitors',
  competitor_reviews: 'competitors',
}

/** Kinds emailed as soon as they are found, not in the next daily email (issue 33 item 2). */
export const URGENT_ALERT_KINDS: readonly AlertKind[] = ['review_low']

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

/** A review of this many stars or fewer is emailed at once. */
export const LOW_REVIEW_STARS = 3
/** The review's words quoted in an alert, at most. */
const QUOTED_CHARACTERS = 120

/**
 * The one sentence a new Google review is worth: its stars, the place, the reviewer and the start of
 * their words. 1 to LOW_REVIEW_STARS stars is review_low, emailed at once.
 */
export function reviewAlert(review: {
  place: string
  reviewer: string
  rating: number | null
  comment: string
}): { kind: AlertKind; message: string } {
  const stars = review.rating === null ? 'review' : `${review.rating}-star review`
  const words = review.comment.replace(/\s+/g, ' ').trim()
  const quoted =
    words.length > QUOTED_CHARACTERS
      ? `: "${words.slice(0, QUOTED_CHARACTERS - 1).trimEnd()}…"`
      : words
        ? `: "${words}"`
        : '.'
  const low = review.rating !== null && review.rating <= LOW_REVIEW_STARS
  return {
    kind: low ? 'review_low' : 'review_new',
    message: `New ${stars} of ${review.place} from ${review.reviewer}${quoted}`,
  }
}
