import { emptyBusiness } from '@localseo/shared/business'
import { PageHeader } from '@/components/page-header'
import { BusinessForm } from '@/features/business/components/business-form'

/**
 * 'Add a business' from the header's switcher (issue 35 item 2): one form, and the new business
 * opens with its own first-run keywords and tasks, apart from the others.
 */
export function NewBusinessScreen() {
  return (
    <section>
      <PageHeader
        title="Add a business"
        description="For another brand or a client you look after. Your other businesses stay as they are; switch between them in the header."
      />
      <BusinessForm business={emptyBusiness} create />
    </section>
  )
}
