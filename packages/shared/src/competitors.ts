// Competitors (issue 34 item 1): the businesses a location's map searches return, kept with what the
// provider said of them, and the figures of each over a window of days. The figures are the open
// methods of local-metrics.ts, computed from a rank tally (docs/decisions/038-competitors.md).
import { z } from 'zod'
import { normalizeName } from './nap-name.js'

/** The owner follows at most this many competitors of a location. */
export const MAX_FOLLOWED_COMPETITORS = 10
/** The list shows at most this many competitors (hidden ones apart). */
export const COMPETITORS_LIST_LIMIT = 50
export const COMPETITOR_WINDOWS = [30, 90, 365] as const
export type CompetitorWindow = (typeof COMPETITOR_WINDOWS)[number]
export const DEFAULT_COMPETITOR_WINDOW: CompetitorWindow = 90

/**
 * One business among map results, whatever name it was shown under: its Google place id when the
 * provider gave one, otherwise its name in NAP-comparable form ('The Smile Dental LLC' and 'smile
 * dental' are one).
 */
export function placeKey(place: { placeId: string | null; name: string }): string {
  return place.placeId ? `id:${place.placeId}` : `name:${normalizeName(place.name)}`
}

const figure = z.number().nullable()

export const competitorSchema = z.object({
  id: z.string(),
  /** The name it was last seen under. */
  name: z.string(),
  /** Other names the same place (same place id) was shown under. */
  otherNames: z.array(z.string()),
  placeId: z.string().nullable(),
  primaryCategory: z.string().nullable(),
  rating: figure,
  reviewCount: z.number().int().nullable(),
  /** Reviews gained per month between the first and the last count seen in the window. */
  reviewsPerMonth: figure,
  website: z.string().nullable(),
  /** Map searches (grid points and daily checks) of the window where it was among the places. */
  searchesSeen: z.number().int(),
  /** Map searches where it ranked above the business (or the business was absent). */
  searchesAboveYou: z.number().int(),
  averageRank: figure,
  top3Share: figure,
  /** Share of local voice: in the map pack (Local Falcon's) and weighted (ours), 0-1. */
  shareOfLocalVoice: z.object({ mapPack: figure, weighted: figure }),
  followed: z.boolean(),
  hidden: z.boolean(),
  /** Seen only in simulated searches: sample data, labelled so. */
  sample: z.boolean(),
  /** The provider of the last search that saw it ('SerpApi', 'Serper', 'Simulated'). */
  source: z.string(),
  lastSeenAt: z.string(),
})
export type Competitor = z.infer<typeof competitorSchema>

export const competitorsQuerySchema = z.object({
  location: z.string().trim().min(1).max(100).default('main'),
  days: z
    .enum(['30', '90', '365'], { message: 'Choose 30, 90 or 365 days.' })
    .default('90')
    .transform((value) => Number(value) as CompetitorWindow),
})

export const competitorsResponseSchema = z.object({
  locationId: z.string(),
  days: z.number().int(),
  /** What the figures count: answered map searches of the window, by kind. */
  searches: z.object({ gridPoints: z.number().int(), dailyChecks: z.number().int() }),
  scans: z.number().int(),
  /** The business's own figures over the same searches, to compare. */
  you: z.object({
    averageRank: figure,
    top3Share: figure,
    shareOfLocalVoice: z.object({ mapPack: figure, weighted: figure }),
  }),
  /** Most often above the business first; hidden ones last, flagged. */
  competitors: z.array(competitorSchema),
})
export type CompetitorsResponse = z.infer<typeof competitorsResponseSchema>

export const competitorUpdateSchema = z
  .object({ followed: z.boolean().optional(), hidden: z.boolean().optional() })
  .strict()
  .refine((value) => value.followed !== undefined || value.hidden !== undefined, {
    message: 'Say whether to follow or hide the competitor.',
  })

/** PATCH /api/competitors/:id's answer. */
export const competitorUpdatedSchema = z.object({
  id: z.string(),
  followed: z.boolean(),
  hidden: z.boolean(),
})

export const followLimitMessage = `You can follow up to ${MAX_FOLLOWED_COMPETITORS} competitors. Unfollow one first.`

/** A followed competitor's map-pack positions day by day, beside the business's, for the chart. */
export const mapHistoryQuerySchema = z.object({
  keywordId: z.uuid({ message: 'That keyword is not tracked.' }),
  range: z
    .enum(['7', '30', '90'], { message: 'Choose 7, 30 or 90 days.' })
    .default('30')
    .transform((value) => Number(value)),
})

const mapDaySchema = z.object({
  day: z.string(),
  /** null: not among the places the map search returned that day. */
  position: z.number().int().nullable(),
})

export const mapHistoryResponseSchema = z.object({
  /** Days with an answered daily map check, oldest first; failed checks are left out. */
  days: z.array(z.string()),
  you: z.array(mapDaySchema),
  competitors: z.array(
    z.object({ id: z.string(), name: z.string(), positions: z.array(mapDaySchema) }),
  ),
})
export type MapHistory = z.infer<typeof mapHistoryResponseSchema>

/**
 * A location's followed competitors, for the geo-grid's point view: `key` is their placeKey, so the
 * view finds each among a point's places.
 */
export const followedCompetitorsResponseSchema = z.object({
  followed: z.array(z.object({ id: z.string(), name: z.string(), key: z.string() })),
})
export type FollowedCompetitor = z.infer<
  typeof followedCompetitorsResponseSchema
>['followed'][number]

/** A followed competitor gaining more than this many reviews in a week is an alert (issue 34 item 6). */
export const REVIEW_SURGE_PER_WEEK = 10

const mapRank = (rank: number | null) => (rank === null ? 'not in the top 20' : `#${rank}`)

/** The alert of a followed competitor that moved above the business on a keyword's map results. */
export function overtookAlert(move: {
  competitor: string
  keyword: string
  rank: number
  yours: number | null
  previousRank: number | null
  sample: boolean
}): string {
  const sample = move.sample ? ' (sample data)' : ''
  return `${move.competitor} moved above you on the map for '${move.keyword}': #${move.rank}, you ${mapRank(move.yours)} (it was ${mapRank(move.previousRank)})${sample}.`
}

/** The alert of a followed competitor that gained more than REVIEW_SURGE_PER_WEEK reviews in a week. */
export function reviewSurgeAlert(surge: {
  competitor: string
  from: number
  to: number
  sample: boolean
}): string {
  const sample = surge.sample ? ' (sample data)' : ''
  return `${surge.competitor} gained ${surge.to - surge.from} reviews in a week (${surge.from} → ${surge.to})${sample}.`
}
