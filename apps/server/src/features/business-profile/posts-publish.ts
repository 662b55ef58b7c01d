// Publishing a post on Google (issue 33 item 6, ADR 036 "Publishing once"). A post goes out when its
// row is claimed: 'publish now' inserts it claimed, and the planner's tick (automation/runner.ts)
// claims the due scheduled ones in one statement (status 'scheduled' → 'publishing', SKIP LOCKED),
// so one instance out of several takes each. Google's name is stored the moment the create answers;
// a try after one whose answer was lost (a crash, a timeout) first looks in Google's list for the
// post it may have created, so a retry never creates it twice. Google's 10 edits a minute per
// profile are counted in business_profile_post_edits: over it, the post waits for the next minute.
import {
  POST_EDITS_PER_MINUTE,
  localTimeIn,
  nextOccurrence,
  zonedToUtc,
  type PostRepeat,
} from '@localseo/shared/business-profile-posts'
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import {
  businessProfilePostEdits,
  businessProfilePosts,
} from '../../db/schema/business-profile-posts.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness } from '../../lib/tenant.js'
import {
  googleOAuthConfig,
  GoogleTokenRefused,
  withGoogleToken,
  type GoogleOAuthConfig,
} from '../integrations/public.js'
import {
  businessProfileApis,
  createLocalPost,
  listLocalPosts,
  ProfileRefused,
  refused,
  v4Location,
  type GoogleLocalPost,
  type LocalPostBody,
} from './google-api.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>
export type PostRow = typeof businessProfilePosts.$inferSelect
type Link = typeof businessProfileLinks.$inferSelect

const p = businessProfilePosts
/** Posts claimed per tick; the rest wait a minute. */
const CLAIM_BATCH = 50
/** A post still 'publishing' this long after its claim lost its instance: it is taken again. */
const LEASE_MS = 10 * 60_000
/** Tries before a post Google keeps refusing for its quota, or cannot be reached for, fails. */
const MAX_ATTEMPTS = 5
/** Google's answer may carry a createTime a little before our row's, clocks differing. */
const CLOCK_SKEW_MS = 5 * 60_000

const REJECTED =
  "Google rejected this post: it may break Google's content policy (for example a phone number in the text, or a link Google does not accept). Change it and publish again."

// ---- the LocalPost body ---------------------------------------------------------------------

function dayAndTime(local: string) {
  const [date, time] = local.split('T') as [string, string]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return { date: { year, month, day }, time: { hours, minutes } }
}

/** The post as Google's LocalPost takes it (only the fields the owner filled). */
export function localPostBody(row: PostRow): LocalPostBody {
  const topicType = row.topicType as LocalPostBody['topicType']
  const body: LocalPostBody = { languageCode: 'en', topicType }
  if (row.summary) body.summary = row.summary
  if (row.ctaType && topicType !== 'OFFER') {
    body.callToAction = {
      actionType: row.ctaType,
      ...(row.ctaType !== 'CALL' && row.ctaUrl ? { url: row.ctaUrl } : {}),
    }
  }
  if (topicType !== 'STANDARD' && row.eventTitle && row.eventStart && row.eventEnd) {
    const start = dayAndTime(row.eventStart)
    const end = dayAndTime(row.eventEnd)
    body.event = {
      title: row.eventTitle,
      schedule: {
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: end.time,
      },
    }
  }
  if (topicType === 'OFFER') {
    const offer = {
      ...(row.offerCoupon ? { couponCode: row.offerCoupon } : {}),
      ...(row.offerUrl ? { redeemOnlineUrl: row.offerUrl } : {}),
      ...(row.offerTerms ? { termsConditions: row.offerTerms } : {}),
    }
    if (Object.keys(offer).length > 0) body.offer = offer
  }
  if (row.imageUrl) body.media = [{ mediaFormat: 'PHOTO', sourceUrl: row.imageUrl }]
  return body
}

// ---- Google's quota: 10 edits a minute per profile location --------------------------------

/**
 * Counts one edit of the profile location unless 10 were sent in the last minute; answers whether
 * it may be sent now. Held under the business's lock, so two requests never both take the tenth.
 */
export async function reserveEdit(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  googleLocation: string,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const e = businessProfilePostEdits
    const since = new Date(now.getTime() - 60_000)
    const [sent] = await tx
      .select({ n: count() })
      .from(e)
      .where(
        and(eq(e.businessId, businessId), eq(e.googleLocation, googleLocation), gt(e.at, since)),
      )
    if ((sent?.n ?? 0) >= POST_EDITS_PER_MINUTE) return false
    // The minute's count is all that is read: older edits go as new ones come.
    await tx
      .delete(e)
      .where(and(eq(e.businessId, businessId), sql`${e.at} <= ${since.toISOString()}`))
    await tx.insert(e).values({ businessId, googleLocation, at: now })
    return true
  })
}

