// Business Profile posts (issue 33 item 6, ADR 036): written once for one or more of our linked
// places (a row each), kept as a draft, published now or at a time of the business's own time zone,
// repeated weekly or monthly; listed per place with their state; changed on Google with an
// updateMask of what changed; deleted on Google too. Without a Google client the places are linked
// to sample profiles and their posts stay here, labelled 'Sample: not sent to Google'. Every query
// carries the caller's business id (docs/house-rules.md "Tenant scoping inside the query").
import {
  localTimeIn,
  zonedToUtc,
  type PostContent,
  type PostInput,
  type PostsCreated,
  type PostsPage,
  type PostUpdate,
  type ProfilePost,
} from '@localseo/shared/business-profile-posts'
import type { Business } from '@localseo/shared/business'
import { resolveLocation } from '@localseo/shared/location-selection'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import { businessProfilePosts } from '../../db/schema/business-profile-posts.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { requireLocation } from '../../lib/tenant.js'
import {
  connectionRow,
  GOOGLE_SCOPES,
  GoogleTokenRefused,
  withGoogleToken,
  type GoogleOAuthConfig,
} from '../integrations/public.js'
import {
  businessProfileApis,
  deleteLocalPost,
  patchLocalPost,
  ProfileRefused,
  refused,
  type LocalPostBody,
} from './google-api.js'
import {
  localPostBody,
  NOT_LINKED,
  publishClaimed,
  QUOTA_WAIT,
  reserveEdit,
  type PostRow,
} from './posts-publish.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

const p = businessProfilePosts
const POSTS_SHOWN = 100
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const NOT_READY = {
  not_connected: 'Connect your Google Business Profile in Settings to post to it.',
  needs_consent:
    'Your Google connection does not include the Business Profile yet: connect it in Settings.',
  revoked: 'Google no longer accepts this connection: reconnect the Business Profile in Settings.',
} as const

/** Posting needs the Business Profile's scope on a live connection (or sample profiles). */
async function requirePostable(deps: Deps, config: GoogleOAuthConfig | undefined, id: string) {
  if (!config) return
  const row = await connectionRow(deps.db, id)
  if (!row) throw new AppError('conflict', NOT_READY.not_connected)
  if (row.status === 'revoked') throw new AppError('conflict', NOT_READY.revoked)
  if (!row.scopes.split(/\s+/).includes(GOOGLE_SCOPES.businessProfile)) {
    throw new AppError('conflict', NOT_READY.needs_consent)
  }
}

