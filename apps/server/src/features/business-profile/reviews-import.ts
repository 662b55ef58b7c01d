// The daily reviews import (issue 33 item 2, ADR 034 "Reviews import"): for each linked profile
// location, Google's reviews are read (every page the first time and once a week, otherwise only
// what changed since the last good import, with a day's overlap) and upserted by review name in one
// transaction per location; an unchanged review is not written again, so a second import changes
// nothing. A read of every page also drops the reviews Google no longer lists. Google's 403/429 are
// the location's recorded outcome; a grant Google refuses turns the connection to 'Reconnect'
// (withGoogleToken, ADR 021) and nothing more is stored. Without a Google client the sample links
// get sample reviews.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import { businessProfileLinks, businessProfileReviews } from '../../db/schema/business-profile.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { withGoogleToken, type GoogleOAuthConfig } from '../integrations/public.js'
import { importEachLink } from './each-link.js'
import { businessProfileApis, listReviews, v4Location, type GoogleReview } from './google-api.js'
import { keepOwnerSampleReplies } from './replies.js'
import { sampleReviews } from './sample-reviews.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>
type Link = typeof businessProfileLinks.$inferSelect

const DAY_MS = 86_400_000
/** A later import asks again for a day before the last one: a review Google listed late is caught. */
const OVERLAP_MS = DAY_MS
/** Every page is read again this often, the only way to see a review deleted at Google. */
const FULL_IMPORT_EVERY_MS = 7 * DAY_MS
const UPSERT_BATCH = 500

/** A review new to us, as an alert tells of it. */
interface AddedReview {
  name: string
  rating: number | null
  reviewer: string
  comment: string
}

/** What one location's import found: the reviews new to us (for alerts) and Google's calls. */
export interface LocationImport {
  locationKey: string
  /** The place's name on the profile, as the alerts name it. */
  title: string
  /**
   * The link's first import: every review is new to us, none is news (no alert for a profile's
   * past when it is linked).
   */
  first: boolean
  status: 'ok' | 'failed'
  added: AddedReview[]
  changed: number
  removed: number
  calls: number
  reason?: string
}

function rowsOf(businessId: string, link: Link, reviews: GoogleReview[], now: Date) {
  return reviews.map((review) => ({
    businessId,
    linkId: link.id,
    locationKey: link.locationKey,
    name: review.name,
    reviewerName: review.reviewer,
    reviewerAnonymous: review.reviewerAnonymous,
    reviewerPhotoUrl: review.reviewerPhotoUrl,
    rating: review.rating,
    comment: review.comment,
    createTime: new Date(review.createTime),
    updateTime: new Date(review.updateTime),
    replyComment: review.reply?.comment ?? null,
    replyUpdateTime: review.reply?.updateTime ? new Date(review.reply.updateTime) : null,
    replyState: review.reply?.state ?? null,
    replyPolicyViolation: review.reply?.policyViolation ?? null,
    sample: link.sample,
    importedAt: now,
  }))
}

const t = businessProfileReviews
/** The columns Google's answer fills: a row is rewritten only when one of them differs. */
const COPIED = [
  t.linkId,
  t.locationKey,
  t.reviewerName,
  t.reviewerAnonymous,
  t.reviewerPhotoUrl,
  t.rating,
  t.comment,
  t.createTime,
  t.updateTime,
  t.replyComment,
  t.replyUpdateTime,
  t.replyState,
  t.replyPolicyViolation,
  t.sample,
]

const excluded = (column: AnyPgColumn) => sql`excluded.${sql.identifier(column.name)}`

