// Business Profile posts (issue 33 item 6, ADR 036): what the owner writes, as Google's My Business
// v4 LocalPost takes it (an Update is STANDARD, an Offer OFFER, an Event EVENT), when it goes out
// (now, as a draft, or at a time of the business's own time zone, repeated weekly or monthly), and
// the posts as the screen lists them. The same schema checks the editor and the server (422 before
// anything is written or sent).
import { z } from 'zod'
import { profileRefusalSchema } from './business-profile.js'

/** Google's limit for a post's text (LocalPost.summary). */
export const POST_SUMMARY_MAX = 1500
/** Google's limit on edits: 10 a minute per profile location (ADR 034 "Quotas"). */
export const POST_EDITS_PER_MINUTE = 10

export const POST_TYPES = ['STANDARD', 'OFFER', 'EVENT'] as const
export type PostType = (typeof POST_TYPES)[number]
export const POST_TYPE_LABELS: Record<PostType, string> = {
  STANDARD: 'Update',
  OFFER: 'Offer',
  EVENT: 'Event',
}

/** Google's CallToAction.actionType values we offer; CALL dials the profile's phone (no URL). */
export const CALL_TO_ACTIONS = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const
export type CallToActionType = (typeof CALL_TO_ACTIONS)[number]
export const CALL_TO_ACTION_LABELS: Record<CallToActionType, string> = {
  BOOK: 'Book',
  ORDER: 'Order online',
  SHOP: 'Buy',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  CALL: 'Call now',
}

export const POST_REPEATS = ['none', 'weekly', 'monthly'] as const
export type PostRepeat = (typeof POST_REPEATS)[number]

/** 'now' publishes at once, 'draft' keeps it here, 'schedule' publishes at `publishAt`. */
export const POST_WHEN = ['now', 'draft', 'schedule'] as const

const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Pick a date and time.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), 'Pick a date and time.')
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Pick a date.')

const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const url = new URL(v)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Enter a web address starting with https://')

const optionalText = (max: number) => z.string().trim().max(max).default('')

/** What the editor sends for a post's content: one post written once, for one or more places. */
export const postContentSchema = z
  .object({
    topicType: z.enum(POST_TYPES),
    summary: z
      .string()
      .trim()
      .max(POST_SUMMARY_MAX, `Google takes at most ${POST_SUMMARY_MAX} characters.`)
      .default(''),
    callToAction: z
      .object({ actionType: z.enum(CALL_TO_ACTIONS), url: webUrl.or(z.literal('')).default('') })
      .nullable()
      .default(null),
    /** Offers and events: Google requires the event's title and schedule for both. */
    event: z
      .object({
        title: z.string().trim().min(1, 'Give it a title.').max(58, 'At most 58 characters.'),
        start: localDateTime,
        end: localDateTime,
      })
      .nullable()
      .default(null),
    offer: z
      .object({
        couponCode: optionalText(58),
        redeemOnlineUrl: webUrl.or(z.literal('')).default(''),
        termsConditions: optionalText(5000),
      })
      .nullable()
      .default(null),
    /** A photo Google fetches from this address (LocalPost.media[].sourceUrl). */
    imageUrl: webUrl.or(z.literal('')).default(''),
  })
  .superRefine((post, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message })
    if (post.topicType === 'STANDARD' && post.summary === '') {
      issue(['summary'], 'Write what you want to tell your customers.')
    }
    if (post.topicType !== 'STANDARD') {
      if (!post.event) issue(['event'], 'Give it a title and dates.')
      else if (post.event.end <= post.event.start) {
        issue(['event', 'end'], 'The end must come after the start.')
      }
    }
    if (post.topicType === 'OFFER' && post.callToAction) {
      issue(['callToAction'], 'Google shows no button on an offer: use the offer link instead.')
    }
    if (post.topicType !== 'OFFER' && post.offer) issue(['offer'], 'Only offers have these.')
    const cta = post.callToAction
    if (cta && cta.actionType !== 'CALL' && cta.url === '') {
      issue(['callToAction', 'url'], 'Add the page the button opens.')
    }
    if (cta && cta.actionType === 'CALL' && cta.url !== '') {
      issue(['callToAction', 'url'], 'Call now dials your phone number: leave the address empty.')
    }
  })
export type PostContent = z.infer<typeof postContentSchema>
export type PostContentInput = z.input<typeof postContentSchema>

/** POST /api/business-profile/posts */
export const postInputSchema = z
  .object({
    /** Our places ('main' or location ids) to post to: one post each. */
    locations: z
      .array(z.string().min(1).max(100))
      .min(1, 'Choose at least one location.')
      .max(50)
      .refine((l) => new Set(l).size === l.length, 'Each location once.'),
    content: postContentSchema,
    when: z.enum(POST_WHEN),
    /** The business's own wall-clock time ('2026-12-01T09:00'), for 'schedule'. */
    publishAt: localDateTime.nullable().default(null),
    repeat: z.enum(POST_REPEATS).default('none'),
    /** The last day a repeat may go out (the business's day); none: until stopped. */
    repeatUntil: localDate.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.when === 'schedule' && !input.publishAt) {
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Pick when it goes out.' })
    }
    if (input.repeat !== 'none' && input.when === 'draft') {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'A draft does not repeat.' })
    }
    if (input.repeatUntil && input.publishAt && input.repeatUntil < input.publishAt.slice(0, 10)) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeatUntil'],
        message: 'The last day comes after the first post.',
      })
    }
  })
