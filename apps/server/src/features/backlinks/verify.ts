// Backlink verification (issue 8 item 4): fetch the linking page through the SSRF-safe fetcher, look
// for a link to the business's website, and store what was found. A page that blocks bots or needs
// JavaScript is 'unverifiable', never 'broken' (docs/site-audit.md §5 "Bot walls"); a page that does
// not answer is 'unreachable' and checked again first (issue 15 item 3).
import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import {
  backlinkStatusFor,
  type Backlink,
  type BacklinkType,
  type BacklinkVerification,
  type BacklinkVerifyBatch,
} from '@localseo/shared/backlinks'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import { requireLocationId } from '../../lib/tenant.js'
import { isUuid } from '../../lib/uuid.js'
import {
  FetchBlockedError,
  FetchRedirectLoopError,
  FetchTimeoutError,
  FetchTooManyRedirectsError,
  type SafeFetcher,
} from '../../net/safe-fetch.js'
import type { Env } from '../../env.js'
import {
  citationSitesFor,
  metricsForCheck,
  ratingChanges,
  type CitationSites,
  type StoredMetrics,
} from './backlink-rating.js'
import { toBacklink } from './backlinks.service.js'
import { takeVerifyTurn } from './verify-limits.js'
import { inspectPage, isFollowed, websiteSiteKey } from './verify-page.js'

export const NO_WEBSITE_TO_VERIFY = 'Please add your website URL in Settings to verify backlinks.'
const URL_NOT_ALLOWED =
  'This link cannot be checked: its address points to a private or local network, or uses a port other than 80 or 443.'
/** A batch of the scheduled checks takes at most this many links. */
const VERIFY_BATCH_SIZE = 20
/** "Verify all" leaves out the links checked this recently. */
export const RECHECK_AFTER_MS = 10 * 60 * 1000
/** Pages fetched at once, by a batch or a "Verify all" run. */
export const CHECK_CONCURRENCY = 5
/** No new check of a batch starts after this long. */
const BATCH_BUDGET_MS = 15_000

