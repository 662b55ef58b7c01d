// Simulated Google connections and their data shapes (docs/product.md §3 "Search console data", "Analytics data").
import { z } from 'zod'

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

export interface ConnectResult {
  success: boolean
  message: string
}

export interface SearchConsoleData {
  keywords: { query: string; position: number; clicks: number; impressions: number; ctr: number }[]
  pages: { url: string; clicks: number; impressions: number; position: number }[]
  /** Percentages of clicks, summing to 100. */
  devices: { mobile: number; desktop: number; tablet: number }
}

export interface AnalyticsData {
  visitors: { total: number; newUsers: number; returningUsers: number }
  /** Percentages of sessions, summing to 100. */
  traffic: { organic: number; direct: number; referral: number; social: number }
  /** avgTimeOnPage in seconds, bounceRate in percent. */
  pages: { url: string; pageviews: number; avgTimeOnPage: number; bounceRate: number }[]
  locations: { city: string; visitors: number; percentage: number }[]
}
