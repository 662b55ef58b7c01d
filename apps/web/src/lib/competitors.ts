// The competitors' link and cache key (issue 34 item 1), kept out of config/paths.ts and
// lib/query-keys.ts, which every first load carries (the dashboard's script budget): only the
// Competitors screen, the Rank Tracker, the geo-grid and the sample data's removal use them.
import { paths } from '@/config/paths'

/** The Competitors screen of a location, as the Rank Tracker and the geo-grid link to it. */
export const competitorsPath = (locationId: string) =>
  `${paths.competitors}?${new URLSearchParams({ location: locationId }).toString()}`

/**
 * ['competitors', businessId, locationId, 'list' | 'followed' | 'map-history', …]: the Competitors
 * screen, the geo-grid's point view and the Rank Tracker's map chart; a follow or hide refetches all
 * three.
 */
export const competitorsKey = ['competitors'] as const
