// The dashboard's Google cards: Website Analytics and Search Performance, from the imported data
// when the server has a Google client (issue 18), else the simulated ones labelled 'Sample data'.
// Loaded only for an owner with Google connected (dashboard-screen.tsx), so the dashboard's first
// load does not carry them (docs/decisions/019-compressed-assets-and-preloading.md).
import type { GoogleAccount } from '@localseo/shared/integrations'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { useAnalyticsStatus } from '../api/get-analytics-status'
import { AnalyticsCard } from './analytics-card'
import { AnalyticsImportedCard } from './analytics-imported-card'
import { SearchConsoleImportedCard } from './search-console-imported-card'
import { SearchPerformanceCard } from './search-performance-card'

export interface GoogleCardsProps {
  businessId: string
  location: ResolvedLocation
  /** The account when Google is real on this server; undefined while it is simulated. */
  real: Exclude<GoogleAccount, { status: 'simulated' }> | undefined
  showAnalytics: boolean
  showSearch: boolean
}

export function GoogleCards({
  businessId,
  location,
  real,
  showAnalytics,
  showSearch,
}: GoogleCardsProps) {
  const analytics = useAnalyticsStatus(businessId, real !== undefined && showAnalytics)
  const account = real?.status === 'connected' || real?.status === 'revoked' ? real : undefined
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {!showAnalytics ? null : real ? (
        <AnalyticsImportedCard query={analytics} isMain={location.isMain} />
      ) : (
        <AnalyticsCard businessId={businessId} locationId={location.id} />
      )}
      {!showSearch ? null : account ? (
        <SearchConsoleImportedCard
          account={account}
          businessId={businessId}
          isMain={location.isMain}
        />
      ) : (
        <SearchPerformanceCard businessId={businessId} locationId={location.id} />
      )}
    </div>
  )
}