export const QUOTA_WAIT =
  'Google takes at most 10 changes a minute for one profile: wait a minute and try again.'

// ---- claiming and publishing ----------------------------------------------------------------

/**
 * The planner's part (each tick, on every instance): claims the due scheduled posts, and those a
 * lost instance left 'publishing', in one statement, then publishes them one after the other.
 * Answers how many it claimed.
 */
export async function publishDuePosts(deps: Deps): Promise<number> {
  const now = deps.clock.now()
  const leaseEnded = new Date(now.getTime() - LEASE_MS)
  const claimed = await deps.db.execute(sql`
    update ${p} set status = 'publishing', claimed_at = ${now.toISOString()},
      attempts = ${p.attempts} + 1, updated_at = ${now.toISOString()}
    where ${p.id} in (
      select id from ${p}
      where (status = 'scheduled' and publish_at <= ${now.toISOString()})
         or (status = 'publishing' and claimed_at < ${leaseEnded.toISOString()})
      order by publish_at
      limit ${CLAIM_BATCH}
      for update skip locked)
    returning id, business_id`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  const rows = (claimed as { rows: { id: string; business_id: string }[] }).rows
  for (const row of rows) {
    try {
      await publishClaimed(deps, row.business_id, row.id)
    } catch (error) {
      // One post's failure is its own; the others still go. It is taken again when its lease ends.
      deps.logger.error({ err: error, postId: row.id }, 'publishing a post failed')
    }
  }
  return rows.length
}

/** Why a post whose place lost its link (ADR 055) was not sent. */
export const NOT_LINKED =
  'Not sent: this location is no longer linked to a Business Profile. Link it in Settings, then publish it again.'

async function claimedRow(deps: Deps, businessId: string, postId: string) {
  const [row] = await deps.db
    .select({ post: p, link: businessProfileLinks, timeZone: businesses.timeZone })
    .from(p)
    .leftJoin(businessProfileLinks, eq(businessProfileLinks.id, p.linkId))
    .innerJoin(businesses, eq(businesses.id, p.businessId))
    .where(and(eq(p.businessId, businessId), eq(p.id, postId), eq(p.status, 'publishing')))
  return row
}

/** Google's post state as ours: a post Google still reviews stays 'publishing' with its name. */
function outcomeOf(post: GoogleLocalPost) {
  if (post.state === 'LIVE') return { status: 'live' as const, reason: null }
  if (post.state === 'REJECTED') return { status: 'rejected' as const, reason: REJECTED }
  return { status: 'publishing' as const, reason: null }
}

/**
 * The post we may have created on an earlier try: the same text and type, made after our row, and
 * not one another of our posts already holds (the same words posted twice are two posts).
 */
async function ours(
  deps: Deps,
  row: PostRow,
  link: Link,
  posts: GoogleLocalPost[],
): Promise<GoogleLocalPost | undefined> {
  if (row.googleName) return posts.find((g) => g.name === row.googleName)
  const taken = await deps.db
    .select({ name: p.googleName })
    .from(p)
    .where(and(eq(p.businessId, row.businessId), eq(p.linkId, link.id), isNotNull(p.googleName)))
  const held = new Set(taken.map((t) => t.name))
  const after = row.createdAt.getTime() - CLOCK_SKEW_MS
  return posts.find(
    (g) =>
      !held.has(g.name) &&
      g.summary === row.summary &&
      g.topicType === row.topicType &&
      (g.createTime === null || new Date(g.createTime).getTime() >= after),
  )
}

async function sendToGoogle(
  deps: Deps,
  config: GoogleOAuthConfig,
  row: PostRow,
  link: Link,
): Promise<GoogleLocalPost | 'gone'> {
  const apis = businessProfileApis(deps.env)
  const location = v4Location(link.account, link.googleLocation)
  return withGoogleToken(deps, config, row.businessId, async (token) => {
    // A try after another (its answer lost, or its instance gone): Google may have the post.
    if (row.attempts > 1 || row.googleName) {
      const found = await ours(deps, row, link, await listLocalPosts(apis, token, location))
      if (found) return found
      if (row.googleName) return 'gone'
    }
    const created = await createLocalPost(apis, token, location, localPostBody(row))
    // Kept before anything else: whatever happens next, a retry finds this name.
    await deps.db
      .update(p)
      .set({ googleName: created.name })
      .where(and(eq(p.businessId, row.businessId), eq(p.id, row.id)))
    return created
  })
}

/** The next occurrence of a repeated post, scheduled in the same transaction as this one's end. */
async function scheduleNext(tx: Tx, row: PostRow, timeZone: string, now: Date) {
  const repeat = row.repeat as PostRepeat
  if (repeat === 'none' || !row.publishAtLocal) return
  // The series' day of the month: its first occurrence's (a post of the 31st stays the 31st).
  const day = row.repeatDay ?? Number(row.publishAtLocal.slice(8, 10))
  let next = nextOccurrence(row.publishAtLocal, repeat, day)
  // Missed while the app was down: the next one still to come, never a burst of old ones.
  const nowLocal = localTimeIn(now, timeZone)
  while (next <= nowLocal) next = nextOccurrence(next, repeat, day)
  if (row.repeatUntil && next.slice(0, 10) > row.repeatUntil) return
  // The same post and place, the same repeat: nothing of this one's publishing is carried over.
  await tx.insert(p).values({
    businessId: row.businessId,
    linkId: row.linkId,
    locationKey: row.locationKey,
    topicType: row.topicType,
    summary: row.summary,
    ctaType: row.ctaType,
    ctaUrl: row.ctaUrl,
    eventTitle: row.eventTitle,
    eventStart: row.eventStart,
    eventEnd: row.eventEnd,
    offerCoupon: row.offerCoupon,
    offerUrl: row.offerUrl,
    offerTerms: row.offerTerms,
    imageUrl: row.imageUrl,
    repeat: row.repeat,
    repeatUntil: row.repeatUntil,
    sample: row.sample,
    status: 'scheduled',
    publishAt: zonedToUtc(next, timeZone),
    publishAtLocal: next,
    repeatDay: day,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  })
}

/** Ends the publishing: the post's outcome, and the repeat's next post once this one went out. */
async function finish(
  deps: Deps,
  row: PostRow,
  timeZone: string,
  set: Partial<PostRow> & { status: PostRow['status'] },
) {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(p)
      .set({
        ...set,
        // Only the newest post of a repeat carries it: the next one is scheduled below.
        ...(set.status === 'live' ? { repeat: 'none', publishedAt: now } : {}),
        claimedAt: set.status === 'publishing' ? row.claimedAt : null,
        updatedAt: now,
      })
      .where(and(eq(p.businessId, row.businessId), eq(p.id, row.id), eq(p.status, 'publishing')))
      .returning({ id: p.id })
    if (ended && set.status === 'live') await scheduleNext(tx, row, timeZone, now)
  })
}

