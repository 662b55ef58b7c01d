// Backlink input and filters (docs/product.md §5 "Backlink add", §7 backlinks, §9 backlink constants): one
// schema for the server boundary and the Add Backlink form.
import { z } from 'zod'
import { singleLineText } from './single-line.js'
import type { BacklinkQualityBasis } from './backlink-quality.js'

export type { BacklinkQualityBasis } from './backlink-quality.js'

export const INVALID_BACKLINK_URL = 'Invalid URL. Please enter a valid URL.'
/** A URL that parses but that the link checker must never fetch (security-tests §1f). */
export const BACKLINK_URL_NOT_ALLOWED =
  'Only public web pages can be added: this address is on a private or local network, or uses a port other than 80 or 443.'
export const BACKLINK_URL_MAX = 2000
export const BACKLINK_ANCHOR_MAX = 300
export const BACKLINK_PAGE_SIZE_MAX = 100

export const backlinkTypes = ['dofollow', 'nofollow'] as const
/** 'unrated' reads 'Not rated': no check has found the link yet (ADR 032). */
export const backlinkQualities = ['high', 'medium', 'low', 'unrated'] as const
export const backlinkStatuses = ['active', 'broken'] as const
export const backlinkTimeRanges = ['30d', '90d', '6m', '1y', 'all'] as const

export type BacklinkType = (typeof backlinkTypes)[number]
export type BacklinkQuality = (typeof backlinkQualities)[number]
export type BacklinkTimeRange = (typeof backlinkTimeRanges)[number]

/** Days back from now that each Time Range covers; 'all' has no bound. */
export const TIME_RANGE_DAYS: Record<Exclude<BacklinkTimeRange, 'all'>, number> = {
  '30d': 30,
  '90d': 90,
  '6m': 180,
  '1y': 365,
}

/** docs/product.md §9: growth windows of 30, 90 and 180 days, counted by first seen. */
export const BACKLINK_GROWTH_DAYS = [30, 90, 180] as const

export interface NormalizedBacklinkUrl {
  url: string
  domain: string
}

/**
 * docs/product.md §5: https:// is prepended when there is no http(s) scheme; the result must parse as an
 * http(s) URL with a real host; the domain is the host without a leading 'www.'.
 * Returns undefined when the URL is invalid.
 */
export function normalizeBacklinkUrl(input: string): NormalizedBacklinkUrl | undefined {
  const trimmed = input.trim()
  if (!trimmed || /\s/.test(trimmed)) return undefined
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  let parsed: URL
  try {
    parsed = new URL(withScheme)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
  const host = parsed.hostname.toLowerCase()
  // A real host: a dotted name or an IP literal, not 'javascript' from 'https://javascript:alert(1)'.
  if (!host || (!host.includes('.') && !host.startsWith('['))) return undefined
  if (host.startsWith('.') || host.endsWith('..') || host.includes('..')) return undefined
  if (parsed.username || parsed.password) return undefined
  const url = parsed.href
  if (url.length > BACKLINK_URL_MAX) return undefined
  return { url, domain: host.replace(/^www\./, '') }
}

/**
 * The page a backlink URL names, for spotting the same link added twice: http and https, 'www.',
 * letter case of the host, a trailing slash and a #fragment make no difference; the query does.
 */
export function backlinkUrlKey(url: string): string {
  const parsed = new URL(url)
  const host = parsed.host.toLowerCase().replace(/^www\./, '')
  const path = parsed.pathname.replace(/\/+$/, '')
  return `${host}${path}${parsed.search}`
}

export const DUPLICATE_BACKLINK = 'This backlink is already in your list.'

export const backlinkInputSchema = z
  .object({
    url: z.string().max(BACKLINK_URL_MAX, INVALID_BACKLINK_URL),
    anchorText: singleLineText('Anchor text').max(BACKLINK_ANCHOR_MAX).optional(),
    linkType: z.enum(backlinkTypes).optional(),
    location: z.string().max(100).optional(),
  })
  .transform((input, ctx) => {
    const normalized = normalizeBacklinkUrl(input.url)
    if (!normalized) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: INVALID_BACKLINK_URL })
      return z.NEVER
    }
    return {
      url: normalized.url,
      domain: normalized.domain,
      anchorText: input.anchorText || normalized.domain,
      linkType: input.linkType ?? 'dofollow',
      location: input.location,
    }
  })

export type BacklinkInput = z.input<typeof backlinkInputSchema>
export type NewBacklink = z.output<typeof backlinkInputSchema>

export const backlinkStatusSchema = z.object({ status: z.enum(backlinkStatuses) })

export const backlinkQuerySchema = z.object({
  domain: z.string().trim().max(200).optional(),
  type: z.enum(backlinkTypes).optional(),
  quality: z.enum(backlinkQualities).optional(),
  timeRange: z.enum(backlinkTimeRanges).default('all'),
  location: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(BACKLINK_PAGE_SIZE_MAX).default(20),
})

export type BacklinkQuery = z.output<typeof backlinkQuerySchema>

/**
 * What verifying a backlink can find; the status follows from it (see backlinkStatusFor).
 * 'page-error': the page answered 404 or 410 (gone). 'unreachable': no answer, or a server error
 * or rate limit, which a later check retries. 'blocked': the page answered, but the link could not
 * be checked (a bot wall, another 4xx, a redirect loop, not a web page).
 */
export const verificationOutcomes = [
  'link-found',
  'link-missing',
  'page-error',
  'unreachable',
  'blocked',
  'needs-javascript',
] as const
export type VerificationOutcome = (typeof verificationOutcomes)[number]

