import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** Local Listings (SPEC §2). The screen's tools arrive with its own issue. */
export function ListingsScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="Local Listings"
      purpose="Check that your name, address and phone number are consistent across business listings and local citations."
      business={business}
    />
  )
}
