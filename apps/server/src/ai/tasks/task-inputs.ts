// zod schemas for what callers hand the AI tasks, and lenient readers for what models hand back.
import { z } from 'zod'
import { LEVELS, TASK_CATEGORIES, TASK_PRIORITIES } from '@localseo/shared/ai'
import { businessSchema } from '@localseo/shared/business'
import { BUSINESS_REQUIRED } from '../../lib/tenant.js'

/**
 * Every task needs a named business (docs/product.md §1); its fields were validated when it was saved.
 * The business schema is zod/mini (ADR 019), so the rule is added with `.check`, not `.refine`.
 */
export const businessInput = businessSchema.check(
  z.refine((b) => b.name.trim() !== '', { message: BUSINESS_REQUIRED, path: ['name'] }),
)

export const locationIdInput = z.string().max(100).nullish()

const backlinkInput = z.object({
  url: z.string().max(2048),
  domain: z.string().max(2048),
  anchorText: z.string().max(500),
  linkType: z.enum(['dofollow', 'nofollow']),
  quality: z.enum(['high', 'medium', 'low', 'unrated']),
  status: z.string().max(40).optional(),
})

/** Bounded so one request cannot make the engine or the prompt builder do unbounded work. */
export const backlinksInput = z.array(backlinkInput).max(10_000)

const tally = z.number().int().nonnegative()

/** A backlink profile counted by the server over all backlinks in scope (BacklinkProfile). */
export const backlinkProfileInput = z.object({
  total: tally,
  high: tally,
  medium: tally,
  low: tally,
  /** Not rated because the page did not answer: counts against the Quality Score (ADR 032). */
  unreachable: tally.default(0),
  uniqueDomains: tally,
  local: tally,
  broken: tally,
  nofollow: tally,
  brandAnchors: tally,
  topDomain: z.object({ domain: z.string().max(2048), count: tally }).nullable(),
  sourceDomains: z.array(z.string().max(2048)).max(50),
})

const lowerCase = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value

/** 'high', 'HIGH' and ' High ' all read as 'High'. */
export const modelLevel = z.preprocess((value) => {
  const lower = lowerCase(value)
  return typeof lower === 'string' ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
}, z.enum(LEVELS))

export const modelPriority = z.preprocess(lowerCase, z.enum(TASK_PRIORITIES))
export const modelTaskCategory = z.preprocess(lowerCase, z.enum(TASK_CATEGORIES))

/** 1200, 1200.4 and "1,200" all read as 1200. */
export const modelCount = z.preprocess(
  (value) => (typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : value),
  z
    .number()
    .finite()
    .min(0)
    .max(100_000_000)
    .transform((n) => Math.round(n)),
)
