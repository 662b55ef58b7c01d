// The owner's replies to Google reviews (issue 33 item 3, docs/decisions/037-review-replies.md):
// send or replace one (My Business v4 updateReply), remove it (deleteReply), and draft one with the
// AI service. A review is found by its name AND the caller's business (docs/house-rules.md "Tenant
// scoping inside the query"): another owner's review is a 404. A reply goes to Google once: the
// review row is claimed by one atomic UPDATE before Google is asked, so a second identical request
// (a double-click) answers the stored reply or 409 and never calls Google again. Without a Google
// client the reviews are samples and the reply is only stored here, labelled so.
import type { Business } from '@localseo/shared/business'
import type { ProfileReview, ReviewDraft } from '@localseo/shared/business-profile'
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businessProfileReviews } from '../../db/schema/business-profile.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import {
  GoogleTokenRefused,
  withGoogleToken,
  type GoogleOAuthConfig,
} from '../integrations/public.js'
import {
  businessProfileApis,
  deleteReply,
  refused,
  updateReply,
  type GoogleReply,
  type GoogleReview,
} from './google-api.js'
import { QUOTA_WAIT, reserveEdit } from './posts-publish.js'
import { toReview } from './reviews.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

const r = businessProfileReviews

/**
 * How long a claim holds: longer than a Google call and a token renewal with its retry (20 s
 * each), so a request still talking to Google is never overtaken; a crashed one frees the review.
 */
const CLAIM_MS = 2 * 60_000

export const REPLY_SENDING = 'This reply is already being sent.'
const NOT_FOUND = 'This review is not one of yours, or it is no longer on Google.'

/** The review, if it is this business's and shown now (sample ones only while Google is sample). */
const theReview = (businessId: string, review: string, sample: boolean) =>
  and(eq(r.businessId, businessId), eq(r.name, review), eq(r.sample, sample))

async function findReview(db: Db, businessId: string, review: string, sample: boolean) {
  const [row] = await db
    .select()
    .from(r)
    .where(theReview(businessId, review, sample))
  if (!row) throw new AppError('not_found', NOT_FOUND)
  return row
}

/**
 * Claims the review for one send: the one UPDATE that sets reply_sending_at wins; a concurrent
 * request finds it set and changes nothing. `unless` leaves a review alone that needs no call.
 */
async function claim(
  deps: Deps,
  businessId: string,
  review: string,
  sample: boolean,
  unless?: SQL,
) {
  const now = deps.clock.now()
  const [row] = await deps.db
    .update(r)
    .set({ replySendingAt: now })
    .where(
      and(
        theReview(businessId, review, sample),
        or(isNull(r.replySendingAt), lt(r.replySendingAt, new Date(now.getTime() - CLAIM_MS))),
        unless,
      ),
    )
    .returning()
  return row
}

async function release(deps: Deps, businessId: string, review: string, sample: boolean) {
  await deps.db
    .update(r)
    .set({ replySendingAt: null })
    .where(theReview(businessId, review, sample))
}

/** The profile location ('locations/…') a review is under: Google's edits quota is per location. */
const locationOf = (review: string) => review.split('/').slice(2, 4).join('/')

/**
 * Asks Google with the owner's token, within Google's 10 edits a minute per profile location (a
 * reply counts as a post does, ADR 034 "Quotas"); a refusal is never a 5xx to the owner.
 */
async function askGoogle<T>(
  deps: Deps,
  config: GoogleOAuthConfig,
  businessId: string,
  review: string,
  ask: (token: string) => Promise<T>,
): Promise<T> {
  if (!(await reserveEdit(deps, businessId, locationOf(review), deps.clock.now()))) {
    throw new AppError('rate_limited', QUOTA_WAIT)
  }
  try {
    return await withGoogleToken(deps, config, businessId, ask)
  } catch (error) {
    // Refused again with a renewed token, or Google did not renew it: try later, never a 502.
    if (error instanceof GoogleTokenRefused) throw refused('unavailable', error.message)
    if (error instanceof AppError && error.status >= 500) {
      throw refused('unavailable', error.message)
    }
    throw error
  }
}

