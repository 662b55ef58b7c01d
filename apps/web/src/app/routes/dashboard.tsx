// The dashboard's route (docs/product.md §2 Dashboard): the dashboard feature's screen with the
// cards of other features for the location it shows, composed here since a feature never imports
// another (ADR 014). The Business Profile's performance card (issue 33 item 5) is its own chunk,
// loaded after the dashboard's first screen: that first load is at its budget (ADR 019). So is the
// 'Share' dialog (issue 35 item 5), loaded when it is opened.
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Share2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'
import { useMayShare } from '../use-may-share'

const PerformanceCard = lazy(() =>
  import('@/features/business-profile/components/performance-card').then((module) => ({
    default: module.PerformanceCard,
  })),
)

const ShareDialog = lazy(() =>
  import('@/features/share-links/components/share-dialog').then((module) => ({
    default: module.ShareDialog,
  })),
)

/** 'Share' for owners and managers: a read-only link to this place's dashboard. */
function DashboardShare({
  business,
  location,
}: {
  business: Business
  location: ResolvedLocation
}) {
  const mayShare = useMayShare()
  const [open, setOpen] = useState(false)
  // Mounted at the first click (its chunk loads then), and kept: reopening it is instant.
  const [loaded, setLoaded] = useState(false)
  if (!mayShare) return null
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="self-end"
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <Share2 aria-hidden="true" className="size-4" />
        Share
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ShareDialog
            business={business}
            location={location}
            canShare
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  )
}

export function DashboardRoute({ business }: { business: Business }) {
  return (
    <DashboardScreen
      business={business}
      LocationCards={PerformanceCard}
      HeaderActions={DashboardShare}
    />
  )
}