export interface LinkCheck {
  verification: BacklinkVerification
  httpStatus: number | null
  /** What the page says, when the link was found. */
  linkType?: BacklinkType
  /** The fetcher refused the address (private, local, other port): nothing was sent. */
  refused?: true
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i

function result(
  outcome: BacklinkVerification['outcome'],
  note: string,
  extra: Partial<BacklinkVerification> & { httpStatus?: number | null } = {},
): LinkCheck {
  const { httpStatus = null, ...verification } = extra
  return {
    httpStatus,
    verification: {
      outcome,
      rel: [],
      pageNofollow: false,
      anchorText: null,
      finalUrl: null,
      note,
      ...verification,
    },
  }
}

function foundNote(rel: string[], pageNofollow: boolean): string {
  const qualifiers = rel.filter((t) => t === 'nofollow' || t === 'sponsored' || t === 'ugc')
  if (qualifiers.length > 0) return `Link found, marked ${qualifiers.join(', ')} by the link.`
  if (pageNofollow) return 'Link found, marked nofollow by the page.'
  return 'Link found and followed by search engines.'
}

function errorCheck(error: unknown): LinkCheck {
  if (error instanceof FetchBlockedError) {
    return {
      ...result('blocked', 'Not checked: the address is private or local, which is never fetched.'),
      refused: true,
    }
  }
  if (error instanceof FetchRedirectLoopError) {
    return result('blocked', 'The page redirects in a loop, so the link could not be checked.')
  }
  if (error instanceof FetchTooManyRedirectsError) {
    return result('blocked', 'The page redirects more than 5 times, so it was not followed.')
  }
  if (error instanceof FetchTimeoutError) {
    return result(
      'unreachable',
      'The page did not answer within 10 seconds; it will be checked again.',
    )
  }
  return result(
    'unreachable',
    'The page could not be reached (no answer from its server); it will be checked again.',
  )
}

type PageAnswer = { httpStatus: number; finalUrl: string }

/** A rate limit or a server error: no verdict on the link, so it is checked again later. */
function busyCheck(status: number, page: PageAnswer): LinkCheck | undefined {
  if (status === 429) {
    return result(
      'unreachable',
      'The site asked us to slow down (HTTP 429); it will be checked again.',
      page,
    )
  }
  if (status >= 500) {
    return result(
      'unreachable',
      `The site answered with a server error (HTTP ${status}); it will be checked again.`,
      page,
    )
  }
  return undefined
}

/** Any other answer than 2xx: broken only when the page is gone (404 or 410). */
function statusCheck(status: number, botWall: boolean | undefined, page: PageAnswer): LinkCheck {
  if ((status === 401 || status === 403) && botWall) {
    return result('blocked', 'The site shows a bot check, so the link could not be checked.', page)
  }
  if (status === 404 || status === 410) {
    return result('page-error', `The page answered with HTTP ${status}.`, page)
  }
  return result(
    'blocked',
    `The page answered with HTTP ${status}, so the link could not be checked.`,
    page,
  )
}

/** Fetches `url` and looks for a link to the site `target` (a siteKey). Never throws. */
export async function checkBacklink({
  fetcher,
  url,
  target,
}: {
  fetcher: SafeFetcher
  url: string
  target: string
}): Promise<LinkCheck> {
  let response
  try {
    response = await fetcher.fetch(url)
  } catch (error) {
    return errorCheck(error)
  }
  const { status, headers } = response
  const page = { httpStatus: status, finalUrl: response.url }
  const busy = busyCheck(status, page)
  if (busy) return busy
  const isHtml = HTML_TYPES.test(headers['content-type'] ?? 'text/html')
  let inspection
  try {
    inspection = isHtml
      ? inspectPage({ body: response.body, pageUrl: response.url, headers, target })
      : undefined
  } catch {
    return result('blocked', 'The page could not be read as HTML.', page)
  }
  if (status < 200 || status >= 300) return statusCheck(status, inspection?.botWall, page)
  if (!inspection) {
    const type = (headers['content-type'] ?? '').split(';')[0]
    return result('blocked', `The page is not a web page (${type}).`, page)
  }
  const { link, pageNofollow } = inspection
  if (link) {
    return {
      httpStatus: status,
      linkType: isFollowed(link.rel) && !pageNofollow ? 'dofollow' : 'nofollow',
      verification: {
        outcome: 'link-found',
        rel: link.rel,
        pageNofollow,
        anchorText: link.anchorText,
        finalUrl: response.url,
        note: foundNote(link.rel, pageNofollow),
      },
    }
  }
  if (inspection.botWall) {
    return result('blocked', 'The site shows a bot check, so the link could not be checked.', {
      ...page,
      pageNofollow,
    })
  }
  if (inspection.needsJavascript) {
    return result(
      'needs-javascript',
      'The page needs JavaScript to show its content, so the link could not be checked.',
      { ...page, pageNofollow },
    )
  }
  return result('link-missing', `The page does not link to ${target}.`, { ...page, pageNofollow })
}

// ---------------------------------------------------------------------------------------------
// Stored checks

const missing = () => new AppError('not_found', 'That backlink does not exist.')

/** The site the business's links must point to (a siteKey), or a 422 asking for the website. */
export async function requireWebsite(db: Db, businessId: string): Promise<string> {
  const [row] = await db
    .select({ website: businesses.website })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  const target = websiteSiteKey(row?.website ?? '')
  if (!target) throw new AppError('validation_failed', NO_WEBSITE_TO_VERIFY)
  return target
}

/** The link a check is stored for, with its stored figures. */
export type CheckedLink = { url: string; domain: string } & Partial<StoredMetrics>

/**
 * The backlink's columns as a check leaves them, the quality rated from what it found (ADR 032) and
 * `metrics` when the backlink data provider was asked (undefined keeps the stored figures).
 */
export function changesFor(
  check: LinkCheck,
  now: Date,
  link: CheckedLink,
  rating: { sites: CitationSites; metrics?: StoredMetrics | undefined },
) {
  const status = backlinkStatusFor(check.verification.outcome)
  return {
    ...ratingChanges({ check, now, link, ...rating }),
    status,
    httpStatus: check.httpStatus,
    lastCheckedAt: now,
    verification: check.verification,
    // The first check of a run without an answer stays; any answer ends the run (issue 16).
    unreachableSince:
      status === 'unreachable'
        ? sql`coalesce(${backlinks.unreachableSince}, ${now.toISOString()}::timestamptz)`
        : null,
    ...(check.linkType ? { linkType: check.linkType } : {}),
  }
}

const statusWords = {
  active: 'link found',
  broken: 'broken',
  unverifiable: 'could not be checked',
  unreachable: 'no answer (will retry)',
}

/** POST /api/backlinks/:id/verify: checks one backlink now and returns it updated. */
export async function verifyBacklink({
  db,
  fetcher,
  clock,
  env,
  businessId,
  id,
}: {
  db: Db
  fetcher: SafeFetcher
  clock: Clock
  /** Where the backlink data provider is configured (ADR 032); none asked without it. */
  env?: Env
  businessId: string
  id: string
}): Promise<Backlink> {
  if (!isUuid(id)) throw missing()
  const [row] = await db
    .select(checkedLinkColumns)
    .from(backlinks)
    .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
  if (!row) throw missing()
  const target = await requireWebsite(db, businessId)
  // Once a minute per link and a cap per business, before anything is fetched (verify-limits.ts).
  await takeVerifyTurn({ db, clock, businessId, backlinkId: id })
  const check = await checkBacklink({ fetcher, url: row.url, target })
  // Asked for one link, a refused address is the caller's error: say so and change nothing.
  if (check.refused) {
    throw new AppError('url_not_allowed', URL_NOT_ALLOWED)
  }
  const now = clock.now()
  const metrics = env
    ? await metricsForCheck({ db, env, businessId, domain: row.domain, now })
    : undefined
  const sites = await citationSitesFor(db, businessId)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(backlinks)
      .set(changesFor(check, now, row, { sites, metrics }))
      .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
      .returning()
    if (!updated) throw missing()
    await recordActivity(tx, {
      businessId,
      kind: 'backlink_verified',
      message: `Backlink from ${row.domain} checked: ${statusWords[backlinkStatusFor(check.verification.outcome)]}`,
      now,
    })
    return toBacklink(updated)
  })
}

