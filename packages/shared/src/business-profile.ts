// Google Business Profile (issue 33, ADR 034): the owner's profile locations as we list them, the
// links between our locations and theirs, and the pure scoring that suggests each link by name,
// address and phone. The owner confirms every link; a suggestion is never saved on its own.
import { z } from 'zod'

/** A profile location Google lists (Business Information v1, read with our readMask). */
export const profileLocationSchema = z.object({
  /** 'locations/123…', Google's resource name. */
  name: z.string(),
  /** 'accounts/456…', the account it is listed under. */
  account: z.string(),
  title: z.string(),
  /** One line as Google holds it ('100 Congress Ave, Austin, TX 78701'); '' when it has none. */
  address: z.string(),
  phone: z.string(),
  placeId: z.string().nullable(),
  websiteUri: z.string().nullable(),
})
export type ProfileLocation = z.infer<typeof profileLocationSchema>

export const profileAccountSchema = z.object({
  /** 'accounts/456…' */
  name: z.string(),
  title: z.string(),
  locations: z.array(profileLocationSchema),
})
export type ProfileAccount = z.infer<typeof profileAccountSchema>

/** What Google refused, in its words, and what the owner can do about it (issue 33 item 7). */
export const profileRefusalSchema = z.object({
  /**
   * quota: 429 (an unapproved project's quota is 0); api_disabled: 403, the API is off in the
   * Cloud project; no_access: 403, this Google account cannot manage the profile; unavailable:
   * Google could not be reached or answered something unreadable; rejected: 400, Google refused
   * what was sent (a reply against its policy, ADR 037).
   */
  kind: z.enum(['quota', 'api_disabled', 'no_access', 'unavailable', 'rejected']),
  /** Google's own message, as it sent it ('' when it sent none). */
  google: z.string(),
  /** What the owner should do, in plain words. */
  action: z.string(),
})
export type ProfileRefusal = z.infer<typeof profileRefusalSchema>

/** One of our locations ('main' or a location id) linked to a profile location. */
export const profileLinkSchema = z.object({
  location: z.string(),
  googleLocation: z.string(),
  account: z.string(),
  title: z.string(),
  address: z.string(),
  placeId: z.string().nullable(),
  /** A link to a sample profile location (no Google client on this server). */
  sample: z.boolean(),
  linkedAt: z.string(),
})
export type ProfileLink = z.infer<typeof profileLinkSchema>

/**
 * The state of the Business Profile connection: 'sample' without GOOGLE_CLIENT_ID; otherwise the
 * Google connection, and whether it carries the business.manage scope (asked for on its own).
 */
export const PROFILE_CONNECTION_STATES = [
  'sample',
  'not_connected',
  'needs_consent',
  'revoked',
  'connected',
] as const
export type ProfileConnectionState = (typeof PROFILE_CONNECTION_STATES)[number]

/** GET /api/business-profile: read from our tables only. */
export const profileStatusSchema = z.object({
  connection: z.enum(PROFILE_CONNECTION_STATES),
  links: z.array(profileLinkSchema),
})
export type ProfileStatus = z.infer<typeof profileStatusSchema>

export const profileSuggestionSchema = z.object({
  /** Our location: 'main' or its id. */
  location: z.string(),
  label: z.string(),
  /** The best-matching profile location not taken by a better match, or null. */
  suggested: z
    .object({
      googleLocation: z.string(),
      score: z.number(),
      matched: z.array(z.enum(['name', 'address', 'phone'])),
    })
    .nullable(),
  /** The profile location the owner linked, or null. */
  linked: z.string().nullable(),
})
export type ProfileSuggestion = z.infer<typeof profileSuggestionSchema>

/** GET /api/business-profile/locations: the owner's profiles with a suggested link per location. */
export const profileLocationsSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    /** Sample profiles (labelled 'Sample') when this server has no Google client. */
    sample: z.boolean(),
    accounts: z.array(profileAccountSchema),
    suggestions: z.array(profileSuggestionSchema),
  }),
  z.object({ status: z.enum(['not_connected', 'needs_consent', 'revoked']), message: z.string() }),
  z.object({ status: z.literal('refused'), refusal: profileRefusalSchema }),
])
export type ProfileLocations = z.infer<typeof profileLocationsSchema>

/** PUT /api/business-profile/links/:location: the profile location the owner confirmed. */
export const profileLinkInputSchema = z
  .object({
    googleLocation: z
      .string()
      .regex(/^locations\/[\w-]{1,64}$/, "A profile location is written 'locations/' and its id."),
  })
  .strict()

// ---- Reviews (issue 33 item 2): what the daily import copied from Google, read from our tables ----

export const REVIEWS_PAGE_SIZE = 20

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01.')

/** GET /api/business-profile/reviews: one place's reviews, newest first, filtered and paged. */
export const reviewsQuerySchema = z
  .object({
    /** 'main' or a location id. */
    location: z.string().min(1).max(100).default('main'),
    rating: z.coerce.number().int().min(1).max(5).optional(),
    replied: z.enum(['true', 'false']).optional(),
    /** Written on or after this day, and on or before `to` (days in the business's time zone). */
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** Words in the review or the reviewer's name. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date comes before the end date.',
    path: ['from'],
  })
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>