/**
 * Publishes one claimed post (status 'publishing'): on Google, or kept here for a sample profile.
 * Google's quota and an unreachable Google hand it back to the next tick (up to 5 tries); its other
 * refusals fail it with the reason in words. Answers the refusal, if Google refused.
 */
export async function publishClaimed(
  deps: Deps,
  businessId: string,
  postId: string,
): Promise<ProfileRefused | AppError | null> {
  const claimed = await claimedRow(deps, businessId, postId)
  if (!claimed) return null
  const { post: row, link, timeZone } = claimed
  if (!link) {
    await finish(deps, row, timeZone, { status: 'failed', reason: NOT_LINKED })
    return null
  }
  const config = googleOAuthConfig(deps.env)
  if (row.sample || !config) {
    // A sample profile: nothing is sent to Google, and the post says so.
    await finish(deps, row, timeZone, { status: 'live', reason: null })
    return null
  }
  const now = deps.clock.now()
  if (!row.googleName && !(await reserveEdit(deps, businessId, link.googleLocation, now))) {
    await finish(deps, row, timeZone, { status: 'scheduled', reason: QUOTA_WAIT })
    return new AppError('rate_limited', QUOTA_WAIT)
  }
  try {
    const sent = await sendToGoogle(deps, config, row, link)
    if (sent === 'gone') {
      await finish(deps, row, timeZone, {
        status: 'failed',
        reason: 'Google no longer has this post: it may have been deleted on Google.',
      })
      return null
    }
    await finish(deps, row, timeZone, {
      ...outcomeOf(sent),
      googleName: sent.name,
      searchUrl: sent.searchUrl,
    })
    return null
  } catch (error) {
    const refusal =
      error instanceof GoogleTokenRefused ? refused('unavailable', error.message) : error
    if (!(refusal instanceof AppError)) throw error
    const passing =
      refusal instanceof ProfileRefused &&
      (refusal.refusal.kind === 'quota' || refusal.refusal.kind === 'unavailable')
    const again = passing && row.attempts < MAX_ATTEMPTS
    await finish(deps, row, timeZone, {
      status: again ? 'scheduled' : 'failed',
      reason: again ? `Will try again in a minute. ${refusal.message}` : refusal.message,
    })
    return refusal
  }
}
