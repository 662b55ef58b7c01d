// Google Analytics 4 over the owner's Google connection (issue 18 item 3, ADR 023): the properties
// the owner may pick, and the figures imported from the picked one, read by the dashboard's Website
// Analytics card.
import { z } from 'zod'

export const analyticsPropertiesSchema = z.object({
  properties: z.array(
    z.object({
      /** 'properties/123456789' */
      property: z.string(),
      displayName: z.string(),
      /** The Google Analytics account holding it. */
      accountName: z.string(),
      /** Its name looks like the business's website or name. */
      matchesWebsite: z.boolean(),
    }),
  ),
  selected: z.string().nullable(),
})
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>

const periodSchema = z.object({
  activeUsers: z.number(),
  newUsers: z.number(),
  returningUsers: z.number(),
  sessions: z.number(),
  pageViews: z.number(),
})
export type AnalyticsPeriod = z.infer<typeof periodSchema>

/** A top-list row; `previous` is the 28 days before (channels only, else null). */
const rankedSchema = z.array(
  z.object({ label: z.string(), value: z.number(), previous: z.number().nullable() }),
)

export const analyticsFiguresSchema = z.object({
  /** The last 28 days to yesterday, in the property's time zone. */
  current: periodSchema,
  /** The 28 days before; null when Google had nothing then. */
  previous: periodSchema.nullable(),
  /** Sessions by Google's default channel group. */
  channels: rankedSchema,
  /** Views by page path; '(other)' is Google's roll-up of the pages it left out. */
  pages: rankedSchema,
  /** Visitors by city; '(not set)' when Google could not tell. */
  cities: rankedSchema,
})
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>

export const ANALYTICS_IMPORT_STATES = ['pending', 'ok', 'failed'] as const

/**
 * What the Website Analytics card shows: 'simulated' without a Google client on the server (the
 * sample figures stay), else the connection's state or the picked property's stored import.
 */
export const analyticsStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('simulated') }),
  /** Not connected, or Google did not grant the Analytics scope. */
  z.object({ status: z.literal('not_connected') }),
  z.object({ status: z.literal('revoked'), revokedAt: z.string(), reason: z.string() }),
  z.object({ status: z.literal('no_property') }),
  z.object({
    status: z.literal('property'),
    property: z.string(),
    propertyName: z.string(),
    import: z.object({
      state: z.enum(ANALYTICS_IMPORT_STATES),
      /** Why the last attempt failed; the figures below stay those of the last good import. */
      reason: z.string().nullable(),
      lastAttemptAt: z.string().nullable(),
      /** When the stored figures were imported; null before the first import ends. */
      importedAt: z.string().nullable(),
      /** Google rolled some rows into '(other)'. */
      groupedOther: z.boolean(),
    }),
    /** Null before the first import, or when Google has no data for the property. */
    figures: analyticsFiguresSchema.nullable(),
  }),
])
export type AnalyticsStatus = z.infer<typeof analyticsStatusSchema>