/** Stores what Google (or, for a sample, this server) now has as the reply, and frees the claim. */
async function store(
  deps: Deps,
  businessId: string,
  review: string,
  sample: boolean,
  reply: GoogleReply | null,
): Promise<ProfileReview> {
  const now = deps.clock.now()
  const [row] = await deps.db
    .update(r)
    .set({
      replyComment: reply?.comment ?? null,
      replyUpdateTime: reply ? (reply.updateTime ? new Date(reply.updateTime) : now) : null,
      replyState: reply?.state ?? null,
      replyPolicyViolation: reply?.policyViolation ?? null,
      replySendingAt: null,
      replyChangedAt: now,
    })
    .where(theReview(businessId, review, sample))
    .returning()
  // Unlinked meanwhile (the row went with its link): Google has the reply, we no longer show it.
  if (!row) throw new AppError('not_found', NOT_FOUND)
  return toReview(row)
}

/**
 * POST /api/business-profile/reviews/reply: sends the reply to Google (PUT …/reviews/*\/reply) and
 * stores Google's answer; the same text again, while Google has not rejected it, sends nothing.
 */
export async function sendReply(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  businessId: string,
  { review, comment }: { review: string; comment: string },
): Promise<ProfileReview> {
  const sample = !config
  const needsSending = or(
    sql`${r.replyComment} is distinct from ${comment}`,
    eq(r.replyState, 'REJECTED'),
  )
  const claimed = await claim(deps, businessId, review, sample, needsSending)
  if (!claimed) {
    // Another request holds the claim, or this one needs no call to Google.
    const row = await findReview(deps.db, businessId, review, sample)
    if (row.replySendingAt && row.replySendingAt.getTime() > deps.clock.now().getTime() - CLAIM_MS)
      throw new AppError('conflict', REPLY_SENDING)
    // Already Google's reply (a double-click that came after the first finished): nothing to send.
    return toReview(row)
  }
  let reply: GoogleReply
  try {
    reply = config
      ? await askGoogle(deps, config, businessId, review, (token) =>
          updateReply(businessProfileApis(deps.env), token, review, comment),
        )
      : // A sample review: stored here only, and the screen says it was not sent.
        { comment, updateTime: null, state: null, policyViolation: null }
  } catch (error) {
    await release(deps, businessId, review, sample)
    throw error
  }
  return store(deps, businessId, review, sample, reply)
}

/** DELETE /api/business-profile/reviews/reply?review=…: removes the reply at Google, then here. */
export async function removeReply(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  businessId: string,
  review: string,
): Promise<ProfileReview> {
  const sample = !config
  const claimed = await claim(deps, businessId, review, sample, isNotNull(r.replyComment))
  if (!claimed) {
    // Another request holds the claim, or this one needs no call to Google.
    const row = await findReview(deps.db, businessId, review, sample)
    if (row.replyComment !== null) throw new AppError('conflict', REPLY_SENDING)
    return toReview(row)
  }
  try {
    if (config) {
      await askGoogle(deps, config, businessId, review, (token) =>
        deleteReply(businessProfileApis(deps.env), token, review),
      )
    }
  } catch (error) {
    await release(deps, businessId, review, sample)
    throw error
  }
  return store(deps, businessId, review, sample, null)
}

/** POST /api/business-profile/reviews/draft: a draft from the AI service, never sent by itself. */
export async function draftReply(
  deps: Deps & Pick<AppDeps, 'ai'>,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  userId: string,
  review: string,
): Promise<ReviewDraft> {
  const row = await findReview(deps.db, business.id, review, !config)
  return deps.ai.draftReviewReply({
    userId,
    business,
    review: {
      reviewer: row.reviewerName,
      anonymous: row.reviewerAnonymous,
      rating: row.rating,
      comment: row.comment,
    },
  })
}

/**
 * The sample import (no Google client) writes seeded reviews; the replies the owner sent or removed
 * here replace the seeded ones, so the next import does not undo them.
 */
export async function keepOwnerSampleReplies(
  db: Db,
  link: { id: string; businessId: string; sample: boolean },
  reviews: GoogleReview[],
): Promise<GoogleReview[]> {
  if (!link.sample) return reviews
  const owned = await db
    .select({ name: r.name, comment: r.replyComment, updateTime: r.replyUpdateTime })
    .from(r)
    .where(
      and(
        eq(r.businessId, link.businessId),
        eq(r.linkId, link.id),
        eq(r.sample, true),
        isNotNull(r.replyChangedAt),
      ),
    )
  const byName = new Map(owned.map((o) => [o.name, o]))
  return reviews.map((review) => {
    const own = byName.get(review.name)
    if (!own) return review
    return {
      ...review,
      reply:
        own.comment === null
          ? null
          : {
              comment: own.comment,
              updateTime: own.updateTime?.toISOString() ?? null,
              state: null,
              policyViolation: null,
            },
    }
  })
}
