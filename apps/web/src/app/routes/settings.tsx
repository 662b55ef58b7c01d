import type { Business } from '@localseo/shared/business'
import { lazy, Suspense } from 'react'
import { PageHeader } from '@/components/page-header'
import { ViewOnly } from '@/components/view-only'
import { useMemberRoleHere } from '@/lib/member-role'
import { AccountCard } from '@/features/auth/components/account-card'
import { AlertTopicsCard } from '@/features/alerts/components/alert-topics-card'
import { AutomationCard } from '@/features/automation/components/automation-card'
import { ApiSettings } from '@/features/integrations/components/api-settings'
import { BusinessForm } from '@/features/business/components/business-form'
import { LocationsManager } from '@/features/business/components/locations-manager'
import { MapPinCard } from '@/features/business/components/map-pin-card'
import { SampleDataCard } from '@/features/business/components/sample-data-card'
import { YourDataCard } from '@/features/owner-data/components/your-data-card'
import { ProfileCard } from '@/features/auth/components/profile-card'
import { SecurityCard } from '@/features/auth/components/security-card'

// Issue 33: its own chunk, so the profile's schemas never weigh on the first screens (ADR 019).
const BusinessProfileCard = lazy(() =>
  import('@/features/business-profile/components/business-profile-card').then((module) => ({
    default: module.BusinessProfileCard,
  })),
)
// Issue 35 item 1: the business's members and invitations, its own chunk like the profile's card.
const TeamCard = lazy(() =>
  import('@/features/team/components/team-card').then((module) => ({
    default: module.TeamCard,
  })),
)
// Issue 34 item 4: the month's queries and their cost, its own chunk like the profile's card.
const QueryLedgerCard = lazy(() =>
  import('@/features/query-ledger/components/query-ledger-card').then((module) => ({
    default: module.QueryLedgerCard,
  })),
)

/**
 * docs/product.md §2 Settings: profile, business information, locations, their map position (issue 17),
 * the sample data (issue 15), the
 * automatic checks, the search queries and their cost (issue 34) and the alert topics (issue 16),
 * API settings and the Google Business Profile
 * (issue 33), the owner's data (download everything, delete the business; issue 35 item 6);
 * then the account
 * (name, email, password) and security (two-factor sign-in, other sessions) cards. The cards belong
 * to the business, auth and integrations features, named like the server features they call.
 */
export function SettingsScreen({ business }: { business: Business }) {
  const role = useMemberRoleHere()
  const viewer = role === 'viewer'
  return (
    <section>
      <PageHeader title="Settings" />
      <div className="grid grid-cols-1 gap-6">
        <ProfileCard />
        <ViewOnly when={viewer}>
          <BusinessForm business={business} />
          <LocationsManager business={business} />
          {business.id ? <MapPinCard business={business} /> : null}
          {business.id ? (
            <SampleDataCard businessId={business.id} timeZone={business.timeZone} />
          ) : null}
        </ViewOnly>
        {business.id && business.name ? (
          <>
            <Suspense fallback={null}>
              <TeamCard businessId={business.id} timeZone={business.timeZone} />
            </Suspense>
            <ViewOnly when={viewer}>
              <AutomationCard businessId={business.id} />
            </ViewOnly>
            <Suspense fallback={null}>
              <QueryLedgerCard businessId={business.id} />
            </Suspense>
            <ViewOnly when={viewer}>
              <AlertTopicsCard businessId={business.id} />
            </ViewOnly>
          </>
        ) : null}
        <ViewOnly when={viewer}>
          <ApiSettings businessSaved={Boolean(business.id && business.name)} />
          {business.id && business.name ? (
            <Suspense fallback={null}>
              <BusinessProfileCard />
            </Suspense>
          ) : null}
        </ViewOnly>
        {business.id && business.name ? (
          <YourDataCard businessName={business.name} canDelete={role === 'owner'} />
        ) : null}
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
          <AccountCard />
          <SecurityCard />
        </div>
      </div>
    </section>
  )
}
