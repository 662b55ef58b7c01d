import type { Business } from '@localseo/shared/business'
import { PageHeader } from '@/components/page-header'
import { AccountCard } from './account-card'
import { ApiSettings } from './api-settings'
import { BusinessForm } from './business-form'
import { LocationsManager } from './locations-manager'
import { ProfileCard } from './profile-card'
import { SecurityCard } from './security-card'

/**
 * docs/product.md §2 Settings: profile, business information, locations and API settings; then the account
 * (name, email, password) and security (two-factor sign-in, other sessions) cards.
 */
export function SettingsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Settings" />
      <div className="grid grid-cols-1 gap-6">
        <ProfileCard />
        <BusinessForm business={business} />
        <LocationsManager business={business} />
        <ApiSettings />
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
          <AccountCard />
          <SecurityCard />
        </div>
      </div>
    </section>
  )
}
