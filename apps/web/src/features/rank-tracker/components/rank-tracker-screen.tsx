import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** Rank Tracker (SPEC §2). The screen's tools arrive with its own issue. */
export function RankTrackerScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="Rank Tracker"
      purpose="Follow where your tracked keywords rank over 7, 30 or 90 days, with your biggest gains and losses."
      business={business}
    />
  )
}
