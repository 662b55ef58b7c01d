import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** Keyword Planner (SPEC §2). The screen's tools arrive with its own issue. */
export function PlannerScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="Keyword Planner"
      purpose="Discover keywords by intent and difficulty, save the ones worth targeting and export them as CSV."
      business={business}
    />
  )
}
