// Kept out of config/paths.ts, which every first load carries (the dashboard's script budget):
// only the Rank Tracker and the geo-grid link to a location's competitors.
import { paths } from '@/config/paths'

/** The Competitors screen of a location (issue 34 item 1). */
export const competitorsPath = (locationId: string) =>
  `${paths.competitors}?${new URLSearchParams({ location: locationId }).toString()}`
