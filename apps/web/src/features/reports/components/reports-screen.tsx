import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { ComponentType } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { PageHeader } from '@/components/page-header'
import { ViewOnly } from '@/components/view-only'
import { useMayChange } from '@/lib/member-role'
import { DownloadCard, type ReportCard } from './download-card'
import { ReportSettingsCard } from './report-settings-card'

/**
 * Reports (issue 35 item 4): a month's report as a PDF for the business or one location, and the
 * white label and recipients of the report emailed on the first of each month.
 */
export function ReportsScreen({
  business,
  ShareCard,
}: {
  business: Business
  /**
   * A card of another feature for the place and month chosen, composed by the route
   * (app/routes/reports.tsx): 'Share this report' (issue 35 item 5).
   */
  ShareCard?: ComponentType<ReportCard>
}) {
  const mayChange = useMayChange()
  return (
    <section>
      <PageHeader
        title="Reports"
        description="A monthly summary of your local SEO, as a PDF to keep or forward."
      />
      {hasBusinessName(business) ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <DownloadCard business={business} ShareCard={ShareCard} />
          <ViewOnly when={!mayChange}>
            <ReportSettingsCard business={business} />
          </ViewOnly>
        </div>
      ) : (
        <BusinessRequired />
      )}
    </section>
  )
}
