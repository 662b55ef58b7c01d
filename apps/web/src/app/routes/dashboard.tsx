// The dashboard's route (docs/product.md §2 Dashboard): the dashboard feature's screen with the
// cards of other features for the location it shows, composed here since a feature never imports
// another (ADR 014). The Business Profile's performance card (issue 33 item 5) is its own chunk,
// loaded after the dashboard's first screen: that first load is at its budget (ADR 019).
import type { Business } from '@localseo/shared/business'
import { lazy } from 'react'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'

const PerformanceCard = lazy(() =>
  import('@/features/business-profile/components/performance-card').then((module) => ({
    default: module.PerformanceCard,
  })),
)

export function DashboardRoute({ business }: { business: Business }) {
  return <DashboardScreen business={business} LocationCards={PerformanceCard} />
}