/** What changesFor reads of a link. */
export const checkedLinkColumns = {
  url: backlinks.url,
  domain: backlinks.domain,
  domainAuthority: backlinks.domainAuthority,
  spamScore: backlinks.spamScore,
  metricsSource: backlinks.metricsSource,
  metricsCheckedAt: backlinks.metricsCheckedAt,
}

/** Runs `work` over `items`, at most `limit` at once, starting none once `more()` is false. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  more: () => boolean,
  work: (item: T) => Promise<R>,
) {
  const results: R[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length && more()) {
      const item = items[next++] as T
      results.push(await work(item))
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * The links a batch may take: never checked, checked longer ago than `recheckAfterMs`, or (for the
 * scheduled checks) without an answer at their last check longer ago than `retryUnreachableAfterMs`.
 */
function dueLinks(scope: SQL[], recheckAfterMs: number, retryUnreachableAfterMs?: number) {
  const before = (now: Date, ms: number) =>
    lt(backlinks.lastCheckedAt, new Date(now.getTime() - ms))
  return (now: Date) =>
    and(
      ...scope,
      or(
        isNull(backlinks.lastCheckedAt),
        before(now, recheckAfterMs),
        retryUnreachableAfterMs === undefined
          ? undefined
          : and(eq(backlinks.status, 'unreachable'), before(now, retryUnreachableAfterMs)),
      ),
    )
}

/** Never checked first, then those that did not answer last time (the retry), then the oldest. */
export const dueFirst = () => [
  sql`${backlinks.lastCheckedAt} is not null`,
  sql`${backlinks.status} <> 'unreachable'`,
  asc(backlinks.lastCheckedAt),
  asc(backlinks.id),
]

/**
 * One batch of the scheduled checks (scheduled-checks.ts) in the scope (main = all, or a location's
 * own): up to 20 due links, each stored as checked, so `remaining` always goes down.
 */
export async function verifyBacklinks({
  db,
  fetcher,
  clock,
  env,
  businessId,
  location,
  recheckAfterMs = RECHECK_AFTER_MS,
  retryUnreachableAfterMs,
  ownOnly = false,
}: {
  db: Db
  fetcher: SafeFetcher
  clock: Clock
  env?: Env
  businessId: string
  location?: string
  recheckAfterMs?: number
  retryUnreachableAfterMs?: number
  /** Leaves the sample links out (scheduled checks never fetch pages for made-up data). */
  ownOnly?: boolean
}): Promise<BacklinkVerifyBatch & { turnedNofollow: string[] }> {
  const locationId = await requireLocationId(db, businessId, location)
  const target = await requireWebsite(db, businessId)
  const scope: SQL[] = [eq(backlinks.businessId, businessId)]
  if (locationId) scope.push(eq(backlinks.locationId, locationId))
  if (ownOnly) scope.push(eq(backlinks.sample, false))
  const due = dueLinks(scope, recheckAfterMs, retryUnreachableAfterMs)
  const picked = await db
    .select({ id: backlinks.id, linkType: backlinks.linkType, ...checkedLinkColumns })
    .from(backlinks)
    .where(due(clock.now()))
    .orderBy(...dueFirst())
    .limit(VERIFY_BATCH_SIZE)

  const deadline = Date.now() + BATCH_BUDGET_MS
  const checks = await pool(
    picked,
    CHECK_CONCURRENCY,
    () => Date.now() < deadline,
    async (row) => {
      const check = await checkBacklink({ fetcher, url: row.url, target })
      const metrics = env
        ? await metricsForCheck({ db, env, businessId, domain: row.domain, now: clock.now() })
        : undefined
      return { ...row, check, metrics }
    },
  )
  const now = clock.now()
  const sites = await citationSitesFor(db, businessId)
  const counts = { active: 0, broken: 0, unverifiable: 0, unreachable: 0 }
  for (const { check } of checks) counts[backlinkStatusFor(check.verification.outcome)] += 1

  if (checks.length > 0) {
    await db.transaction(async (tx) => {
      for (const { id, check, metrics, ...link } of checks) {
        await tx
          .update(backlinks)
          .set(changesFor(check, now, link, { sites, metrics }))
          .where(and(eq(backlinks.id, id), eq(backlinks.businessId, businessId)))
      }
      await recordActivity(tx, {
        businessId,
        kind: 'backlink_verified',
        message: `Checked ${checks.length} backlinks: ${counts.active} active, ${counts.broken} broken, ${counts.unverifiable} could not be checked, ${counts.unreachable} did not answer`,
        now,
      })
    })
  }
  const [left] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(backlinks)
    .where(due(now))
  // A followed link the page now marks nofollow passes no credit any more: worth telling (issue 16).
  const turnedNofollow = checks
    .filter(({ linkType, check }) => linkType === 'dofollow' && check.linkType === 'nofollow')
    .map(({ domain }) => domain)
  return { checked: checks.length, ...counts, remaining: left?.count ?? 0, turnedNofollow }
}