export type PostInput = z.infer<typeof postInputSchema>
export type PostInputValue = z.input<typeof postInputSchema>

/** PATCH /api/business-profile/posts/:id: the content, and for one not sent yet, when. */
export const postUpdateSchema = z.object({
  content: postContentSchema,
  when: z.enum(POST_WHEN).optional(),
  publishAt: localDateTime.nullable().optional(),
  repeat: z.enum(POST_REPEATS).optional(),
  repeatUntil: localDate.nullable().optional(),
})
export type PostUpdate = z.infer<typeof postUpdateSchema>

export const POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'live',
  'rejected',
  'failed',
] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const postSchema = z.object({
  id: z.string(),
  location: z.string(),
  content: z.object({
    topicType: z.enum(POST_TYPES),
    summary: z.string(),
    callToAction: z.object({ actionType: z.enum(CALL_TO_ACTIONS), url: z.string() }).nullable(),
    event: z.object({ title: z.string(), start: z.string(), end: z.string() }).nullable(),
    offer: z
      .object({ couponCode: z.string(), redeemOnlineUrl: z.string(), termsConditions: z.string() })
      .nullable(),
    imageUrl: z.string(),
  }),
  status: z.enum(POST_STATUSES),
  /** When it goes (or went) out, UTC; and as the business's wall-clock time it was chosen in. */
  publishAt: z.string().nullable(),
  publishAtLocal: z.string().nullable(),
  repeat: z.enum(POST_REPEATS),
  repeatUntil: z.string().nullable(),
  /** Google's 'accounts/…/locations/…/localPosts/…' once created there. */
  googleName: z.string().nullable(),
  /** The post on Google Search, when Google gave it. */
  searchUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Why it failed or Google rejected it, in words. */
  reason: z.string().nullable(),
  /** Kept here only: a sample profile (no Google client), never sent to Google. */
  sample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ProfilePost = z.infer<typeof postSchema>

export const postsPageSchema = z.object({
  posts: z.array(postSchema),
  /** The linked profile of the place, or null when it is not linked yet. */
  link: z.object({ title: z.string(), googleLocation: z.string(), sample: z.boolean() }).nullable(),
  timeZone: z.string(),
})
export type PostsPage = z.infer<typeof postsPageSchema>

/** DELETE's answer: the post removed (here, and on Google when it was there). */
export const postDeletedSchema = z.object({ deleted: z.string() })

/** POST's answer: the posts written, one per place, and Google's refusal if one was refused. */
export const postsCreatedSchema = z.object({
  posts: z.array(postSchema),
  refusal: profileRefusalSchema.nullable(),
})
export type PostsCreated = z.infer<typeof postsCreatedSchema>

// ---- time in the business's time zone -------------------------------------------------------

const partsFormats = new Map<string, Intl.DateTimeFormat>()

function partsIn(at: Date, timeZone: string) {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    partsFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** The wall-clock time ('YYYY-MM-DDTHH:mm') it is at `at` in `timeZone`. */
export function localTimeIn(at: Date, timeZone: string): string {
  return partsIn(at, timeZone)
}

/**
 * The instant a wall-clock time of `timeZone` is ('2026-01-15T09:00' in America/New_York is
 * 14:00 UTC). A time the clocks skip (spring forward) is taken an hour later, as a phone does.
 */
export function zonedToUtc(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local}:00Z`)
  const offsetAt = (at: number) => Date.parse(`${partsIn(new Date(at), timeZone)}:00Z`) - at
  const first = offsetAt(asUtc)
  const second = offsetAt(asUtc - first)
  const guess = asUtc - second
  if (partsIn(new Date(guess), timeZone) === local) return new Date(guess)
  // In the hour the clocks skip: read with the offset before the change, it is an hour later.
  return new Date(asUtc - Math.min(first, second))
}

/**
 * The next occurrence of a repeated post, on the business's clock. A monthly one keeps its day
 * (`day`, the series' first day of the month, by default this occurrence's): the 31st goes out on
 * the 30th of a 30-day month and on the 31st again after it, never drifting to the 28th.
 */
export function nextOccurrence(
  local: string,
  repeat: Exclude<PostRepeat, 'none'>,
  day?: number,
): string {
  const [date, time] = local.split('T') as [string, string]
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const pad = (n: number) => String(n).padStart(2, '0')
  if (repeat === 'weekly') {
    const next = new Date(Date.UTC(y, m - 1, d + 7))
    return `${next.toISOString().slice(0, 10)}T${time}`
  }
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const month = new Date(Date.UTC(y, m, 1))
  return `${month.getUTCFullYear()}-${pad(month.getUTCMonth() + 1)}-${pad(Math.min(day ?? d, lastDay))}T${time}`
}
