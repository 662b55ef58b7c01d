// Share links (issue 35 item 5, docs/decisions/050-share-links.md): an owner or manager makes a
// read-only link to one month's report or to the live dashboard of one place; anyone with the link
// sees that view until it expires or is turned off. The token is random (32 bytes) and kept only as
// its SHA-256 hash: a link is found by the hash of what the visitor sent, never by comparing tokens.
// Every owner-side query carries the business id (docs/house-rules.md "Tenant scoping inside the query").
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  MAIN_LOCATION,
  resolveLocation,
  type ResolvedLocation,
} from '@localseo/shared/location-selection'
import {
  SHARE_LINK_GONE,
  type shareLinkInputSchema,
  sharedViewSchema,
  type ShareLink,
  type SharedDashboard,
  type SharedReport,
  type SharedView,
} from '@localseo/shared/share-links'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { shareLinks } from '../../db/schema/share-links.js'
import { AppError } from '../../lib/errors.js'
import { requireLocation } from '../../lib/tenant.js'
import {
  getDashboard,
  type createDashboardCache,
  type DashboardReads,
} from '../dashboard/public.js'
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import { gatherReport, monthsWithData, reportMonth } from '../reports/public.js'

const DAY_MS = 86_400_000
/** The owner's list: the newest links, bounded (docs/web-conventions.md "Tables"). */
const LISTED = 50
const NOT_FOUND = 'That share link does not exist.'
const NO_DATA = 'There is nothing to report for that month yet: pick a month with data.'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

type ShareLinkRow = typeof shareLinks.$inferSelect

/** The place a link shows: the business itself, or one of its own locations. */
const placeOf = (business: Business, row: Pick<ShareLinkRow, 'locationId'>) =>
  resolveLocation(business, row.locationId ?? MAIN_LOCATION)

function statusOf(row: ShareLinkRow, now: Date): ShareLink['status'] {
  if (row.revokedAt) return 'turned_off'
  return row.expiresAt > now ? 'active' : 'expired'
}

function toView(row: ShareLinkRow, business: Business, now: Date): ShareLink {
  return {
    id: row.id,
    kind: row.kind,
    month: row.month,
    location: row.locationId ?? MAIN_LOCATION,
    place: placeOf(business, row).label,
    label: row.label,
    tokenEnd: row.tokenEnd,
    status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    openCount: row.openCount,
  }
}

export async function listShareLinks(db: Db, business: Business, now: Date): Promise<ShareLink[]> {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.businessId, business.id))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(LISTED)
  return rows.map((row) => toView(row, business, now))
}

/**
 * Makes a link and answers its URL, the only time the token is told. A report's month must have
 * data (the Reports screen's months); a location must be the business's own (a 404 otherwise).
 */
export async function createShareLink(
  db: Db,
  {
    business,
    input,
    userId,
    now,
    siteUrl,
  }: {
    business: Business
    input: z.output<typeof shareLinkInputSchema>
    userId: string
    now: Date
    siteUrl: string
  },
): Promise<{ link: ShareLink; url: string }> {
  const location = requireLocation(business, input.location)
  if (input.kind === 'report') {
    const months = await monthsWithData(db, business, location)
    if (!months.includes(input.month)) {
      throw new AppError('validation_failed', 'Some fields are missing or invalid.', [
        { path: 'month', message: NO_DATA },
      ])
    }
  }
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(shareLinks)
    .values({
      businessId: business.id,
      kind: input.kind,
      month: input.kind === 'report' ? input.month : null,
      locationId: location.isMain ? null : location.id,
      tokenHash: sha256(token),
      tokenEnd: token.slice(-4),
      label: input.label,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdBy: userId,
      createdAt: now,
    })
    .returning()
  return { link: toView(row!, business, now), url: `${siteUrl}/shared/${token}` }
}

/** Turns a link off; turning it off again keeps the first time. */
export async function revokeShareLink(
  db: Db,
  { business, id, now }: { business: Business; id: string; now: Date },
): Promise<ShareLink> {
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(shareLinks.id, id), eq(shareLinks.businessId, business.id)))
    .returning()
  if (!row) throw new AppError('not_found', NOT_FOUND)
  return toView(row, business, now)
}

/** A token longer than this is no token of ours; it is still hashed and looked up like any other. */
const TOKEN_MAX = 200