/** Inserts the new reviews and rewrites only those that differ; answers what was new. */
async function upsertReviews(tx: Tx, rows: ReturnType<typeof rowsOf>) {
  const added: LocationImport['added'] = []
  let changed = 0
  const mine = sql.join(COPIED, sql`, `)
  const theirs = sql.join(COPIED.map(excluded), sql`, `)
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const written = await tx
      .insert(t)
      .values(rows.slice(i, i + UPSERT_BATCH))
      .onConflictDoUpdate({
        target: [t.businessId, t.name],
        set: {
          linkId: excluded(t.linkId),
          locationKey: excluded(t.locationKey),
          reviewerName: excluded(t.reviewerName),
          reviewerAnonymous: excluded(t.reviewerAnonymous),
          reviewerPhotoUrl: excluded(t.reviewerPhotoUrl),
          rating: excluded(t.rating),
          comment: excluded(t.comment),
          createTime: excluded(t.createTime),
          updateTime: excluded(t.updateTime),
          replyComment: excluded(t.replyComment),
          replyUpdateTime: excluded(t.replyUpdateTime),
          replyState: excluded(t.replyState),
          replyPolicyViolation: excluded(t.replyPolicyViolation),
          sample: excluded(t.sample),
          importedAt: excluded(t.importedAt),
        },
        // An unchanged review keeps its row as it was (its imported_at too).
        setWhere: sql`(${mine}) is distinct from (${theirs})`,
      })
      .returning({
        name: t.name,
        rating: t.rating,
        reviewer: t.reviewerName,
        comment: t.comment,
        inserted: sql<boolean>`xmax = 0`,
      })
    for (const { inserted, ...row } of written) {
      if (inserted) added.push(row)
      else changed++
    }
  }
  return { added, changed }
}

/**
 * Stores one location's reviews in one transaction, unless the link changed meanwhile (unlinked, or
 * another profile linked there): then nothing is stored.
 */
async function storeLocation(
  deps: Deps,
  link: Link,
  reviews: GoogleReview[],
  run: { startedAt: Date; full: boolean; complete: boolean },
) {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [still] = await tx
      .update(businessProfileLinks)
      .set({
        reviewsImportedAt: run.startedAt,
        // A full read that stopped at the page cap still counts: it is not asked again tomorrow.
        ...(run.full ? { reviewsFullImportAt: run.startedAt } : {}),
        reviewsAttemptedAt: now,
        reviewsImportStatus: 'ok',
        reviewsImportReason: null,
      })
      .where(
        and(
          eq(businessProfileLinks.id, link.id),
          eq(businessProfileLinks.googleLocation, link.googleLocation),
        ),
      )
      .returning({ id: businessProfileLinks.id })
    if (!still) return null
    const { added, changed } = await upsertReviews(tx, rowsOf(link.businessId, link, reviews, now))
    let removed = 0
    if (run.complete) {
      // Every page was read: a review Google no longer lists was deleted there.
      const names = reviews.map((r) => r.name)
      const gone = await tx
        .delete(businessProfileReviews)
        .where(
          and(
            eq(businessProfileReviews.businessId, link.businessId),
            eq(businessProfileReviews.linkId, link.id),
            ...(names.length > 0 ? [notInArray(businessProfileReviews.name, names)] : []),
          ),
        )
        .returning({ id: businessProfileReviews.id })
      removed = gone.length
    }
    return { added, changed, removed }
  })
}

async function recordFailure(deps: Deps, link: Link, reason: string) {
  await deps.db
    .update(businessProfileLinks)
    .set({
      reviewsAttemptedAt: deps.clock.now(),
      reviewsImportStatus: 'failed',
      reviewsImportReason: reason,
    })
    .where(
      and(
        eq(businessProfileLinks.id, link.id),
        eq(businessProfileLinks.businessId, link.businessId),
      ),
    )
}

