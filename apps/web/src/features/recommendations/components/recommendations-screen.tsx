import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** SEO Recommendations (SPEC §2). The screen's tools arrive with its own issue. */
export function RecommendationsScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="SEO Recommendations"
      purpose="Your SEO journey: prioritised tasks for your business, points and levels as you complete them, and an implementation guide for each task."
      business={business}
    />
  )
}
