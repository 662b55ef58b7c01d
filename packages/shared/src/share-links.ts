// Share links (issue 35 item 5, docs/decisions/050-share-links.md): a read-only link to one month's
// report or to the live dashboard of one place, with an expiry and a revoke, opened without an
// account. What an owner asks for, what the list shows, and what the public view answers: the view's
// schemas are strict, so a field nobody meant to share fails the contract instead of leaking.
import { z } from 'zod'
import { figureSourceSchema } from './figure-source.js'

export const SHARE_LINK_KINDS = ['report', 'dashboard'] as const
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number]

/** The expiries an owner picks from, in days; a week unless they choose. */
export const SHARE_LINK_DAYS = [1, 7, 30, 90] as const
export const DEFAULT_SHARE_LINK_DAYS = 7
export const SHARE_LINK_LABEL_MAX = 80

/** What every unknown, expired or turned-off link answers, word for word. */
export const SHARE_LINK_GONE =
  'This link has expired or was turned off. Ask the business for a new one.'

const location = z.string().trim().min(1).max(100).default('main')
const expiresInDays = z
  .union(
    SHARE_LINK_DAYS.map((days) => z.literal(days)),
    'Pick 1, 7, 30 or 90 days.',
  )
  .default(DEFAULT_SHARE_LINK_DAYS)
const label = z
  .string()
  .trim()
  .max(SHARE_LINK_LABEL_MAX, 'Keep the label to 80 characters.')
  .default('')

/** POST /api/share-links: a month's report of the business ('main') or one location, or a dashboard. */
export const shareLinkInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('report'),
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Pick a month as YYYY-MM.'),
      location,
      expiresInDays,
      label,
    }),
    z.object({ kind: z.literal('dashboard'), location, expiresInDays, label }),
  ],
  'Choose what to share: a report or the dashboard.',
)
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>

export const SHARE_LINK_STATUSES = ['active', 'expired', 'turned_off'] as const

/** A link as the owner's list shows it: never its token, only the token's last 4 characters. */
export const shareLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(SHARE_LINK_KINDS),
  /** '2026-03' for a report; null for a dashboard. */
  month: z.nullable(z.string()),
  /** 'main' or the location's id. */
  location: z.string(),
  /** 'Bright Smile (Main)' or the location's name. */
  place: z.string(),
  label: z.string(),
  tokenEnd: z.string(),
  status: z.enum(SHARE_LINK_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastOpenedAt: z.nullable(z.string()),
  openCount: z.number().int(),
})
export type ShareLink = z.infer<typeof shareLinkSchema>

export const shareLinksResponseSchema = z.object({ links: z.array(shareLinkSchema) })

/** The answer to a create: the full URL, shown once (only its hash is kept). */
export const shareLinkCreatedSchema = z.object({ link: shareLinkSchema, url: z.string() })

/** The answer to DELETE /api/share-links/:id: the link, turned off. */
export const shareLinkRevokedSchema = z.object({ link: shareLinkSchema })

// The public view. Every object is strict: an id, a user or a token added to what the services
// return fails the parse on the server before it can reach a stranger.

const scorePartSchema = z.strictObject({
  group: z.string(),
  label: z.string(),
  weight: z.number(),
  score: z.number(),
  explanation: z.string(),
})

const sharedKeywordSchema = z.strictObject({
  keyword: z.string(),
  position: z.nullable(z.number()),
  previousPosition: z.nullable(z.number()),
  notInTop100: z.boolean(),
  positionSource: z.nullable(figureSourceSchema),
  volume: z.nullable(z.number()),
  volumeSource: figureSourceSchema,
  sample: z.boolean(),
})

/** The dashboard, read-only: the score and its parts, the top keywords with their sources. */
export const sharedDashboardSchema = z.strictObject({
  score: z.nullable(z.number()),
  scoreSource: z.nullable(figureSourceSchema),
  scoreNote: z.string(),
  breakdown: z.array(scorePartSchema),
  topKeywords: z.array(sharedKeywordSchema),
  keywordsNotChecked: z.number(),
})
export type SharedDashboard = z.infer<typeof sharedDashboardSchema>

/** The month's report as the PDF tells it (features/reports/report-data.ts), each figure's source in words. */
export const sharedReportSchema = z.strictObject({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  score: z.strictObject({
    value: z.number(),
    parts: z.array(z.strictObject({ label: z.string(), score: z.number(), weight: z.number() })),
    source: z.string(),
    note: z.string(),
  }),
  rankings: z.strictObject({
    keywords: z.array(
      z.strictObject({
        keyword: z.string(),
        position: z.nullable(z.number()),
        change: z.nullable(z.number()),
        source: z.string(),
      }),
    ),
    more: z.number(),
    days: z.array(z.strictObject({ day: z.string(), average: z.number() })),
    source: z.string(),
  }),
  grid: z.nullable(
    z.strictObject({
      keyword: z.string(),
      size: z.number(),
      averageRank: z.nullable(z.number()),
      found: z.number(),
      scanned: z.number(),
      source: z.string(),
    }),
  ),
  reviews: z.nullable(
    z.strictObject({ count: z.number(), average: z.nullable(z.number()), source: z.string() }),
  ),
  performance: z.nullable(
    z.strictObject({
      calls: z.number(),
      directions: z.number(),
      websiteClicks: z.number(),
      days: z.number(),
      source: z.string(),
    }),
  ),
  backlinks: z.strictObject({
    gained: z.number(),
    lost: z.number(),
    firstGained: z.array(z.strictObject({ domain: z.string(), firstSeen: z.string() })),
    source: z.string(),
  }),
  tasks: z.strictObject({
    done: z.number(),
    titles: z.array(z.strictObject({ title: z.string(), day: z.string() })),
    source: z.string(),
  }),
})
export type SharedReport = z.infer<typeof sharedReportSchema>

const sharedBase = {
  businessName: z.string(),
  /** 'Bright Smile (Main)' or the location's name. */
  place: z.string(),
  expiresAt: z.string(),
}

/** GET /api/shared/:token: what the link shows and nothing else. */
export const sharedViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('report'), ...sharedBase, report: sharedReportSchema }),
  z.strictObject({ kind: z.literal('dashboard'), ...sharedBase, dashboard: sharedDashboardSchema }),
])
export type SharedView = z.infer<typeof sharedViewSchema>