function toPost(row: PostRow): ProfilePost {
  return {
    id: row.id,
    location: row.locationKey,
    content: {
      topicType: row.topicType as ProfilePost['content']['topicType'],
      summary: row.summary,
      callToAction: row.ctaType
        ? {
            actionType: row.ctaType as NonNullable<
              ProfilePost['content']['callToAction']
            >['actionType'],
            url: row.ctaUrl ?? '',
          }
        : null,
      event:
        row.eventTitle && row.eventStart && row.eventEnd
          ? { title: row.eventTitle, start: row.eventStart, end: row.eventEnd }
          : null,
      offer:
        row.topicType === 'OFFER'
          ? {
              couponCode: row.offerCoupon ?? '',
              redeemOnlineUrl: row.offerUrl ?? '',
              termsConditions: row.offerTerms ?? '',
            }
          : null,
      imageUrl: row.imageUrl ?? '',
    },
    status: row.status as ProfilePost['status'],
    publishAt: row.publishAt?.toISOString() ?? null,
    publishAtLocal: row.publishAtLocal,
    repeat: row.repeat as ProfilePost['repeat'],
    repeatUntil: row.repeatUntil,
    googleName: row.googleName,
    searchUrl: row.searchUrl,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    reason: row.reason,
    sample: row.sample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The columns of a post's content. */
function contentColumns(content: PostContent) {
  const offer = content.topicType === 'OFFER' ? content.offer : null
  return {
    topicType: content.topicType,
    summary: content.summary,
    ctaType: content.callToAction?.actionType ?? null,
    ctaUrl: content.callToAction?.url || null,
    eventTitle: content.event?.title ?? null,
    eventStart: content.event?.start ?? null,
    eventEnd: content.event?.end ?? null,
    offerCoupon: offer?.couponCode || null,
    offerUrl: offer?.redeemOnlineUrl || null,
    offerTerms: offer?.termsConditions || null,
    imageUrl: content.imageUrl || null,
  }
}

/** When a post goes out: now, never (a draft), or the business's wall-clock time as UTC. */
function timing(
  business: Business,
  when: PostInput['when'],
  publishAt: string | null,
  now: Date,
): Pick<PostRow, 'status' | 'publishAt' | 'publishAtLocal'> {
  if (when === 'draft') return { status: 'draft', publishAt: null, publishAtLocal: null }
  if (when === 'now') {
    // Its wall-clock time too: a repeat goes out at this time of day, a week or a month on.
    return {
      status: 'publishing',
      publishAt: now,
      publishAtLocal: localTimeIn(now, business.timeZone),
    }
  }
  const at = zonedToUtc(publishAt!, business.timeZone)
  // A minute's grace: a time picked for 'this minute' is not refused on the way.
  if (at.getTime() < now.getTime() - 60_000) {
    throw new AppError('validation_failed', 'Pick a time that is still to come.', [
      { path: 'publishAt', message: 'This time has passed.' },
    ])
  }
  return { status: 'scheduled', publishAt: at, publishAtLocal: publishAt }
}

/** The links of these places shown now (sample ones only without a Google client). */
async function linksOf(deps: Deps, businessId: string, keys: string[], sample: boolean) {
  return deps.db
    .select()
    .from(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        inArray(businessProfileLinks.locationKey, keys),
        eq(businessProfileLinks.sample, sample),
      ),
    )
}

/** GET /api/business-profile/posts?location=: the place's posts, the newest first. */
export async function listPosts(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  locationKey: string,
): Promise<PostsPage> {
  const [link] = await linksOf(deps, business.id, [locationKey], !config)
  const rows = await deps.db
    .select()
    .from(p)
    .where(
      and(eq(p.businessId, business.id), eq(p.locationKey, locationKey), eq(p.sample, !config)),
    )
    .orderBy(desc(sql`coalesce(${p.publishAt}, ${p.createdAt})`), desc(p.createdAt))
    .limit(POSTS_SHOWN)
  return {
    posts: rows.map(toPost),
    link: link
      ? { title: link.title, googleLocation: link.googleLocation, sample: link.sample }
      : null,
    timeZone: business.timeZone,
  }
}

/**
 * POST /api/business-profile/posts: a post per place chosen (each must be the business's own, 404
 * otherwise, and linked to its profile, 422 otherwise). Published now, each in turn: Google's
 * refusal is the post's state and is answered with the posts.
 */
export async function createPosts(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  input: PostInput,
): Promise<PostsCreated> {
  const places = input.locations.map((key) => requireLocation(business, key))
  await requirePostable(deps, config, business.id)
  const links = await linksOf(
    deps,
    business.id,
    places.map((place) => place.id),
    !config,
  )
  const unlinked = places.filter((place) => !links.some((l) => l.locationKey === place.id))
  if (unlinked.length > 0) {
    throw new AppError(
      'validation_failed',
      'Link these locations to their Business Profile first.',
      [
        {
          path: 'locations',
          message: `Not linked yet: ${unlinked.map((u) => resolveLocation(business, u.id).label).join(', ')}.`,
        },
      ],
    )
  }
  const now = deps.clock.now()
  const when = timing(business, input.when, input.publishAt, now)
  const rows = await deps.db
    .insert(p)
    .values(
      places.map((place) => {
        const link = links.find((l) => l.locationKey === place.id)!
        return {
          businessId: business.id,
          linkId: link.id,
          locationKey: place.id,
          ...contentColumns(input.content),
          ...when,
          repeat: input.when === 'draft' ? 'none' : input.repeat,
          repeatUntil: input.when === 'draft' ? null : input.repeatUntil,
          claimedAt: input.when === 'now' ? now : null,
          attempts: input.when === 'now' ? 1 : 0,
          sample: link.sample,
          createdAt: now,
          updatedAt: now,
        }
      }),
    )
    .returning({ id: p.id })
  let refusal: ProfileRefused['refusal'] | null = null
  if (input.when === 'now') {
    // One after the other: Google's quota is per project and minute (ADR 034).
    for (const row of rows) {
      const refused = await publishClaimed(deps, business.id, row.id)
      if (refused instanceof ProfileRefused) refusal ??= refused.refusal
    }
  }
  const stored = await deps.db
    .select()
    .from(p)
    .where(
      and(
        eq(p.businessId, business.id),
        inArray(
          p.id,
          rows.map((r) => r.id),
        ),
      ),
    )
  return { posts: stored.map(toPost), refusal }
}

async function ownPost(deps: Deps, businessId: string, id: string): Promise<PostRow> {
  const [row] = UUID.test(id)
    ? await deps.db
        .select()
        .from(p)
        .where(and(eq(p.businessId, businessId), eq(p.id, id)))
    : []
  if (!row) throw new AppError('not_found', 'This post does not exist.')
  if (row.status === 'publishing') {
    throw new AppError('conflict', 'This post is being published right now: try again in a minute.')
  }
  return row
}

/** The top-level LocalPost fields that differ: Google's updateMask. */
function changedFields(before: LocalPostBody, after: LocalPostBody): (keyof LocalPostBody)[] {
  const fields = ['summary', 'callToAction', 'event', 'offer', 'media'] as const
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
}

/** A post on Google whose place has lost the link to that profile (ADR 055). */
const PROFILE_UNLINKED =
  'The profile this post is on is no longer linked here: link this location to it again in Settings to change or delete the post on Google.'

/** Runs a write on Google for a post's profile location, under Google's edits quota. */
async function onGoogle<T>(
  deps: Deps,
  config: GoogleOAuthConfig,
  row: PostRow,
  write: (token: string) => Promise<T>,
): Promise<T> {
  const [link] = row.linkId
    ? await deps.db
        .select()
        .from(businessProfileLinks)
        .where(
          and(
            eq(businessProfileLinks.businessId, row.businessId),
            eq(businessProfileLinks.id, row.linkId),
          ),
        )
    : []
  if (!link) throw new AppError('conflict', PROFILE_UNLINKED)
  if (!(await reserveEdit(deps, row.businessId, link.googleLocation, deps.clock.now()))) {
    throw new AppError('rate_limited', QUOTA_WAIT)
  }
  try {
    return await withGoogleToken(deps, config, row.businessId, write)
  } catch (error) {
    // Refused again with a token Google had just renewed: a refusal, never a 5xx (ADR 034).
    if (error instanceof GoogleTokenRefused) throw refused('unavailable', error.message)
    throw error
  }
}

/**
 * PATCH /api/business-profile/posts/:id. A post on Google is changed there first, with an
 * updateMask of the fields that differ (its type cannot change: Google keeps it); nothing is
 * written here when Google refuses. One not sent yet takes the new content and, if given, when.
 */
export async function updatePost(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  id: string,
  update: PostUpdate,
): Promise<ProfilePost> {
  const row = await ownPost(deps, business.id, id)
  const now = deps.clock.now()
  const columns = contentColumns(update.content)
  const onGoogleAlready = row.googleName !== null && !row.sample
  if (row.googleName !== null || (row.sample && row.status === 'live')) {
    if (columns.topicType !== row.topicType) {
      throw new AppError('validation_failed', 'A post on Google keeps its type.', [
        { path: 'content.topicType', message: 'Write a new post to change its type.' },
      ])
    }
  }
  if (onGoogleAlready && config) {
    const before = localPostBody(row)
    const after = localPostBody({ ...row, ...columns })
    const mask = changedFields(before, after)
    if (mask.length > 0) {
      const body = Object.fromEntries(mask.map((f) => [f, after[f]]))
      const apis = businessProfileApis(deps.env)
      await requirePostable(deps, config, business.id)
      await onGoogle(deps, config, row, (token) =>
        patchLocalPost(apis, token, row.googleName!, body, mask),
      )
    }
    await deps.db
      .update(p)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(p.businessId, business.id), eq(p.id, row.id)))
    return toPost({ ...row, ...columns, updatedAt: now })
  }
  const sent = row.status === 'live' || row.status === 'rejected'
  if (update.when && update.when !== 'draft' && !sent && !row.linkId) {
    throw new AppError('conflict', NOT_LINKED)
  }
  if (update.when === 'now' && !sent) await requirePostable(deps, config, business.id)
  const when =
    update.when && !sent ? timing(business, update.when, update.publishAt ?? null, now) : {}
  const [saved] = await deps.db
    .update(p)
    .set({
      ...columns,
      ...when,
      ...(update.repeat && !sent
        ? { repeat: update.when === 'draft' ? 'none' : update.repeat }
        : {}),
      ...(update.repeatUntil !== undefined && !sent ? { repeatUntil: update.repeatUntil } : {}),
      ...(update.when === 'now' && !sent ? { claimedAt: now, attempts: 1 } : {}),
      reason: sent ? row.reason : null,
      updatedAt: now,
    })
    .where(and(eq(p.businessId, business.id), eq(p.id, row.id)))
    .returning()
  if (update.when !== 'now' || sent) return toPost(saved!)
  await publishClaimed(deps, business.id, row.id)
  const [published] = await deps.db
    .select()
    .from(p)
    .where(and(eq(p.businessId, business.id), eq(p.id, row.id)))
  return toPost(published!)
}

/** DELETE /api/business-profile/posts/:id: on Google first (already gone there is fine), then here. */
export async function deletePost(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  id: string,
): Promise<void> {
  const row = await ownPost(deps, business.id, id)
  if (row.googleName && !row.sample && config) {
    const apis = businessProfileApis(deps.env)
    try {
      await onGoogle(deps, config, row, (token) => deleteLocalPost(apis, token, row.googleName!))
    } catch (error) {
      // Deleted on Google already (by the owner there): nothing left but our row.
      if (!(error instanceof AppError && error.code === 'not_found')) throw error
    }
  }
  await deps.db.delete(p).where(and(eq(p.businessId, business.id), eq(p.id, row.id)))
}