// ---- Replies (issue 33 item 3, ADR 037): the owner's answer to a review, and its AI draft ----------

/** Google's ReviewReplyState: under Google's review, published, or refused for its policy. */
export const REVIEW_REPLY_STATES = ['PENDING', 'ACTIVE', 'REJECTED'] as const
export type ReviewReplyState = (typeof REVIEW_REPLY_STATES)[number]

/** Google's limit for a reply's comment: 4096 bytes of UTF-8 (My Business v4 ReviewReply). */
export const REPLY_MAX_BYTES = 4096

/** A reply's size as Google counts it: UTF-8 bytes (an accented letter is 2, most emoji 4). */
export const replyBytes = (text: string) => new TextEncoder().encode(text).length

/** Google's 'accounts/…/locations/…/reviews/…' as the reply routes take it. */
const reviewNameSchema = z
  .string()
  .trim()
  .min(1, 'Choose a review.')
  .max(500)
  .regex(/^accounts\/[^/]+\/locations\/[^/]+\/reviews\/[^/]+$/, 'Not a review of Google.')

/** POST /api/business-profile/reviews/reply: send (or replace) the owner's reply. */
export const reviewReplyInputSchema = z.object({
  review: reviewNameSchema,
  comment: z
    .string()
    .trim()
    .min(1, 'Write a reply first.')
    .refine((text) => replyBytes(text) <= REPLY_MAX_BYTES, {
      message: `Google allows replies up to ${REPLY_MAX_BYTES} bytes: shorten it a little.`,
    }),
})
export type ReviewReplyInput = z.input<typeof reviewReplyInputSchema>

/** DELETE /api/business-profile/reviews/reply?review=… and POST /reviews/draft { review }. */
export const reviewRefSchema = z.object({ review: reviewNameSchema })

/** The answer of POST /api/business-profile/reviews/draft: never sent by itself. */
export const reviewDraftSchema = z.object({
  draft: z.string(),
  /** Who wrote it: the configured model, the built-in writer, or the built-in one after the model failed. */
  source: z.enum(['built-in', 'model', 'fallback']),
  /** The language the draft is written in (ISO 639-1). */
  language: z.string(),
  /** Something the owner should know before sending (e.g. the review's language is not supported). */
  note: z.string().nullable(),
})
export type ReviewDraft = z.infer<typeof reviewDraftSchema>

export const profileReviewSchema = z.object({
  /** Google's 'accounts/…/locations/…/reviews/…'. */
  name: z.string(),
  reviewer: z.string(),
  reviewerAnonymous: z.boolean(),
  reviewerPhotoUrl: z.string().nullable(),
  /** 1-5 stars; null when Google gave none. */
  rating: z.number().nullable(),
  comment: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  reply: z
    .object({
      comment: z.string(),
      updateTime: z.string().nullable(),
      /** Google's ReviewReplyState (ADR 037); null when Google sent none (or a sample reply). */
      state: z.enum(REVIEW_REPLY_STATES).nullable(),
      /** Google's policy violation in words when it rejected the reply, else null. */
      policyViolation: z.string().nullable(),
    })
    .nullable(),
  /** A sample review (no Google client on this server). */
  sample: z.boolean(),
})
export type ProfileReview = z.infer<typeof profileReviewSchema>

/** The place's last reviews import: when it read Google, and what Google refused if it failed. */
export const reviewsImportSchema = z
  .object({
    googleLocation: z.string(),
    title: z.string(),
    sample: z.boolean(),
    importedAt: z.string().nullable(),
    attemptedAt: z.string().nullable(),
    status: z.enum(['ok', 'failed']).nullable(),
    reason: z.string().nullable(),
  })
  .nullable()

export const reviewsPageSchema = z.object({
  reviews: z.array(profileReviewSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** null when the place is not linked to a profile location. */
  import: reviewsImportSchema,
})
export type ReviewsPage = z.infer<typeof reviewsPageSchema>

export const reviewsSummarySchema = z.object({
  count: z.number(),
  /** Average stars, two decimals; null without a rated review. */
  average: z.number().nullable(),
  /** Reviews with 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number()).length(5),
  /**
   * The 12 months up to this one (in the business's time zone), oldest first, each with its reviews,
   * their average, the share of them answered and their median time to a reply (null without).
   */
  months: z.array(
    z.object({
      month: z.string(),
      count: z.number(),
      average: z.number().nullable(),
      responseRate: z.number().nullable(),
      medianReplyHours: z.number().nullable(),
    }),
  ),
  /** Share of reviews with a reply, 0-1; null without reviews. */
  responseRate: z.number().nullable(),
  /** Median hours from a review to its reply (the reply's last update); null without replies. */
  medianReplyHours: z.number().nullable(),
  import: reviewsImportSchema,
})
export type ReviewsSummary = z.infer<typeof reviewsSummarySchema>
