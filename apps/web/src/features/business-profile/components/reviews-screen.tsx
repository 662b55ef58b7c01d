import type { Business } from '@localseo/shared/business'
import { PageHeader } from '@/components/page-header'

/** Reviews (issue 33): the screen is being built; see the note. */
export function ReviewsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Reviews" description={business.name || undefined} />
    </section>
  )
}