/** Google's reviews of one linked location, every page or only the changes. */
async function readLocation(
  deps: Deps,
  config: GoogleOAuthConfig,
  link: Link,
  startedAt: Date,
): Promise<{ reviews: GoogleReview[]; full: boolean; complete: boolean; pages: number }> {
  const full =
    !link.reviewsImportedAt ||
    !link.reviewsFullImportAt ||
    startedAt.getTime() - link.reviewsFullImportAt.getTime() >= FULL_IMPORT_EVERY_MS
  const changedSince =
    full || !link.reviewsImportedAt
      ? undefined
      : new Date(link.reviewsImportedAt.getTime() - OVERLAP_MS)
  const apis = businessProfileApis(deps.env)
  const read = await withGoogleToken(deps, config, link.businessId, (token) =>
    listReviews(apis, token, v4Location(link.account, link.googleLocation), { changedSince }),
  )
  return { ...read, full }
}

async function importLink(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  link: Link,
): Promise<LocationImport> {
  const startedAt = deps.clock.now()
  const base = {
    locationKey: link.locationKey,
    title: link.title,
    first: link.reviewsImportedAt === null,
    added: [],
    changed: 0,
    removed: 0,
    calls: 0,
  }
  let read: { reviews: GoogleReview[]; full: boolean; complete: boolean; pages: number }
  if (!config) {
    // The owner's own replies to sample reviews stay as they wrote them (ADR 037).
    const reviews = await keepOwnerSampleReplies(
      deps.db,
      link,
      sampleReviews(link.businessId, link),
    )
    read = { reviews, full: true, complete: true, pages: 0 }
  } else {
    try {
      read = await readLocation(deps, config, link, startedAt)
    } catch (error) {
      // Google's refusals (403, 429, unreachable), a 401 a renewed token did not cure, or a grant
      // Google refused ('Reconnect'): the outcome, never a crash loop; other errors are the job's.
      if (!(error instanceof AppError)) throw error
      const reason = error.message
      await recordFailure(deps, link, reason)
      return { ...base, status: 'failed', reason }
    }
  }
  const stored = await storeLocation(deps, link, read.reviews, {
    startedAt,
    full: read.full,
    complete: read.complete,
  })
  if (!stored) return { ...base, calls: read.pages, status: 'ok' }
  return { ...base, ...stored, calls: read.pages, status: 'ok' }
}

function outcomeOf(results: LocationImport[], sample: boolean): string {
  const failed = results.filter((r) => r.status === 'failed')
  const added = results.reduce((sum, r) => sum + r.added.length, 0)
  const places = `${results.length} ${results.length === 1 ? 'location' : 'locations'}`
  const words = [
    `Business Profile reviews${sample ? ' (sample)' : ''}: ${added} new ${added === 1 ? 'review' : 'reviews'} over ${places}`,
  ]
  if (failed.length > 0) {
    words.push(`${failed.length} not imported: ${failed[0]!.reason ?? ''}`.trim())
  }
  return words.join(', ')
}

/**
 * Imports the reviews of every linked profile location of the business; its outcome in words, or
 * null when no location is linked (or Google is not connected for the profile).
 */
export async function importProfileReviews(
  deps: Deps,
  businessId: string,
): Promise<{ outcome: string; results: LocationImport[] } | null> {
  return importEachLink(
    deps,
    businessId,
    'Business Profile reviews',
    (config, link) => importLink(deps, config, link),
    outcomeOf,
  )
}

/** Settings' 'Remove sample data': the sample reviews go with their links (and by themselves). */
export async function removeSampleReviews(tx: Tx, businessId: string): Promise<number> {
  const removed = await tx
    .delete(businessProfileReviews)
    .where(
      and(
        eq(businessProfileReviews.businessId, businessId),
        eq(businessProfileReviews.sample, true),
      ),
    )
    .returning({ id: businessProfileReviews.id })
  return removed.length
}

/** A link now pointing at another profile location: the reviews of the one before go. */
export async function forgetLinkReviews(tx: Tx, businessId: string, linkIds: string[]) {
  if (linkIds.length === 0) return
  await tx
    .delete(businessProfileReviews)
    .where(
      and(
        eq(businessProfileReviews.businessId, businessId),
        inArray(businessProfileReviews.linkId, linkIds),
      ),
    )
}
