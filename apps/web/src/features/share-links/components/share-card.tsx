// The Reports screen's 'Share' card (issue 35 item 5): a read-only link to the month's report of the
// place chosen above, for someone without an account; they see its figures and download its PDF.
import type { Business } from '@localseo/shared/business'
import { monthLabel } from '@localseo/shared/figure-source'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { useId } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ShareLinksPanel } from './share-links-panel'

export function ShareCard({
  business,
  location,
  month,
  canShare,
}: {
  business: Business
  location: ResolvedLocation
  /** '2026-03'; empty while no month has data. */
  month: string
  canShare: boolean
}) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Share this report</CardTitle>
        <CardDescription>
          {month
            ? `A read-only link to the ${monthLabel(month)} report for ${location.label}: its figures and the PDF, nothing else. No account needed.`
            : 'Once a month has data, you can share its report with a read-only link.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ShareLinksPanel
          business={business}
          target={{ kind: 'report', month, location: location.id }}
          canShare={canShare && month !== ''}
        />
      </CardContent>
    </Card>
  )
}