/** Statuses a backlink can have: the two an owner sets, and 'unverifiable' and 'unreachable' from a check. */
export type BacklinkStatus = (typeof backlinkStatuses)[number] | 'unverifiable' | 'unreachable'

export const backlinkVerificationSchema = z.object({
  outcome: z.enum(verificationOutcomes),
  /** The link's rel tokens, lower case (split on spaces and commas). */
  rel: z.array(z.string()),
  /** A page-level nofollow (meta robots or X-Robots-Tag). */
  pageNofollow: z.boolean(),
  anchorText: z.string().nullable(),
  /** The page's URL after redirects, or null when it never answered. */
  finalUrl: z.string().nullable(),
  /** One plain sentence for the owner. */
  note: z.string(),
})
export type BacklinkVerification = z.infer<typeof backlinkVerificationSchema>

/** One backlink as the API answers it. */
export const backlinkSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  url: z.string(),
  domain: z.string(),
  anchorText: z.string(),
  linkType: z.enum(backlinkTypes),
  quality: z.enum(backlinkQualities),
  /** What the rating was made of (rateBacklink, ADR 032). */
  qualityBasis: z
    .object({ ratedAt: z.string().nullable(), reasons: z.array(z.string()) })
    .nullable() satisfies z.ZodType<BacklinkQualityBasis | null>,
  firstSeen: z.string(),
  /**
   * The referring domain's rank and spam score (0-100) from the backlink data provider, named, with
   * when it answered; null when no provider is configured or it has not answered (ADR 032).
   */
  metrics: z
    .object({
      domainRank: z.number().nullable(),
      spamScore: z.number().nullable(),
      source: z.string(),
      checkedAt: z.string(),
    })
    .nullable(),
  status: z.string(),
  isLocationSpecific: z.boolean(),
  locationId: z.string().nullable(),
  /** One of the sample backlinks of a new business, labelled 'Sample' (issue 15 item 2). */
  sample: z.boolean().default(false),
  createdAt: z.string(),
  /** When the linking page was last checked (POST /api/backlinks/:id/verify), or null. */
  lastCheckedAt: z.string().nullable(),
  /** The linking page's final HTTP status at the last check; null when it did not answer. */
  httpStatus: z.number().nullable(),
  verification: backlinkVerificationSchema.nullable(),
})
export type Backlink = z.infer<typeof backlinkSchema>

/**
 * A failure is never a finding (issue 15 item 3): broken only when the page answered 404/410 or
 * answered without the link; no answer is 'unreachable' (retried), a page that cannot be checked is
 * 'unverifiable'.
 */
export function backlinkStatusFor(outcome: VerificationOutcome): BacklinkStatus {
  if (outcome === 'link-found') return 'active'
  if (outcome === 'unreachable') return 'unreachable'
  if (outcome === 'blocked' || outcome === 'needs-javascript') return 'unverifiable'
  return 'broken'
}

/** What one batch of the scheduled checks found; `remaining` links are still due. */
export const backlinkVerifyBatchResultSchema = z.object({
  checked: z.number(),
  active: z.number(),
  broken: z.number(),
  unverifiable: z.number(),
  unreachable: z.number(),
  remaining: z.number(),
})
export type BacklinkVerifyBatch = z.infer<typeof backlinkVerifyBatchResultSchema>

/** POST /api/backlinks/verify-runs: "Verify all" of a scope ('main' or absent = every backlink). */
export const backlinkVerifyStartSchema = z.object({ location: z.string().max(100).optional() })

export const backlinkVerifyRunStatuses = ['queued', 'running', 'done', 'stopped', 'failed'] as const
export type BacklinkVerifyRunStatus = (typeof backlinkVerifyRunStatuses)[number]

/**
 * A "Verify all" run as the server keeps it (issue 30 item 8): a job checks the links one after
 * another and counts each as it is stored. `total` is the links it takes (those not checked in the
 * 10 minutes before it started); `failed` counts links whose check could not be stored.
 */
export const backlinkVerifyRunSchema = z.object({
  id: z.string(),
  /** 'main' (every backlink) or the location whose links it checks. */
  location: z.string(),
  status: z.enum(backlinkVerifyRunStatuses),
  total: z.number(),
  checked: z.number(),
  active: z.number(),
  broken: z.number(),
  unverifiable: z.number(),
  unreachable: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type BacklinkVerifyRun = z.infer<typeof backlinkVerifyRunSchema>

/** GET /api/backlinks/verify-runs/latest and every other answer about a run. */
export const backlinkVerifyRunAnswerSchema = z.object({ run: backlinkVerifyRunSchema.nullable() })

export const isActiveVerifyRun = (run: Pick<BacklinkVerifyRun, 'status'> | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running'

export const backlinkPageSchema = z.object({
  items: z.array(backlinkSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type BacklinkPage = z.infer<typeof backlinkPageSchema>

const countSchema = z.number()

export const backlinkSummarySchema = z.object({
  total: countSchema,
  dofollow: countSchema,
  nofollow: countSchema,
  highQuality: countSchema,
  highQualityPercent: z.number(),
  broken: countSchema,
  topDomains: z.array(z.object({ domain: z.string(), count: countSchema })),
  topAnchors: z.array(z.object({ anchorText: z.string(), count: countSchema })),
  growth: z.object({ last30Days: countSchema, last90Days: countSchema, last180Days: countSchema }),
  qualityDistribution: z.object({
    high: countSchema,
    medium: countSchema,
    low: countSchema,
    unrated: countSchema,
  }),
  /**
   * The backlink data provider behind domain rank and spam score ('DataForSEO'), or null when none
   * is configured: then no such figure is shown anywhere (ADR 032).
   */
  metricsProvider: z.string().nullable(),
})
export type BacklinkSummary = z.infer<typeof backlinkSummarySchema>
