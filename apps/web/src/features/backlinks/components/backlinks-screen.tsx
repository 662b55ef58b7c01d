import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** Backlink Monitor (SPEC §2). The screen's tools arrive with its own issue. */
export function BacklinksScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="Backlink Monitor"
      purpose="Record the links pointing to your site, watch their quality and status, and get an AI analysis with content ideas."
      business={business}
    />
  )
}
