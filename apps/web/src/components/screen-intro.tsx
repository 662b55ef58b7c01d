import type { Business } from '@localseo/shared/business'
import { hasBusinessName } from '@localseo/shared/business'
import { Card, CardContent } from '@/components/ui/card'
import { BusinessRequired } from './business-required'
import { PageHeader } from './page-header'

/**
 * The frame of a feature screen whose tools are still being built: its title, what it will do,
 * and the business-name requirement. It shows no sample data.
 */
export function ScreenIntro({
  title,
  purpose,
  business,
}: {
  title: string
  purpose: string
  business: Business
}) {
  return (
    <section>
      <PageHeader
        title={title}
        description={hasBusinessName(business) ? business.name : undefined}
      />
      {hasBusinessName(business) ? (
        <Card>
          <CardContent className="text-sm text-muted-foreground">{purpose}</CardContent>
        </Card>
      ) : (
        <BusinessRequired />
      )}
    </section>
  )
}
