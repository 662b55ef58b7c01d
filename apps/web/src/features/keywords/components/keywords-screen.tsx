import type { Business } from '@localseo/shared/business'
import { ScreenIntro } from '@/components/screen-intro'

/** Keyword Analysis (SPEC §2). The screen's tools arrive with its own issue. */
export function KeywordsScreen({ business }: { business: Business }) {
  return (
    <ScreenIntro
      title="Keyword Analysis"
      purpose="Analyze a keyword for search volume, competition and relevance to your business, with AI recommendations and the keywords you already rank for."
      business={business}
    />
  )
}
