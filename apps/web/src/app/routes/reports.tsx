// The Reports route (issue 35 item 4): the reports feature's screen with the 'Share this report'
// card of the share links feature (issue 35 item 5) for the place and month chosen, composed here
// since a feature never imports another (ADR 014). Viewers see the links, not their buttons.
import type { Business } from '@localseo/shared/business'
import type { ReportCard } from '@/features/reports/components/download-card'
import { ReportsScreen } from '@/features/reports/components/reports-screen'
import { ShareCard } from '@/features/share-links/components/share-card'
import { useMayShare } from '../use-may-share'

function ReportShareCard(props: ReportCard) {
  return <ShareCard {...props} canShare={useMayShare()} />
}

export function ReportsRoute({ business }: { business: Business }) {
  return <ReportsScreen business={business} ShareCard={ReportShareCard} />
}
