import type { Business } from '@localseo/shared/business'
import { PageHeader } from '@/components/page-header'

/** Profile Posts (issue 33): the screen is being built; see the note. */
export function PostsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Profile Posts" description={business.name || undefined} />
    </section>
  )
}
