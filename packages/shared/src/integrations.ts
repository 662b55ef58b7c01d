// Simulated Google connections and their data shapes (docs/product.md §3 "Search console data", "Analytics data").
// In zod/mini: the dashboard's first screen parses the connections
// (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'

export const GOOGLE_SERVICES = ['search-console', 'analytics'] as const
export type GoogleService = (typeof GOOGLE_SERVICES)[number]

export const GOOGLE_SERVICE_NAMES: Record<GoogleService, string> = {
  'search-console': 'Google Search Console',
  analytics: 'Google Analytics',
}

export const googleConnectionsSchema = z.object({
  searchConsole: z.boolean(),
  analytics: z.boolean(),
})
export type GoogleConnections = z.infer<typeof googleConnectionsSchema>

export const noGoogleConnections: GoogleConnections = { searchConsole: false, analytics: false }

/**
 * What a simulated connection answers (issue 32 item 3): no Google sign-in happened, so it never
 * says 'Successfully connected'.
 */
export function simulatedConnectMessage(service: GoogleService): string {
  return `Simulated ${GOOGLE_SERVICE_NAMES[service]} turned on: no Google sign-in took place, and its figures are samples worked out from your keyword estimates.`
}

/** The days simulated Google figures cover (YYYY-MM-DD, both included): the last 28 days. */
export const simulatedPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
})
export type SimulatedPeriod = z.infer<typeof simulatedPeriodSchema>

export interface ConnectResult {
  success: boolean
  message: string
}

export const searchConsoleDataSchema = z.object({
  keywords: z.array(
    z.object({
      query: z.string(),
      position: z.number(),
      clicks: z.number(),
      impressions: z.number(),
      ctr: z.number(),
    }),
  ),
  pages: z.array(
    z.object({
      url: z.string(),
      clicks: z.number(),
      impressions: z.number(),
      position: z.number(),
    }),
  ),
  /** Percentages of clicks, summing to 100. */
  devices: z.object({ mobile: z.number(), desktop: z.number(), tablet: z.number() }),
})
export type SearchConsoleData = z.infer<typeof searchConsoleDataSchema>

export const analyticsDataSchema = z.object({
  visitors: z.object({ total: z.number(), newUsers: z.number(), returningUsers: z.number() }),
  /** Percentages of sessions, summing to 100. */
  traffic: z.object({
    organic: z.number(),
    direct: z.number(),
    referral: z.number(),
    social: z.number(),
  }),
  /** avgTimeOnPage in seconds, bounceRate in percent. */
  pages: z.array(
    z.object({
      url: z.string(),
      pageviews: z.number(),
      avgTimeOnPage: z.number(),
      bounceRate: z.number(),
    }),
  ),
  locations: z.array(z.object({ city: z.string(), visitors: z.number(), percentage: z.number() })),
})
export type AnalyticsData = z.infer<typeof analyticsDataSchema>

/**
 * The business's Google account (issue 18 item 1): 'simulated' without GOOGLE_CLIENT_ID on the
 * server; otherwise the OAuth connection, with the services whose read-only scope Google granted.
 * A revoked grant keeps when and why until the owner reconnects.
 */
export const googleAccountSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('simulated') }),
  z.object({ status: z.literal('not_connected') }),
  z.object({
    status: z.literal('connected'),
    email: z.nullable(z.string()),
    services: z.array(z.enum(GOOGLE_SERVICES)),
    /** The Search Console property the owner picked, e.g. 'sc-domain:example.com'; null until then. */
    searchConsoleSite: z.nullable(z.string()),
    connectedAt: z.string(),
  }),
  z.object({
    status: z.literal('revoked'),
    email: z.nullable(z.string()),
    revokedAt: z.string(),
    reason: z.string(),
  }),
])
export type GoogleAccount = z.infer<typeof googleAccountSchema>

/** Where the callback sends the browser back: /settings?google=<outcome>. */
export const GOOGLE_CONNECT_OUTCOMES = ['connected', 'denied', 'invalid_state', 'failed'] as const
export type GoogleConnectOutcome = (typeof GOOGLE_CONNECT_OUTCOMES)[number]

export const searchConsoleSitesSchema = z.object({
  sites: z.array(
    z.object({ siteUrl: z.string(), permissionLevel: z.string(), matchesWebsite: z.boolean() }),
  ),
  selected: z.nullable(z.string()),
})
export type SearchConsoleSites = z.infer<typeof searchConsoleSitesSchema>

/** GET /api/integrations: the per-service flags, and whether Google is simulated or real. */
export const integrationsStateSchema = z.object({
  connections: googleConnectionsSchema,
  google: googleAccountSchema,
})
export type IntegrationsState = z.infer<typeof integrationsStateSchema>

/** POST /api/integrations/:service/connect (simulated Google): the outcome and the new flags. */
export const connectServiceResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  connections: googleConnectionsSchema,
})

/** DELETE /api/integrations/:service (simulated Google). */
export const connectionsResponseSchema = z.object({ connections: googleConnectionsSchema })

/** GET /api/integrations/search-console/data: the simulated Search Console figures. */
export const searchConsoleDataResponseSchema = z.object({
  data: searchConsoleDataSchema,
  simulated: z.literal(true),
  period: simulatedPeriodSchema,
})

/** GET /api/integrations/analytics/data: the simulated Analytics figures. */
export const analyticsDataResponseSchema = z.object({
  data: analyticsDataSchema,
  simulated: z.literal(true),
  period: simulatedPeriodSchema,
})

/** GET /api/integrations/google/connect: Google's consent screen for the browser to open. */
export const googleConnectResponseSchema = z.object({ url: z.url() })

/** PUT /api/integrations/google/search-console/site: the account with the site picked. */
export const googleAccountResponseSchema = z.object({ google: googleAccountSchema })

/** DELETE /api/integrations/google: the account as it is now, and whether Google took the revoke. */
export const googleDisconnectResponseSchema = z.object({
  google: googleAccountSchema,
  revokedAtGoogle: z.boolean(),
})
