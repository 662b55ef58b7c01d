// The dashboard's first requests, started with its code at start-up rather than after it renders
// (app/preload.ts; docs/decisions/019-compressed-assets-and-preloading.md).
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { prefetchGoogleConnections } from '@/lib/integrations'
import { preloadQuery } from '@/lib/preloaded-queries'
import type { ScreenPreload } from '@/lib/screen-preload'
import { auditRunsQueryOptions } from '@/lib/site-audit'
import { dashboardQueryOptions } from './get-dashboard'

/** The score and cards of the main location, the Google connections and the latest audits. */
export function prefetchDashboard({ queryClient, store, userId, businessId }: ScreenPreload) {
  void preloadQuery(queryClient, dashboardQueryOptions(businessId, MAIN_LOCATION))
  void prefetchGoogleConnections(queryClient, store, userId)
  void queryClient.prefetchQuery(auditRunsQueryOptions(businessId))
}