/**
 * The link a visitor's token opens, while it is neither expired nor turned off, found by the hash
 * alone in one statement whatever the token (unknown, expired and turned off cost the same). A view
 * counts as an open; a PDF download of an opened view does not.
 */
export async function openShareLink(
  db: Db,
  { token, now, count }: { token: string; now: Date; count: boolean },
): Promise<ShareLinkRow> {
  const live = and(
    eq(shareLinks.tokenHash, sha256(token.slice(0, TOKEN_MAX))),
    isNull(shareLinks.revokedAt),
    gt(shareLinks.expiresAt, now),
  )
  const [row] = count
    ? await db
        .update(shareLinks)
        .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
        .where(live)
        .returning()
    : await db.select().from(shareLinks).where(live)
  if (!row) throw new AppError('not_found', SHARE_LINK_GONE)
  return row
}

/** The place a link shows, as the business has it now; gone with its location (a 404). */
export function sharedPlace(business: Business, row: ShareLinkRow): ResolvedLocation {
  if (row.locationId && !business.locations.some((l) => l.id === row.locationId)) {
    throw new AppError('not_found', SHARE_LINK_GONE)
  }
  return placeOf(business, row)
}

interface ViewDeps {
  db: Db
  now: Date
  /** No Google sign-in configured: the Business Profile figures are the sample ones (ADR 034). */
  sample: boolean
  keywordData: KeywordDataProvider
  cache: ReturnType<typeof createDashboardCache<DashboardReads>>
}

async function sharedReport(
  deps: ViewDeps,
  business: Business,
  location: ResolvedLocation,
  month: string,
): Promise<SharedReport> {
  const data = await gatherReport({
    db: deps.db,
    business,
    location,
    month: reportMonth(month, business.timeZone),
    now: deps.now,
    sample: deps.sample,
  })
  // Field by field: what the PDF tells, never the ids or the time zone the report is built with.
  return {
    month: data.month.month,
    from: data.month.from,
    to: data.month.to,
    score: {
      value: data.score.value,
      parts: data.score.parts.map(({ label, score, weight }) => ({ label, score, weight })),
      source: data.score.source,
      note: data.score.note,
    },
    rankings: data.rankings,
    grid: data.grid && {
      keyword: data.grid.keyword,
      size: data.grid.size,
      averageRank: data.grid.averageRank,
      found: data.grid.found,
      scanned: data.grid.scanned,
      source: data.grid.source,
    },
    reviews: data.reviews,
    performance: data.performance,
    backlinks: data.backlinks,
    tasks: data.tasks,
  }
}

async function sharedDashboard(
  deps: ViewDeps,
  business: Business,
  location: ResolvedLocation,
): Promise<SharedDashboard> {
  const dashboard = await getDashboard({
    db: deps.db,
    business,
    locationId: location.id,
    now: deps.now,
    keywordData: deps.keywordData,
    cache: deps.cache,
    // Not kept: a share link's visits are few, and the owner's screens keep their own.
    version: null,
  })
  // The score, its parts and the top keywords with their sources; not the issues, the activity, the
  // audit's run or any id (ADR 050 "What a link shows").
  return {
    score: dashboard.score,
    scoreSource: dashboard.scoreSource,
    scoreNote: dashboard.scoreNote,
    breakdown: dashboard.breakdown.map(({ group, label, weight, score, explanation }) => ({
      group,
      label,
      weight,
      score,
      explanation,
    })),
    topKeywords: dashboard.topKeywords.map((k) => ({
      keyword: k.keyword,
      position: k.position,
      previousPosition: k.previousPosition,
      notInTop100: k.notInTop100 ?? false,
      positionSource: k.positionSource,
      volume: k.volume,
      volumeSource: k.volumeSource,
      sample: k.sample,
    })),
    keywordsNotChecked: dashboard.keywordsNotChecked,
  }
}

/** What a link shows, parsed with the strict public schema so nothing else can slip out. */
export async function sharedView(
  deps: ViewDeps,
  business: Business,
  row: ShareLinkRow,
): Promise<SharedView> {
  const location = sharedPlace(business, row)
  const base = {
    businessName: business.name,
    place: location.label,
    expiresAt: row.expiresAt.toISOString(),
  }
  const view: SharedView =
    row.kind === 'report' && row.month
      ? { kind: 'report', ...base, report: await sharedReport(deps, business, location, row.month) }
      : { kind: 'dashboard', ...base, dashboard: await sharedDashboard(deps, business, location) }
  return sharedViewSchema.parse(view)
}
